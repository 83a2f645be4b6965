package dev.deskhand.platform.linux.wayland.screencopy;

import dev.deskhand.platform.linux.wayland.wire.WaylandConnection;
import dev.deskhand.platform.linux.wayland.wire.WaylandRegistry;
import dev.deskhand.platform.linux.wayland.wire.WaylandRegistryGlobal;
import dev.deskhand.platform.linux.wayland.wire.WaylandWireEvent;
import dev.deskhand.platform.linux.wayland.wire.WaylandWireObject;

/**
 * One {@code wl_output} as the compositor last described it: its connector name
 * ({@code HEADLESS-1}, from version 4), position in the layout, current mode in device
 * pixels, integer scale and transform. The description updates as events arrive; read it
 * with {@link #snapshot()}.
 */
public final class WaylandOutput {

	/** Highest {@code wl_output} version this client speaks. */
	static final int SUPPORTED_VERSION = 4;

	private static final int GEOMETRY = 0;

	private static final int MODE = 1;

	private static final int DONE = 2;

	private static final int SCALE = 3;

	private static final int NAME = 4;

	private static final int DESCRIPTION = 5;

	private static final int MODE_CURRENT = 0x1;

	private static final int RELEASE = 0;

	private final WaylandWireObject object;

	private final int globalName;

	private String name;

	private String description = "";

	private String make = "";

	private String model = "";

	private int x;

	private int y;

	private int width;

	private int height;

	private int refreshMillihertz;

	private int scale = 1;

	private int transform;

	private boolean done;

	private volatile boolean gone;

	WaylandOutput(WaylandRegistry registry, WaylandRegistryGlobal global) {
		this.globalName = global.name();
		this.object = registry.bind(global, SUPPORTED_VERSION, this::onEvent);
	}

	/** The protocol object, to name this output in requests (screencopy). */
	public WaylandWireObject object() {
		return this.object;
	}

	/** The registry name of its global. */
	public int globalName() {
		return this.globalName;
	}

	/** Whether the compositor withdrew it (unplugged). */
	public boolean gone() {
		return this.gone;
	}

	void markGone() {
		this.gone = true;
	}

	/** Releases it on the compositor's side where the version allows (v3+). */
	void release(WaylandConnection connection) {
		if (!this.object.destroyed() && this.object.version() >= 3) {
			connection.request(this.object, RELEASE).send();
			connection.destroyed(this.object);
		}
	}

	/**
	 * What is known now. Before the first {@code done} (or without a {@code name} event,
	 * below version 4) the name is {@code wl_output-<global name>}.
	 */
	public synchronized WaylandOutputInfo snapshot() {
		String shown = (this.name != null) ? this.name : "wl_output-" + Integer.toUnsignedString(this.globalName);
		return new WaylandOutputInfo(shown, this.description, this.make, this.model, this.x, this.y, this.width,
				this.height, this.refreshMillihertz, this.scale, this.transform, this.done, this.gone);
	}

	private synchronized void onEvent(WaylandWireEvent event) {
		switch (event.opcode()) {
			case GEOMETRY -> {
				this.x = event.intArg();
				this.y = event.intArg();
				event.intArg(); // physical width, mm
				event.intArg(); // physical height, mm
				event.intArg(); // subpixel
				this.make = orEmpty(event.string());
				this.model = orEmpty(event.string());
				this.transform = event.intArg();
			}
			case MODE -> {
				int flags = event.uint();
				int modeWidth = event.intArg();
				int modeHeight = event.intArg();
				int refresh = event.intArg();
				if ((flags & MODE_CURRENT) != 0) {
					this.width = modeWidth;
					this.height = modeHeight;
					this.refreshMillihertz = refresh;
				}
			}
			case DONE -> this.done = true;
			case SCALE -> this.scale = event.intArg();
			case NAME -> this.name = event.string();
			case DESCRIPTION -> this.description = orEmpty(event.string());
			default -> {
				// a newer version's event: nothing the driver needs
			}
		}
		if (this.object.version() < 2 && event.opcode() == MODE) {
			// version 1 has no done event: the mode is the last of the batch
			this.done = true;
		}
	}

	private static String orEmpty(String value) {
		return (value != null) ? value : "";
	}

}
