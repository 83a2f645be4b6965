package dev.deskhand.testing;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;

import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * What an accessibility witness (the Chromium page, the Qt window) reported, as JSON
 * objects with an {@code "event"} field, plus the last lines of its other output for
 * failure messages. Filled by a reader thread; every wait is bounded and polls.
 */
public final class A11yEvents {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private static final int TAIL_LINES = 40;

	private static final int EVENTS_IN_FAILURES = 15;

	private final String witness;

	private final List<JsonNode> events = new ArrayList<>();

	private final Deque<String> tail = new ArrayDeque<>();

	private int clearedUpTo;

	A11yEvents(String witness) {
		this.witness = witness;
	}

	/**
	 * Adds one event given as JSON text; text that is not a JSON object goes to the tail.
	 */
	void addJson(String json) {
		try {
			JsonNode node = JSON.readTree(json);
			if (node.isObject()) {
				synchronized (this) {
					this.events.add(node);
				}
				return;
			}
		}
		catch (JacksonException ex) {
			// not an event: keep it for the failure message
		}
		addLine(json);
	}

	/** Keeps a line of the witness's other output (its stderr), the last ones only. */
	synchronized void addLine(String line) {
		this.tail.addLast(line);
		while (this.tail.size() > TAIL_LINES) {
			this.tail.removeFirst();
		}
	}

	/**
	 * @return the last lines of the witness's other output, for failure messages
	 */
	public synchronized String tail() {
		return String.join("\n", this.tail);
	}

	/**
	 * @return the events since the last {@link #clear()}
	 */
	public synchronized List<JsonNode> events() {
		return List.copyOf(this.events.subList(this.clearedUpTo, this.events.size()));
	}

	/**
	 * @param kind the {@code "event"} value
	 * @return the events of that kind since the last {@link #clear()}
	 */
	public List<JsonNode> events(String kind) {
		return events().stream().filter(kind(kind)).toList();
	}

	/**
	 * @param kind the {@code "event"} value
	 * @return the latest event of that kind ever reported, also before a {@link #clear()}
	 */
	public synchronized JsonNode latest(String kind) {
		for (int i = this.events.size() - 1; i >= 0; i--) {
			if (kind(kind).test(this.events.get(i))) {
				return this.events.get(i);
			}
		}
		return null;
	}

	/** Makes later {@link #events()} and {@code await} calls see only newer events. */
	public synchronized void clear() {
		this.clearedUpTo = this.events.size();
	}

	/**
	 * Waits for the first event since the last {@link #clear()} that matches.
	 * @param match a test on the event
	 * @param timeout how long to wait
	 * @param alive whether the witness still runs; a dead witness fails at once
	 * @return the event
	 * @throws AssertionError with the last events and output lines when none matches
	 */
	JsonNode await(Predicate<JsonNode> match, Duration timeout, BooleanSupplier alive) {
		long deadline = System.nanoTime() + timeout.toNanos();
		while (true) {
			for (JsonNode event : events()) {
				if (match.test(event)) {
					return event;
				}
			}
			if (!alive.getAsBoolean()) {
				throw new AssertionError(this.witness + " exited while a test waited for an event" + describe());
			}
			if (System.nanoTime() > deadline) {
				throw new AssertionError(this.witness + " reported no matching event within " + timeout + describe());
			}
			Pause.millis(10);
		}
	}

	/**
	 * @param kind an {@code "event"} value
	 * @return a predicate for events of that kind
	 */
	public static Predicate<JsonNode> kind(String kind) {
		return (e) -> kind.equals(e.path("event").asString());
	}

	/**
	 * @return the last events and output lines, as a failure message's tail
	 */
	public String describe() {
		List<JsonNode> all = events();
		List<JsonNode> last = all.subList(Math.max(0, all.size() - EVENTS_IN_FAILURES), all.size());
		StringBuilder text = new StringBuilder("\nlast events since the last clear (" + all.size() + "):");
		last.forEach((e) -> text.append("\n  ").append(e));
		String lines = tail();
		if (!lines.isBlank()) {
			text.append("\nlast output lines:\n").append(lines);
		}
		return text.toString();
	}

}
