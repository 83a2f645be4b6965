/**
 * The accessibility tree on Linux: AT-SPI2 over D-Bus (dbus-java, no native code), for
 * X11 and Wayland sessions alike. See docs/accessibility.md "Linux: AT-SPI".
 */
package dev.deskhand.platform.linux.atspi;
