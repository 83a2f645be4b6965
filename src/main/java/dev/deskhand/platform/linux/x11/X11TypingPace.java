package dev.deskhand.platform.linux.x11;

import java.lang.management.ManagementFactory;
import java.util.concurrent.TimeUnit;
import java.util.function.DoubleSupplier;
import java.util.function.LongSupplier;

/**
 * How long a keymap rebind must wait for the keys sent before it to be read.
 *
 * <p>
 * Measured when this driver was designed: 20 ms plus 2 ms per key of the previous chunk
 * as enough for a Swing text field (5 ms + 0 failed). That is kept as a virtual backlog:
 * each key adds 2 ms, time drains it, and a rebind waits for an empty backlog plus 20 ms.
 * A starved client reads slower: with more runnable processes than cores (the 1-minute
 * load average per core), both numbers are scaled by that ratio, up to
 * {@link #MAX_FACTOR} times; at ordinary load they are the measured ones.
 */
final class X11TypingPace {

	static final long SETTLE_NANOS = TimeUnit.MILLISECONDS.toNanos(20);

	static final long PER_KEY_NANOS = TimeUnit.MILLISECONDS.toNanos(2);

	/**
	 * After a rebind, before the first key that uses it: the client must fetch the new
	 * keymap first (on its MappingNotify). Chromium (xkbcommon) read a key sent at once
	 * with the old keymap and dropped it; 8 ms was enough for it in 20 of 20 tries where
	 * 0 lost a key in most.
	 */
	static final long AFTER_REBIND_NANOS = TimeUnit.MILLISECONDS.toNanos(8);

	static final double MAX_FACTOR = 4;

	private final LongSupplier clock;

	private final DoubleSupplier contention;

	private double factor = 1;

	/**
	 * When the keys sent so far will have been read; {@code null} before the first key.
	 */
	private Long drainedAt;

	/**
	 * @param clock nanoseconds, like {@link System#nanoTime()}
	 * @param contention runnable processes per core; values below 1 mean no contention
	 */
	X11TypingPace(LongSupplier clock, DoubleSupplier contention) {
		this.clock = clock;
		this.contention = contention;
	}

	/** Paced by the real clock and this host's load average. */
	static X11TypingPace system() {
		var os = ManagementFactory.getOperatingSystemMXBean();
		return new X11TypingPace(System::nanoTime,
				() -> os.getSystemLoadAverage() / Math.max(1, os.getAvailableProcessors()));
	}

	static double factor(double contention) {
		// a negative load average means the platform cannot tell: assume no contention
		return Math.min(MAX_FACTOR, Math.max(1, contention));
	}

	/** Reads the load once per call to the keyboard, not per key. */
	void refresh() {
		this.factor = factor(this.contention.getAsDouble());
	}

	double currentFactor() {
		return this.factor;
	}

	void keysSent(int keys) {
		long now = this.clock.getAsLong();
		long from = (this.drainedAt == null) ? now : Math.max(this.drainedAt, now);
		this.drainedAt = from + (long) (keys * PER_KEY_NANOS * this.factor);
	}

	/**
	 * @return how long to wait before the next rebind, 0 if it may happen now
	 */
	long nanosUntilRebind() {
		if (this.drainedAt == null) {
			return 0;
		}
		return Math.max(0, this.drainedAt + (long) (SETTLE_NANOS * this.factor) - this.clock.getAsLong());
	}

	/** How long to wait after a rebind before the first key that uses it. */
	long nanosAfterRebind() {
		return (long) (AFTER_REBIND_NANOS * this.factor);
	}

	/**
	 * After a rebind: the keys before it are accounted for, later keys start a new
	 * backlog.
	 */
	void rebound() {
		this.drainedAt = this.clock.getAsLong();
	}

}
