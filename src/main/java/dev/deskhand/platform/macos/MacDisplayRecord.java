package dev.deskhand.platform.macos;

import dev.deskhand.platform.Rect;

/**
 * One active display as Quartz reports it, recorded before any interpretation so that the
 * interpretation runs in tests on every OS.
 *
 * @param displayId the {@code CGDirectDisplayID}
 * @param x the left edge from {@code CGDisplayBounds}, in points of the global space
 * (origin at the main display's top-left corner, y down; negative left of or above it)
 * @param y the top edge, in points
 * @param width the width in points
 * @param height the height in points
 * @param pixelWidth the backing store's width in pixels, from
 * {@code CGDisplayModeGetPixelWidth} of {@code CGDisplayCopyDisplayMode}: on a retina
 * panel twice the points ({@code CGDisplayPixelsWide} answers points on current macOS,
 * which is why it is not used)
 * @param pixelHeight the backing store's height in pixels
 * @param main whether it is {@code CGMainDisplayID()}, the display holding the menu bar
 * and the global origin
 */
record MacDisplayRecord(int displayId, double x, double y, double width, double height, long pixelWidth,
		long pixelHeight, boolean main) {

	/**
	 * The display's place in points. Quartz reports whole points in practice; a
	 * fractional edge is rounded, each edge on its own, so that neighbours still meet.
	 */
	Rect pointBounds() {
		long left = Math.round(this.x);
		long top = Math.round(this.y);
		long right = Math.round(this.x + this.width);
		long bottom = Math.round(this.y + this.height);
		return new Rect((int) left, (int) top, (int) Math.max(0, right - left), (int) Math.max(0, bottom - top));
	}

	/**
	 * Backing pixels per point horizontally: 2.0 on a retina panel, 1.0 on most external
	 * monitors, something else in a scaled mode whose backing store is not a whole
	 * multiple of its points. A display that reports no size counts as 1.0.
	 */
	double scaleX() {
		return (this.width > 0 && this.pixelWidth > 0) ? this.pixelWidth / this.width : 1.0;
	}

	double scaleY() {
		return (this.height > 0 && this.pixelHeight > 0) ? this.pixelHeight / this.height : 1.0;
	}

	/**
	 * The opaque id agents see: the {@code CGDirectDisplayID}, unsigned decimal. It stays
	 * the same while the display is attached (and, in practice, across reconnects of the
	 * same monitor), which is what DESIGN asks; the display's UUID
	 * ({@code CGDisplayCreateUUIDFromDisplayID}) would survive more but costs a ColorSync
	 * call and a UUID-to-id lookup on every capture.
	 */
	String id() {
		return Integer.toUnsignedString(this.displayId);
	}

}
