/**
 * The GNOME driver ({@link dev.deskhand.platform.linux.gnome.GnomeDesktopDriver}): GNOME
 * on Wayland through mutter's own D-Bus API in the user's session: displays from
 * {@code org.gnome.Mutter.DisplayConfig}, frames from {@code org.gnome.Mutter.ScreenCast}
 * through PipeWire and GStreamer (gst1-java-core), pointer, keyboard and clipboard
 * through {@code org.gnome.Mutter.RemoteDesktop}, the person's input through
 * {@code org.gnome.Mutter.IdleMonitor}; windows from the Shell's introspection where it
 * answers, else from the accessibility tree; programs started in the session. Where
 * mutter's API does not answer (a sandbox), capture and input go through the
 * xdg-desktop-portal's ScreenCast and RemoteDesktop instead, after the person's consent.
 * See docs/platforms/gnome.md for what works and what GNOME does not let a client do.
 */
package dev.deskhand.platform.linux.gnome;
