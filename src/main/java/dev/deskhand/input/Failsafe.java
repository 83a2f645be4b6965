package dev.deskhand.input;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.core.Ordered;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.DesktopDriver;
import dev.deskhand.platform.DisplayInfo;
import dev.deskhand.platform.InputStateSensor;
import dev.deskhand.platform.Point;
import dev.deskhand.platform.Rect;
import dev.deskhand.platform.keys.KeyNames;

/**
 * The human's emergency stop. A thread of its own polls the real keyboard and pointer on
 * a connection of its own (so it works while the input thread is busy or stuck): the
 * emergency chord held, or the pointer parked in a display corner, trips it; so does an
 * operator. A trip stops the running action at once, releases every key and button, and
 * refuses input with E_FAILSAFE for the cooldown.
 */
public class Failsafe implements InputGuard, SmartLifecycle, Ordered {

	private static final Logger logger = LoggerFactory.getLogger(Failsafe.class);

	static final String THREAD_NAME = "deskhand-failsafe";

	private final DesktopDriver driver;

	private final InputQueue queue;

	private final FailsafeProperties properties;

	private final Clock clock;

	private final KeyChord chord;

	private final MeterRegistry registry;

	private final AtomicLong tripCount = new AtomicLong();

	private final List<TripListener> listeners;

	// Guarded by this: state changes come from the poller, operators and the input
	// thread.
	private FailsafeState state = new FailsafeState(false, null, null, null, 0);

	private final PollerThread poller = new PollerThread(THREAD_NAME, this::pollLoop);

	private volatile boolean chordWasHeld;

	private volatile boolean cornerWasHit;

	/** Told about every trip, e.g. to write an audit record. */
	@FunctionalInterface
	public interface TripListener {

		void tripped(FailsafeState state, String by);

	}

	public Failsafe(DesktopDriver driver, InputQueue queue, FailsafeProperties properties, MeterRegistry registry,
			Clock clock, List<TripListener> listeners) {
		this.driver = driver;
		this.queue = queue;
		this.properties = properties;
		this.clock = clock;
		this.listeners = List.copyOf(listeners);
		this.chord = KeyChord.parse(properties.chord(), driver.keyboard()::isKnownKey);
		this.registry = registry;
		// At zero from the start, so a dashboard's rate() sees the first trip.
		List.of("keyboard", "pointer", "operator").forEach(this::tripCounter);
	}

	// Tagged by what tripped it (the trip's "by"): keyboard (the chord), pointer (a
	// corner), operator.
	private Counter tripCounter(String cause) {
		return Counter.builder("deskhand.failsafe.trips")
			.description("Failsafe trips by cause")
			.tag("cause", cause)
			.register(this.registry);
	}

	/** The emergency chord, resolved: what {@code deskhand.failsafe.chord} means. */
	public KeyChord chord() {
		return this.chord;
	}

	@Override
	public void beforeActions(String session, List<InputAction> actions) {
		check();
	}

	/**
	 * @throws DeskhandException E_FAILSAFE while tripped
	 */
	public void check() {
		FailsafeState now = state();
		if (now.tripped()) {
			throw refusal(now, this.clock.instant());
		}
	}

	/**
	 * What a tripped failsafe answers: why, how much of the cooldown is left, and how to
	 * re-arm it sooner.
	 * @param state a tripped state
	 */
	public static DeskhandException refusal(FailsafeState state, Instant now) {
		Duration left = Duration.between(now, state.until());
		// rounded up: "0 s" while it still refuses would be a lie
		long seconds = Math.max(1, (left.toMillis() + 999) / 1000);
		return new DeskhandException(ErrorCode.E_FAILSAFE,
				"the failsafe is tripped (" + state.reason() + "); input is refused for another " + seconds
						+ " s of cooldown (until " + state.until().truncatedTo(ChronoUnit.MILLIS)
						+ ") unless an operator re-arms it (POST /actuator/failsafe {\"action\":\"reset\"})");
	}

	public synchronized FailsafeState state() {
		if (this.state.tripped() && !this.clock.instant().isBefore(this.state.until())) {
			this.state = new FailsafeState(false, null, null, null, this.tripCount.get());
		}
		return this.state;
	}

	/**
	 * Trips the failsafe: stops the running action, releases everything, starts the
	 * cooldown.
	 */
	public FailsafeState trip(String reason, String by) {
		FailsafeState tripped;
		synchronized (this) {
			Instant now = this.clock.instant();
			tripped = new FailsafeState(true, reason, now, now.plus(this.properties.cooldown()),
					this.tripCount.incrementAndGet());
			this.state = tripped;
		}
		tripCounter(by).increment();
		String stopped = this.queue.abortRunning(new DeskhandException(ErrorCode.E_FAILSAFE,
				"the failsafe tripped (" + reason + ") and stopped this action; every key and button was released"));
		try {
			this.driver.releaseAll();
		}
		catch (RuntimeException ex) {
			logger.warn("releasing input after the failsafe tripped failed", ex);
		}
		logger.warn("failsafe tripped ({}, by {}){}; input refused until {}", reason, by,
				(stopped != null) ? ", stopped '" + stopped + "'" : "", tripped.until());
		this.listeners.forEach((listener) -> listener.tripped(tripped, by));
		return tripped;
	}

	/** Re-arms the failsafe before the cooldown ends. */
	public synchronized FailsafeState reset() {
		this.state = new FailsafeState(false, null, null, null, this.tripCount.get());
		return this.state;
	}

	/**
	 * One look at the keyboard and pointer; trips on the rising edge of the chord or a
	 * corner.
	 */
	void poll(InputStateSensor sensor) {
		boolean held = chordHeld(sensor);
		if (held && !this.chordWasHeld) {
			trip("chord " + this.properties.chord(), "keyboard");
		}
		this.chordWasHeld = held;
		if (this.properties.corners()) {
			boolean corner = inCorner(sensor.pointerPosition());
			if (corner && !this.cornerWasHit) {
				trip("pointer in a screen corner", "pointer");
			}
			this.cornerWasHit = corner;
		}
	}

	// Either hand's modifier counts: a human grabs whichever Ctrl is nearer.
	private boolean chordHeld(InputStateSensor sensor) {
		for (String key : this.chord.keys()) {
			if (KeyNames.eitherHand(key).stream().noneMatch((hand) -> sensor.isHeld(List.of(hand)))) {
				return false;
			}
		}
		return true;
	}

	private boolean inCorner(Point pointer) {
		for (DisplayInfo display : this.driver.displays().displays()) {
			Rect b = display.bounds();
			boolean left = pointer.x() == b.x();
			boolean right = pointer.x() == b.right() - 1;
			boolean top = pointer.y() == b.y();
			boolean bottom = pointer.y() == b.bottom() - 1;
			if (b.contains(pointer.x(), pointer.y()) && (left || right) && (top || bottom)) {
				return true;
			}
		}
		return false;
	}

	private void pollLoop() {
		try (InputStateSensor sensor = this.driver.openSensor(this.chord.keys())) {
			long interval = this.properties.pollInterval().toMillis();
			while (!Thread.currentThread().isInterrupted()) {
				try {
					poll(sensor);
				}
				catch (RuntimeException ex) {
					logger.warn("failsafe poll failed; retrying", ex);
				}
				Thread.sleep(interval);
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	@Override
	public void start() {
		this.poller.start();
	}

	@Override
	public void stop() {
		this.poller.stop();
	}

	@Override
	public boolean isRunning() {
		return this.poller.isRunning();
	}

	@Override
	public int getOrder() {
		// The first guard: a tripped failsafe refuses before anything else is looked at.
		return Ordered.HIGHEST_PRECEDENCE;
	}

}
