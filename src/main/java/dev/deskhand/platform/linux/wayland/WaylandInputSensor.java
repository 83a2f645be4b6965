package dev.deskhand.platform.linux.wayland;

import dev.deskhand.platform.linux.wayland.sway.SwayEvents;
import dev.deskhand.platform.linux.wayland.sway.SwayIpc;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Collectors;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.platform.InputStateSensor;
import dev.deskhand.platform.Point;
import dev.deskhand.platform.keys.KeyNames;

/**
 * The failsafe's sensor on sway. Wayland lets no client read the keyboard's state (only
 * the focused client gets keys, and only its own), so the sensor asks the compositor to
 * watch for the emergency chord: it adds a binding
 * ({@code bindsym --no-repeat <chord> nop deskhand-failsafe}) and hears it fire through
 * the IPC {@code binding} event, on connections of its own.
 *
 * <p>
 * What that covers, and what not:
 * <ul>
 * <li>A press of the chord on any keyboard of the seat trips it, whichever window has
 * focus, also while the input thread is stuck. The chord is reported held for
 * {@link #HELD_FOR} after sway saw it, since a binding says when a chord was pressed, not
 * how long it stays down.</li>
 * <li>sway consumes the chord: the focused application does not see it. A binding of the
 * same chord in the user's config is replaced while Deskhand runs (and gone after it
 * stops, until sway reloads its config).</li>
 * <li>sway cannot tell physical from virtual keyboards: Deskhand's own injected keys, or
 * another client's, trip it too.</li>
 * <li>Keys held without pressing the whole chord are never seen, so {@link #isHeld}
 * answers only for the chord's own keys.</li>
 * <li>A config reload drops runtime bindings; the sensor adds its binding again when sway
 * reports the reload, and after reconnecting to a restarted sway.</li>
 * <li>{@link #pointerPosition()} is where Deskhand last put the pointer, not where a
 * person moved it: no protocol tells a client where the cursor is.</li>
 * </ul>
 */
final class WaylandInputSensor implements InputStateSensor {

	private static final Logger logger = LoggerFactory.getLogger(WaylandInputSensor.class);

	/** The nop command's argument, which names the binding in sway's event. */
	static final String BINDING_COMMAND = "nop deskhand-failsafe";

	/**
	 * How long a chord counts as held after sway saw it pressed: several of the
	 * failsafe's polls (at most 100 ms apart), so none misses it.
	 */
	static final Duration HELD_FOR = Duration.ofMillis(500);

	private final SwayIpc ipc;

	private final String binding;

	private final Set<String> chordKeys;

	/** The modifiers as sway's event names them ({@code Control}, {@code Mod4}). */
	private final Set<String> eventModifiers;

	/** The chord's other keys, lower case: sway's event names the one pressed last. */
	private final Set<String> eventSymbols;

	private final Supplier<Point> lastPointer;

	private volatile SwayEvents events;

	/** {@link System#nanoTime()} when sway last reported the binding, 0 for never. */
	private volatile long firedAt;

	private volatile boolean closed;

	/** Why sway last refused the binding, or {@code null}. */
	private volatile DeskhandException refusal;

	private WaylandInputSensor(SwayIpc ipc, List<String> chordKeys, Supplier<Point> lastPointer) {
		this.ipc = ipc;
		this.binding = bindingFor(chordKeys);
		this.chordKeys = Set.copyOf(chordKeys);
		this.eventModifiers = chordKeys.stream()
			.map(WaylandInputSensor::swayModifier)
			.filter((m) -> m != null)
			.map((m) -> "Ctrl".equals(m) ? "Control" : m)
			.collect(Collectors.toUnmodifiableSet());
		this.eventSymbols = chordKeys.stream()
			.filter((key) -> KeyNames.modifier(key).isEmpty())
			.map((key) -> key.toLowerCase(Locale.ROOT))
			.collect(Collectors.toUnmodifiableSet());
		this.lastPointer = lastPointer;
	}

	/**
	 * Opens the sensor: subscribes, then adds the binding (in that order, so that a press
	 * right after this returns is heard).
	 * @param chordKeys the failsafe chord as keysym names, e.g.
	 * {@code [Control_L, Alt_L, Escape]}
	 * @param lastPointer where the driver last moved the pointer, in desktop units
	 * @throws DeskhandException E_ARGS with sway's reason when sway refuses the binding
	 * (a key it does not know): a failsafe that cannot trip must not look armed
	 */
	static WaylandInputSensor open(Path socket, Duration callTimeout, List<String> chordKeys,
			Supplier<Point> lastPointer) {
		WaylandInputSensor sensor = new WaylandInputSensor(new SwayIpc(socket, callTimeout), chordKeys, lastPointer);
		SwayEvents stream = SwayEvents.start(socket, List.of("binding", "workspace", "shutdown"), callTimeout,
				sensor.listener());
		sensor.events = stream;
		DeskhandException refused = sensor.refusal;
		if (refused != null) {
			sensor.close();
			throw DeskhandException.args("sway refused the failsafe chord " + sensor.binding + ": "
					+ refused.getMessage() + "; set deskhand.failsafe.chord to keys sway knows");
		}
		if (!stream.subscribed()) {
			// the stream keeps retrying and binds once it connects
			logger.warn("the failsafe chord is not watched yet: sway's IPC at {} did not answer", socket);
		}
		return sensor;
	}

	/**
	 * The chord in sway's {@code bindsym} syntax: modifiers as sway names them, either
	 * hand's the same, then the other keys by keysym name.
	 * @throws DeskhandException E_ARGS for an empty chord
	 */
	static String bindingFor(List<String> chordKeys) {
		if (chordKeys.isEmpty()) {
			throw DeskhandException.args("the failsafe chord has no keys");
		}
		List<String> modifiers = new ArrayList<>();
		List<String> keys = new ArrayList<>();
		for (String key : chordKeys) {
			String modifier = swayModifier(key);
			if (modifier != null) {
				if (!modifiers.contains(modifier)) {
					modifiers.add(modifier);
				}
			}
			else {
				keys.add(key);
			}
		}
		List<String> all = new ArrayList<>(modifiers);
		all.addAll(keys);
		return String.join("+", all);
	}

	/** What the sensor watches, for health: the binding and whether it is in place. */
	String coverage() {
		SwayEvents stream = this.events;
		boolean watching = stream != null && stream.subscribed();
		return "failsafe chord " + this.binding + " as a sway binding (" + (watching ? "watched" : "NOT watched now")
				+ "); physical key state cannot be read on Wayland, virtual keyboards trip it too";
	}

	private SwayEvents.Listener listener() {
		return new SwayEvents.Listener() {

			@Override
			public void connected() {
				bind();
			}

			@Override
			public void event(String name, JsonNode body) {
				if ("binding".equals(name) && isOurs(body.path("binding"))) {
					WaylandInputSensor.this.firedAt = System.nanoTime();
				}
				else if ("workspace".equals(name) && "reload".equals(body.path("change").asString(""))) {
					// a reload drops the bindings made at run time
					bind();
				}
			}

			@Override
			public void lost(DeskhandException reason) {
				logger.warn("the failsafe chord is not watched while sway's IPC is unreachable: {}",
						reason.getMessage());
			}

		};
	}

	/**
	 * Whether a binding event is this chord's: the command, and the keys too, since
	 * another sensor or the user's config may bind another chord to the same command.
	 */
	boolean isOurs(JsonNode binding) {
		if (!BINDING_COMMAND.equals(binding.path("command").asString(""))) {
			return false;
		}
		Set<String> mask = new HashSet<>();
		binding.path("event_state_mask").forEach((m) -> mask.add(m.asString("")));
		String symbol = binding.path("symbol").asString("").toLowerCase(Locale.ROOT);
		return mask.equals(this.eventModifiers) && (this.eventSymbols.isEmpty() || this.eventSymbols.contains(symbol));
	}

	private void bind() {
		if (this.closed) {
			return;
		}
		try {
			this.ipc.command("bindsym --no-repeat " + this.binding + " " + BINDING_COMMAND);
			this.refusal = null;
			logger.info("failsafe chord bound in sway as {}", this.binding);
		}
		catch (DeskhandException ex) {
			this.refusal = ex;
			logger.error("sway refused the failsafe binding {}: {}; the chord cannot trip the failsafe", this.binding,
					ex.getMessage());
		}
	}

	@Override
	public boolean isHeld(List<String> keyNames) {
		if (keyNames == null || keyNames.isEmpty()) {
			throw DeskhandException.args("a chord needs at least one key");
		}
		long fired = this.firedAt;
		if (fired == 0 || System.nanoTime() - fired > HELD_FOR.toNanos()) {
			return false;
		}
		for (String key : keyNames) {
			if (KeyNames.eitherHand(key).stream().noneMatch(this.chordKeys::contains)) {
				return false;
			}
		}
		return true;
	}

	/** A modifier key as sway's bindsym names it, {@code null} for another key. */
	private static String swayModifier(String key) {
		return KeyNames.modifier(key).map((modifier) -> switch (modifier) {
			case SHIFT -> "Shift";
			case CONTROL -> "Ctrl";
			case ALT, META -> "Mod1";
			case SUPER -> "Mod4";
			case ALTGR -> "Mod5";
		}).orElse(null);
	}

	@Override
	public Point pointerPosition() {
		return this.lastPointer.get();
	}

	/** Removes the binding (best effort) and closes the connections. */
	@Override
	public void close() {
		this.closed = true;
		SwayEvents stream = this.events;
		if (stream != null) {
			stream.close();
		}
		try {
			this.ipc.command("unbindsym " + this.binding);
		}
		catch (DeskhandException ex) {
			logger.debug("could not remove the failsafe binding {}: {}", this.binding, ex.getMessage());
		}
		this.ipc.close();
	}

}
