/**
 * What the Linux drivers share: keysyms for characters, and (as they are lifted out of
 * one driver) libc bindings, executable and {@code /proc} lookups, held-input tracking.
 * The drivers themselves are in {@code linux.x11} and {@code linux.wayland}; XKB keymaps
 * for virtual keyboards are in {@code linux.xkb}.
 */
package dev.deskhand.platform.linux;
