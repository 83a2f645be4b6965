/**
 * The Wayland driver for wlroots compositors (sway): the Spring bean
 * ({@code WaylandDriverConfiguration}), the {@code DesktopDriver} that puts the rooms
 * below together ({@code WaylandDesktopDriver}), and the parts of the driver SPI that are
 * built on sway's IPC (displays, windows, the failsafe sensor) or on processes started in
 * the session (launching, the clipboard through wl-clipboard). See docs/wayland.md.
 *
 * <p>
 * Below it, each package knows nothing of those above it: {@code .wire} speaks the
 * Wayland wire protocol; {@code .screencopy} captures outputs and {@code .input} drives
 * the virtual pointer and keyboard over it; {@code .sway} talks to sway's IPC;
 * {@code .layout} is the compositor-neutral picture of outputs and windows that
 * {@code .sway} reads and {@code .input} maps points with. The keyboard's keymap is
 * {@code platform.linux.xkb}. ArchitectureTests keeps that order.
 */
package dev.deskhand.platform.linux.wayland;
