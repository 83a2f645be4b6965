/**
 * Capture through {@code zwlr_screencopy_manager_v1}: the outputs it copies
 * ({@code wl_output} and their names), the {@code wl_shm} buffers it copies into, and
 * turning those pixels into a {@code Frame}.
 */
package dev.deskhand.platform.linux.wayland.screencopy;
