package dev.deskhand.platform;

/**
 * Screen capture. Thread-safe: callable from any thread, never blocked by a long input action.
 */
public interface CaptureDriver {

	/**
	 * Captures a region given in logical coordinates, at device resolution.
	 * @param region must lie inside one display
	 * @return the pixels; the caller owns the returned frame
	 */
	Frame capture(Rect region);

	/**
	 * Captures like {@link #capture(Rect)}, into {@code buffer} when it is not {@code null} and
	 * holds the frame's pixels: screenshots reuse their arrays rather than allocate megabytes per
	 * call. Drivers that cannot capture into an array may ignore it.
	 * @return the pixels, in {@code buffer} or a new array; the caller owns the returned frame
	 */
	default Frame capture(Rect region, int[] buffer) {
		return capture(region);
	}

}
