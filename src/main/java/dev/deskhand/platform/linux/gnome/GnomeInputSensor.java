package dev.deskhand.platform.linux.gnome;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

import org.freedesktop.dbus.connections.AbstractConnection;
import org.freedesktop.dbus.exceptions.DBusExecutionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.InputSnapshot;
import dev.deskhand.platform.InputStateSensor;
import dev.deskhand.platform.Point;

/**
 * What the failsafe and the human watcher can see on GNOME. Nothing of the keyboard's or
 * the pointer's state: no Wayland client reads it, and mutter has no D-Bus call for it.
 * Nor a key chord: mutter 43 offers clients no way to be told of one (its own key
 * bindings run built-in actions only), and gnome-shell's
 * {@code org.gnome.Shell.GrabAccelerator} answers only callers that own
 * {@code org.gnome.SettingsDaemon.MediaKeys} or {@code org.gnome.Settings} (or in unsafe
 * mode): {@code AccessDenied} for Deskhand. So:
 * <ul>
 * <li>{@link #isHeld} is always false: the failsafe chord cannot trip on GNOME.</li>
 * <li>{@link #pointerPosition()} is where Deskhand last put the pointer, as on sway: the
 * corners trip only for Deskhand's own moves, never a person's mouse.</li>
 * <li>{@link #snapshot()} tells the person's input from Deskhand's by time: mutter's idle
 * time ({@link MutterIdleMonitor}) is reset by every input event, physical or injected,
 * so an idle time clearly shorter than the time since Deskhand's own last event means
 * someone else used the keyboard or the mouse. That is reported as
 * {@link InputSnapshot#otherInput()} while it is recent ({@link #RECENT}); the pointer is
 * Deskhand's last, and no keys or buttons are seen. What it misses: input within
 * {@link #SLACK} after Deskhand's own, which mutter's clock cannot tell apart, and which
 * device it was. Another program's injected input counts as a person's.</li>
 * </ul>
 * Thread-safe; the bus is the caller's and stays open while this is used.
 */
final class GnomeInputSensor implements InputStateSensor {

	private static final Logger logger = LoggerFactory.getLogger(GnomeInputSensor.class);

	/** For health and the console: what the failsafe sees on GNOME. */
	static final String FAILSAFE_SEES = "no key chord (GNOME lets no client read the keyboard or be told of a"
			+ " chord: mutter has no such API and gnome-shell's GrabAccelerator admits only its settings daemon),"
			+ " so the failsafe chord cannot trip; the corners only where Deskhand last put the pointer (a person's"
			+ " mouse is not seen); stop Deskhand from the console or its API";

	/**
	 * How much later than Deskhand's own last event an idle-time reset must be to count
	 * as someone else's: mutter applies an injected event a little after the call
	 * returned (5 ms at most measured, more when the machine is busy).
	 */
	static final Duration SLACK = Duration.ofMillis(250);

	/**
	 * How long other input counts as seen: several of the watcher's polls (at most 100 ms
	 * apart), so that two in a row see it, and short, so that the person who stopped is
	 * soon seen idle again.
	 */
	static final Duration RECENT = Duration.ofMillis(500);

	private static final Point NOWHERE = new Point(0, 0);

	private final AbstractConnection bus;

	private final Supplier<Point> lastPointer;

	private final LongSupplier lastInjection;

	private final Duration callTimeout;

	private GnomeInputSensor(AbstractConnection bus, Supplier<Point> lastPointer, LongSupplier lastInjection,
			Duration callTimeout) {
		this.bus = bus;
		this.lastPointer = lastPointer;
		this.lastInjection = lastInjection;
		this.callTimeout = callTimeout;
	}

	/**
	 * Opens the sensor and checks that mutter's idle monitor answers.
	 * @param bus the user's session bus, open while the sensor is
	 * @param chord the failsafe chord: it cannot be watched on GNOME, and is only checked
	 * to be non-empty
	 * @param lastPointer where Deskhand last put the pointer, in layout coordinates, or
	 * {@code null} if it never did
	 * @param lastInjection {@link System#nanoTime()} when Deskhand's last injecting call
	 * to mutter returned, {@link Long#MIN_VALUE} if none did yet
	 * @param callTimeout for each idle-time call
	 * @throws DeskhandException E_NO_DESKTOP when mutter's idle monitor does not answer
	 */
	static GnomeInputSensor open(AbstractConnection bus, List<String> chord, Supplier<Point> lastPointer,
			LongSupplier lastInjection, Duration callTimeout) {
		GnomeInputSensor sensor = new GnomeInputSensor(bus, lastPointer, lastInjection, callTimeout);
		try {
			MutterIdleMonitor.idleTime(bus, callTimeout);
		}
		catch (DBusExecutionException ex) {
			throw new DeskhandException(ErrorCode.E_NO_DESKTOP,
					"mutter's idle monitor (" + MutterIdleMonitor.BUS_NAME + ") does not answer: " + ex.getMessage(),
					ex);
		}
		if (!chord.isEmpty()) {
			logger.warn("the failsafe chord {} cannot be watched on GNOME: {}", chord, FAILSAFE_SEES);
		}
		return sensor;
	}

	/**
	 * Whether mutter's idle time says someone other than Deskhand used the input lately.
	 * @param idle mutter's idle time
	 * @param sinceOurs how long since Deskhand's own last event, {@code null} if it sent
	 * none
	 */
	static boolean otherInput(Duration idle, Duration sinceOurs) {
		if (idle.compareTo(RECENT) >= 0) {
			return false;
		}
		return sinceOurs == null || idle.plus(SLACK).compareTo(sinceOurs) < 0;
	}

	/** Always false: no key can be seen on GNOME (see the class comment). */
	@Override
	public boolean isHeld(List<String> keyNames) {
		if (keyNames == null || keyNames.isEmpty()) {
			throw DeskhandException.args("a chord needs at least one key");
		}
		return false;
	}

	@Override
	public Point pointerPosition() {
		Point last = this.lastPointer.get();
		return (last != null) ? last : NOWHERE;
	}

	/**
	 * Deskhand's last pointer, no keys or buttons, and whether other input came lately;
	 * empty when mutter does not answer in time.
	 */
	@Override
	public Optional<InputSnapshot> snapshot() {
		// the time since Deskhand's event is taken as of before the call, and Deskhand's
		// event as of after it: both err towards "not someone else" when the call is slow
		// or Deskhand injects meanwhile
		long asked = System.nanoTime();
		Duration idle;
		try {
			idle = MutterIdleMonitor.idleTime(this.bus, this.callTimeout);
		}
		catch (DBusExecutionException ex) {
			logger.debug("mutter's idle time is not to be had now: {}", ex.getMessage());
			return Optional.empty();
		}
		long ours = this.lastInjection.getAsLong();
		Duration sinceOurs = (ours == Long.MIN_VALUE) ? null : Duration.ofNanos(asked - ours);
		return Optional.of(new InputSnapshot(pointerPosition(), Set.of(), Set.of(), otherInput(idle, sinceOurs)));
	}

	/** The bus is the caller's: nothing to close here. */
	@Override
	public void close() {
	}

}
