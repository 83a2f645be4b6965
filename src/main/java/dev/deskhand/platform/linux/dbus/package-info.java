/**
 * What the GNOME and KDE drivers share to speak D-Bus through dbus-java: a transport that
 * passes Unix file descriptors ({@link dev.deskhand.platform.linux.dbus.UnixFdBus}), for
 * mutter's clipboard pipes and KWin's screenshot pipe, and raw calls by signature
 * ({@link dev.deskhand.platform.linux.dbus.DbusCall}).
 */
package dev.deskhand.platform.linux.dbus;
