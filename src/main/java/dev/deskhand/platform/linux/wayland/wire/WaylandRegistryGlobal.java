package dev.deskhand.platform.linux.wayland.wire;

/**
 * A global the compositor offers: its numeric name (what {@code wl_registry.bind} takes),
 * its interface, and the highest version it speaks.
 */
public record WaylandRegistryGlobal(int name, String interfaceName, int version) {

}
