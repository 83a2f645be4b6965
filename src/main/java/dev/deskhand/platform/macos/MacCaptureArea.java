package dev.deskhand.platform.macos;

import dev.deskhand.platform.Rect;

/**
 * A capture's source on one display.
 *
 * @param displayId the {@code CGDirectDisplayID}
 * @param points the region in the display's own points (its top-left corner is 0,0)
 * @param pixels the backing pixels that region covers, in the display's own pixels
 */
record MacCaptureArea(int displayId, Rect points, Rect pixels) {
}
