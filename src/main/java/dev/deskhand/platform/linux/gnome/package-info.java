/**
 * GNOME on Wayland through mutter's own D-Bus API in the user's session: displays from
 * {@code org.gnome.Mutter.DisplayConfig}, frames from {@code org.gnome.Mutter.ScreenCast}
 * through PipeWire and GStreamer (gst1-java-core), pointer and keyboard through
 * {@code org.gnome.Mutter.RemoteDesktop} ({@code MutterRemoteDesktop}). Not a driver yet
 * (no windows): see docs/platforms/gnome.md for what works and what is missing.
 */
package dev.deskhand.platform.linux.gnome;
