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

}
