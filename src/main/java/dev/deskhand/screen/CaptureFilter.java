package dev.deskhand.screen;

import dev.deskhand.platform.Frame;
import dev.deskhand.platform.Rect;

/**
 * Changes captured pixels before anyone sees them (privacy masking). Runs on every
 * screenshot and zoom, at device resolution, before scaling.
 */
@FunctionalInterface
public interface CaptureFilter {

	/**
	 * @param frame the captured pixels, to change in place
	 * @param region where the frame sits in logical coordinates
	 */
	void filter(Frame frame, Rect region);

	/**
	 * Whether this filter may change pixels at all. While any filter may, screenshots
	 * capture whole displays even with damage tracking: a filter can uncover pixels (a
	 * masked window closes under another one) where nothing was drawn, so rows kept from
	 * the last frame could be stale.
	 */
	default boolean active() {
		return true;
	}

}
