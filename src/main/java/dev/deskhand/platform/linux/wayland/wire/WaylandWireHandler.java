package dev.deskhand.platform.linux.wayland.wire;

/**
 * Receives the events of one protocol object, on the thread that dispatches its
 * connection. Read the arguments in the protocol's order; ignore opcodes you do not know
 * (a newer compositor may send more).
 */
@FunctionalInterface
public interface WaylandWireHandler {

	/** Drops every event: for objects whose events do not matter. */
	WaylandWireHandler IGNORE = (event) -> {
	};

	void handle(WaylandWireEvent event);

}
