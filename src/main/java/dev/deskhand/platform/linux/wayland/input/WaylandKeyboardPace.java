package dev.deskhand.platform.linux.wayland.input;

import java.lang.management.ManagementFactory;
import java.util.function.DoubleSupplier;
import java.util.function.LongSupplier;

/**
 * How fast typing may go (the virtual keyboard here, KWin's fake input in {@code kde}).
 * The compositor forwards every key to the focused client at once and buffers what the
 * client has not read yet; a client that falls too far behind is disconnected (the GTK
 * witness lost its connection after 30,000 characters sent as fast as sway took them:
 * "Lost connection to Wayland compositor"). Nothing on the wire tells how far behind a
 * client is, so keys are paced: a burst of {@value #BURST_STROKES} strokes goes at once
 * (most texts an agent types), longer text at {@value #STROKES_PER_SECOND} strokes a
 * second, a rate the GTK witness kept up with (it read 3,400 a second). On a starved host
 * (more runnable processes than cores) the rate is divided by that ratio, at most
 * {@value #MAX_FACTOR} times. Pure: clock and load are given.
 */
public final class WaylandKeyboardPace {

	static final int BURST_STROKES = 256;

	static final int STROKES_PER_SECOND = 2500;

	static final double MAX_FACTOR = 2.5;

	private static final long NANOS_PER_STROKE = 1_000_000_000L / STROKES_PER_SECOND;

	private final LongSupplier clock;

	private final DoubleSupplier contention;

	/** When the strokes sent so far will have been read at the paced rate. */
	private long drainedAt = Long.MIN_VALUE;

	private double factor = 1;

	/**
	 * @param clock nanoseconds, like {@link System#nanoTime()}
	 * @param contention runnable processes per core
	 */
	WaylandKeyboardPace(LongSupplier clock, DoubleSupplier contention) {
		this.clock = clock;
		this.contention = contention;
	}

	public static WaylandKeyboardPace system() {
		var os = ManagementFactory.getOperatingSystemMXBean();
		return new WaylandKeyboardPace(System::nanoTime,
				() -> os.getSystemLoadAverage() / Math.max(1, os.getAvailableProcessors()));
	}

	/** Reads the load once per typing call, not per key. */
	public void refresh() {
		// a negative load average means the platform cannot tell: assume none
		this.factor = Math.min(MAX_FACTOR, Math.max(1, this.contention.getAsDouble()));
	}

	/**
	 * @return how long to wait before sending {@code strokes} more, 0 to send now
	 */
	public long nanosBefore(int strokes) {
		long now = this.clock.getAsLong();
		if (this.drainedAt == Long.MIN_VALUE) {
			return 0;
		}
		long allowance = (long) (BURST_STROKES * NANOS_PER_STROKE * this.factor);
		long after = Math.max(this.drainedAt, now) + strokeNanos(strokes);
		return Math.max(0, after - allowance - now);
	}

	public void sent(int strokes) {
		long now = this.clock.getAsLong();
		long from = (this.drainedAt == Long.MIN_VALUE) ? now : Math.max(this.drainedAt, now);
		this.drainedAt = from + strokeNanos(strokes);
	}

	private long strokeNanos(int strokes) {
		return (long) (strokes * NANOS_PER_STROKE * this.factor);
	}

}
