package dev.deskhand.platform.macos.ax;

import dev.deskhand.platform.Rect;

/**
 * A window of an application as AX has it.
 *
 * @param node its element
 * @param path its path from the application element
 * @param title {@code AXTitle}
 * @param bounds its frame in points (with the title bar, as the window server's
 * {@code kCGWindowBounds}), or {@code null}
 * @param minimized whether it is in the Dock
 */
record AxFrame(AxNode node, AxPath path, String title, Rect bounds, boolean minimized) {

}
