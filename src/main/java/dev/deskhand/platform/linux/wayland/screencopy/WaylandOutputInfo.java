package dev.deskhand.platform.linux.wayland.screencopy;

/**
 * A {@code wl_output} at one moment.
 *
 * @param name connector name, e.g. {@code HEADLESS-1}
 * @param x position as {@code wl_output.geometry} gives it: wlroots always sends 0, so
 * take the layout from the compositor's IPC
 * @param y position, as {@code x}
 * @param width current mode width in device pixels (before transform)
 * @param height current mode height in device pixels
 * @param refreshMillihertz current mode refresh rate
 * @param scale the integer scale; a fractional scale is rounded up here (1.25 shows as
 * 2), so take the real one from the compositor's IPC
 * @param transform {@code wl_output.transform} (0 normal, 1 rotated 90°, …)
 * @param done whether the compositor finished describing it
 * @param gone whether the compositor withdrew it
 */
public record WaylandOutputInfo(String name, String description, String make, String model, int x, int y, int width,
		int height, int refreshMillihertz, int scale, int transform, boolean done, boolean gone) {

}
