package dev.deskhand.screen;

import dev.deskhand.platform.Frame;
import dev.deskhand.platform.Rect;

/**
 * Changes captured pixels before anyone sees them (privacy masking). Runs on every screenshot and
 * zoom, at device resolution, before scaling.
 */
@FunctionalInterface
public interface CaptureFilter {

	/**
	 * @param frame the captured pixels, to change in place
	 * @param region where the frame sits in logical coordinates
	 */
	void filter(Frame frame, Rect region);

}
