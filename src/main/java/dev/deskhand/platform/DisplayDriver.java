package dev.deskhand.platform;

import java.util.List;

/**
 * Observation of displays and the pointer. Thread-safe: callable from any thread, never
 * blocked by a long input action.
 */
public interface DisplayDriver {

	/**
	 * The displays now attached, primary first when there is one. Never empty while
	 * reachable.
	 */
	List<DisplayInfo> displays();

	/** Where the pointer is, in logical coordinates. */
	Point pointerPosition();

}
