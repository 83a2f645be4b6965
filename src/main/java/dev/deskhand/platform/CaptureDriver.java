package dev.deskhand.platform;

/**
 * Screen capture. Thread-safe: callable from any thread, never blocked by a long input
 * action.
 */
public interface CaptureDriver {

	/**
	 * Captures a region given in logical coordinates, at device resolution.
	 * @param region must lie inside one display
	 * @return the pixels; the caller owns the returned frame
	 */
	Frame capture(Rect region);

	/**
	 * Captures like {@link #capture(Rect)}, into {@code buffer} when it is not
	 * {@code null} and holds the frame's pixels: screenshots reuse their arrays rather
	 * than allocate megabytes per call. Drivers that cannot capture into an array may
	 * ignore it.
	 * @return the pixels, in {@code buffer} or a new array; the caller owns the returned
	 * frame
	 */
	default Frame capture(Rect region, int[] buffer) {
		return capture(region);
	}

	/**
	 * What may have changed inside {@code region} since {@code consumer}'s previous call:
	 * call it right before capturing, so that anything drawn after the answer shows
	 * either in that capture or in the next answer. A consumer is one cached picture of
	 * one region (a display's last screenshot); several consumers see the same damage
	 * independently. Drivers that do not track damage answer
	 * {@link ScreenDamage#UNKNOWN}, so every capture is a whole one.
	 * @param consumer who asks, e.g. a display id; the first call of a consumer is
	 * unknown
	 * @param region the consumer's region in logical coordinates; areas outside it are
	 * left out
	 */
	default ScreenDamage takeDamage(String consumer, Rect region) {
		return ScreenDamage.UNKNOWN;
	}

}
