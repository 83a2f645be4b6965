package dev.deskhand.platform.linux.kde;

import dev.deskhand.platform.linux.wayland.layout.WaylandLayout;
import dev.deskhand.platform.linux.wayland.screencopy.WaylandOutput;
import dev.deskhand.platform.linux.wayland.screencopy.WaylandOutputInfo;
import dev.deskhand.platform.linux.wayland.screencopy.WaylandOutputs;
import dev.deskhand.platform.linux.wayland.wire.WaylandConnection;
import dev.deskhand.platform.linux.wayland.wire.WaylandWireEvent;
import dev.deskhand.platform.linux.wayland.wire.WaylandWireHandler;
import dev.deskhand.platform.linux.wayland.wire.WaylandWireObject;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * KWin's outputs as a {@link WaylandLayout}: each {@code wl_output}'s current mode
 * (device pixels) with its {@code zxdg_output_v1} logical position and size (KWin's
 * layout units), the scale being their ratio, so a fractional scale is exact. Read on the
 * driver's observation connection; every {@link #layout()} makes a roundtrip first, so an
 * output plugged in or rescaled shows at the next call. Thread-safe (the connection
 * serialises).
 */
final class KdeOutputs {

	static final String XDG_OUTPUT_MANAGER = "zxdg_output_manager_v1";

	private static final int GET_XDG_OUTPUT = 1;

	private static final int LOGICAL_POSITION = 0;

	private static final int LOGICAL_SIZE = 1;

	private static final int NAME = 3;

	private final WaylandConnection connection;

	private final WaylandOutputs outputs;

	private final WaylandWireObject manager;

	private final Map<Integer, Logical> logical = new HashMap<>();

	/** What xdg-output says of one output; written by the dispatching thread. */
	private static final class Logical {

		volatile int x;

		volatile int y;

		volatile int width;

		volatile int height;

		volatile String name;

		void onEvent(WaylandWireEvent event) {
			switch (event.opcode()) {
				case LOGICAL_POSITION -> {
					this.x = event.intArg();
					this.y = event.intArg();
				}
				case LOGICAL_SIZE -> {
					this.width = event.intArg();
					this.height = event.intArg();
				}
				case NAME -> this.name = event.string();
				default -> {
					// done and description: nothing the layout needs
				}
			}
		}

	}

	private KdeOutputs(WaylandConnection connection, WaylandOutputs outputs, WaylandWireObject manager) {
		this.connection = connection;
		this.outputs = outputs;
		this.manager = manager;
	}

	static KdeOutputs bind(WaylandConnection connection) {
		synchronized (connection) {
			WaylandOutputs outputs = WaylandOutputs.bind(connection);
			WaylandWireObject manager = connection.registry().bind(XDG_OUTPUT_MANAGER, 3, WaylandWireHandler.IGNORE);
			KdeOutputs bound = new KdeOutputs(connection, outputs, manager);
			bound.layout();
			return bound;
		}
	}

	/** The outputs now, after a roundtrip. */
	WaylandLayout layout() {
		synchronized (this.connection) {
			this.connection.roundtrip();
			boolean added = false;
			for (WaylandOutput output : this.outputs.all()) {
				if (!this.logical.containsKey(output.globalName())) {
					Logical created = new Logical();
					WaylandWireObject xdg = this.connection.newObject("zxdg_output_v1", this.manager.version(),
							created::onEvent);
					this.connection.request(this.manager, GET_XDG_OUTPUT).newId(xdg).object(output.object()).send();
					this.logical.put(output.globalName(), created);
					added = true;
				}
			}
			if (added) {
				this.connection.roundtrip();
			}
			List<WaylandLayout.Output> layout = new ArrayList<>();
			for (WaylandOutput output : this.outputs.all()) {
				WaylandOutputInfo info = output.snapshot();
				Logical logical = this.logical.get(output.globalName());
				if (info.width() < 1 || logical == null || logical.width < 1) {
					continue;
				}
				boolean quarterTurn = (info.transform() & 1) == 1;
				int deviceWidth = quarterTurn ? info.height() : info.width();
				int deviceHeight = quarterTurn ? info.width() : info.height();
				String name = (logical.name != null) ? logical.name : info.name();
				layout.add(new WaylandLayout.Output(name, info.description(),
						new WaylandLayout.Area(logical.x, logical.y, logical.width, logical.height),
						(double) deviceWidth / logical.width, deviceWidth, deviceHeight));
			}
			return new WaylandLayout(layout);
		}
	}

}
