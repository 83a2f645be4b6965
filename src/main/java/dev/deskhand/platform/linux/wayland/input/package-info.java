/**
 * Input through the wlroots virtual-input protocols on a Wayland connection of its own:
 * the virtual pointer ({@code zwlr_virtual_pointer_v1}, desktop points turned into layout
 * points per output) and the virtual keyboard ({@code zwp_virtual_keyboard_v1}, typing
 * any Unicode by uploading {@code platform.linux.xkb} keymaps).
 */
package dev.deskhand.platform.linux.wayland.input;
