package dev.deskhand.platform.linux.atspi;

import dev.deskhand.platform.Rect;

/**
 * A top-level window of an application as AT-SPI has it.
 *
 * @param app the application
 * @param path the window's object path
 * @param title its accessible name (the window title)
 * @param bounds its extents on screen (with the window manager's frame in GTK), or
 * {@code null}
 * @param collection whether it offers {@code Collection} (a server-side search)
 */
record AtspiFrame(AtspiApp app, String path, String title, Rect bounds, boolean collection) {

}
