/**
 * sway's IPC (the i3-ipc framing on {@code $SWAYSOCK}): finding the socket, one request
 * connection and one event stream, and what is read through them: the outputs as a
 * {@code layout.WaylandLayout} (followed by {@code output} events where sway sends them)
 * and the window tree.
 */
package dev.deskhand.platform.linux.wayland.sway;
