/**
 * GNOME on Wayland through mutter's own D-Bus API in the user's session: displays from
 * {@code org.gnome.Mutter.DisplayConfig}, frames from {@code org.gnome.Mutter.ScreenCast}
 * through PipeWire and GStreamer (gst1-java-core); windows from the Shell's introspection
 * where it answers, else from the accessibility tree ({@link GnomeWindows}); programs
 * started in the session ({@link GnomeLauncher}). See docs/platforms/gnome.md for what
 * works and what is missing.
 */
package dev.deskhand.platform.linux.gnome;
