/**
 * The compositor's outputs and windows in its own layout units, and the step to the
 * driver SPI's desktop units (device pixels): pure, the same for any compositor's IPC.
 */
package dev.deskhand.platform.linux.wayland.layout;
