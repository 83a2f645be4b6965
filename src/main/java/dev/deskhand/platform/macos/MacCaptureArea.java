package dev.deskhand.platform.macos;

import dev.deskhand.platform.Rect;

/**
 * A capture's source on one display.
 *
 * @param displayId the {@code CGDirectDisplayID}
 * @param x the region's left edge in the display's own points (its top-left corner is
 * 0,0), fractional at a fractional scale: what {@code CGDisplayCreateImageForRect} takes
 * @param y its top edge in the display's own points
 * @param width its width in points
 * @param height its height in points
 * @param pixels the backing pixels that region covers, in the display's own pixels
 */
record MacCaptureArea(int displayId, double x, double y, double width, double height, Rect pixels) {
}
