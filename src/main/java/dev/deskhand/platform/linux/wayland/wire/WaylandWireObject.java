package dev.deskhand.platform.linux.wayland.wire;

/**
 * A protocol object of one connection: its id on the wire, its interface and the version
 * it was bound or created at. Events for it go to its handler. Make one with
 * {@link WaylandConnection#newObject} and name it in the request that creates it.
 */
public final class WaylandWireObject {

	private final int id;

	private final String interfaceName;

	private final int version;

	private volatile WaylandWireHandler handler;

	private volatile boolean destroyed;

	WaylandWireObject(int id, String interfaceName, int version, WaylandWireHandler handler) {
		this.id = id;
		this.interfaceName = interfaceName;
		this.version = version;
		this.handler = handler;
	}

	public int id() {
		return this.id;
	}

	public String interfaceName() {
		return this.interfaceName;
	}

	public int version() {
		return this.version;
	}

	/** Where its events go from now on. */
	public void handler(WaylandWireHandler handler) {
		this.handler = handler;
	}

	WaylandWireHandler handler() {
		return this.handler;
	}

	/**
	 * Whether a destructor was sent or the compositor destroyed it; its events are
	 * dropped.
	 */
	public boolean destroyed() {
		return this.destroyed;
	}

	void markDestroyed() {
		this.destroyed = true;
	}

	@Override
	public String toString() {
		return this.interfaceName + "@" + this.id;
	}

}
