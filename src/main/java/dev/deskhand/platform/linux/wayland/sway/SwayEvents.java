package dev.deskhand.platform.linux.wayland.sway;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.NullNode;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;

/**
 * sway's event stream on a connection of its own, read by one daemon thread: SUBSCRIBE
 * turns a connection into a stream where events and replies interleave, so it cannot be
 * the request connection.
 *
 * <p>
 * When the connection breaks (sway restarted, crashed, or exited: a {@code shutdown}
 * event comes first when it can), the listener hears {@link Listener#lost} once, and the
 * thread reconnects every second; after a reconnect the listener hears
 * {@link Listener#connected} again, because whatever it cached from events may have
 * changed unseen in between.
 */
public final class SwayEvents implements AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(SwayEvents.class);

	private static final Duration RECONNECT_INTERVAL = Duration.ofSeconds(1);

	/** The event types of sway's i3-ipc, by the name SUBSCRIBE takes. */
	static final Map<String, Integer> TYPES = Map.of("workspace", 0x80000000, "output", 0x80000001, "mode", 0x80000002,
			"window", 0x80000003, "binding", 0x80000005, "shutdown", 0x80000006, "tick", 0x80000007, "input",
			0x80000015);

	private static final Map<Integer, String> NAMES = TYPES.entrySet()
		.stream()
		.collect(Collectors.toUnmodifiableMap(Map.Entry::getValue, Map.Entry::getKey));

	/** Told about the stream, on the event thread; each call must return quickly. */
	public interface Listener {

		/** Subscribed (again): anything cached from events must be read anew. */
		default void connected() {
		}

		/** One event, e.g. {@code output} with its JSON body. */
		void event(String name, JsonNode body);

		/** The connection broke; it is being retried. */
		default void lost(DeskhandException reason) {
		}

	}

	private final Path socket;

	private final List<String> events;

	private final Listener listener;

	private final Duration callTimeout;

	private final Thread thread;

	private final CountDownLatch firstAttempt = new CountDownLatch(1);

	private volatile boolean subscribed;

	private volatile boolean refused;

	private volatile boolean closed;

	private volatile SwayFrames frames;

	private SwayEvents(Path socket, List<String> events, Duration callTimeout, Listener listener) {
		for (String event : events) {
			if (!TYPES.containsKey(event)) {
				throw new IllegalArgumentException("unknown sway event " + event);
			}
		}
		this.socket = socket;
		this.events = List.copyOf(events);
		this.callTimeout = callTimeout;
		this.listener = listener;
		this.thread = new Thread(this::run, "deskhand-sway-events-" + String.join("-", this.events));
		this.thread.setDaemon(true);
	}

	/**
	 * Subscribes and starts the event thread; returns once the first subscription was
	 * answered and the listener heard {@link Listener#connected}, or failed (then the
	 * thread keeps trying), so that an event right after this returns is not missed.
	 */
	public static SwayEvents start(Path socket, List<String> events, Duration callTimeout, Listener listener) {
		SwayEvents stream = new SwayEvents(socket, events, callTimeout, listener);
		stream.thread.start();
		try {
			stream.firstAttempt.await(callTimeout.toMillis() + 1000, TimeUnit.MILLISECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		return stream;
	}

	/** Whether the stream is subscribed now; while it is not, events may be missed. */
	public boolean subscribed() {
		return this.subscribed;
	}

	/**
	 * Whether sway refused the subscription (sway 1.7 knows no {@code output} event):
	 * then the stream has ended for good.
	 */
	boolean refused() {
		return this.refused;
	}

	private void run() {
		boolean reportedLoss = false;
		while (!this.closed) {
			try {
				subscribe();
				reportedLoss = false;
				// before start() returns, so that what the listener does on
				// connecting (a binding) is in place when its caller goes on
				try {
					this.listener.connected();
				}
				catch (RuntimeException ex) {
					logger.warn("a sway event listener failed on connecting", ex);
				}
				this.firstAttempt.countDown();
				while (!this.closed) {
					SwayFrames.Message message = this.frames.read(SwayFrames.NO_DEADLINE);
					String name = NAMES.get(message.type());
					if (message.isEvent() && name != null) {
						deliver(name, message.payload());
					}
				}
			}
			catch (SubscriptionRefused ex) {
				// an older sway without one of the events: retrying cannot help
				this.refused = true;
				closeFrames();
				this.firstAttempt.countDown();
				logger.info("{}; the events it would have sent are not watched", ex.getMessage());
				return;
			}
			catch (IOException | RuntimeException ex) {
				this.subscribed = false;
				closeFrames();
				this.firstAttempt.countDown();
				if (this.closed) {
					return;
				}
				if (!reportedLoss) {
					reportedLoss = true;
					logger.warn("sway's event stream {} broke ({}); reconnecting every {} s", this.socket,
							ex.getMessage(), RECONNECT_INTERVAL.toSeconds());
					this.listener.lost(new DeskhandException(ErrorCode.E_NO_DESKTOP,
							"sway's IPC event stream " + this.socket + " broke: " + ex.getMessage(), ex));
				}
				sleepBeforeRetry();
			}
		}
	}

	private void subscribe() throws IOException {
		SwayFrames opened = SwayFrames.open(this.socket);
		this.frames = opened;
		if (this.closed) {
			closeFrames();
			throw new IOException("closed");
		}
		String payload = this.events.stream().map((e) -> "\"" + e + "\"").collect(Collectors.joining(",", "[", "]"));
		long deadline = System.nanoTime() + this.callTimeout.toNanos();
		opened.write(SwayIpc.SUBSCRIBE, payload, deadline);
		SwayFrames.Message reply = opened.read(deadline);
		JsonNode answer;
		try {
			answer = SwayIpc.JSON.readTree(reply.payload());
		}
		catch (JacksonException ex) {
			throw new IOException("SUBSCRIBE was answered with something that is not JSON", ex);
		}
		if (reply.type() != SwayIpc.SUBSCRIBE) {
			throw new IOException("sway answered SUBSCRIBE with message type " + reply.type());
		}
		if (!answer.path("success").asBoolean(false)) {
			throw new SubscriptionRefused("sway " + this.socket + " refused SUBSCRIBE " + payload);
		}
		this.subscribed = true;
	}

	private void deliver(String name, String payload) {
		JsonNode body;
		try {
			body = SwayIpc.JSON.readTree(payload);
		}
		catch (JacksonException ex) {
			body = NullNode.getInstance();
		}
		try {
			this.listener.event(name, body);
		}
		catch (RuntimeException ex) {
			logger.warn("a sway {} event listener failed", name, ex);
		}
	}

	private void sleepBeforeRetry() {
		try {
			Thread.sleep(RECONNECT_INTERVAL.toMillis());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			this.closed = true;
		}
	}

	private void closeFrames() {
		SwayFrames current = this.frames;
		if (current != null) {
			current.close();
		}
	}

	@Override
	public void close() {
		this.closed = true;
		closeFrames();
		this.thread.interrupt();
		try {
			this.thread.join(2000);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	/** sway answered SUBSCRIBE with {@code success: false}: it does not know an event. */
	private static final class SubscriptionRefused extends IOException {

		private static final long serialVersionUID = 1L;

		SubscriptionRefused(String message) {
			super(message);
		}

	}

}
