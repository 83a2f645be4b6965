/**
 * A dbus-java transport that passes Unix file descriptors, for mutter's calls that hand
 * over a pipe: see {@link dev.deskhand.platform.linux.gnome.unixfd.UnixFdBus}.
 */
package dev.deskhand.platform.linux.gnome.unixfd;
