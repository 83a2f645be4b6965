package dev.deskhand.platform.linux.wayland.screencopy;

import dev.deskhand.platform.linux.wayland.wire.WaylandConnection;
import dev.deskhand.platform.linux.wayland.wire.WaylandRegistry;
import dev.deskhand.platform.linux.wayland.wire.WaylandRegistryGlobal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Every {@code wl_output} of one connection, bound as the compositor offers them and
 * marked gone when it withdraws them. Same threading as the connection.
 */
public final class WaylandOutputs {

	private static final String INTERFACE = "wl_output";

	private final WaylandConnection connection;

	private final WaylandRegistry registry;

	private final Map<Integer, WaylandOutput> outputs = new LinkedHashMap<>();

	private WaylandOutputs(WaylandConnection connection) {
		this.connection = connection;
		this.registry = connection.registry();
	}

	/** Binds the outputs offered now (a roundtrip fetches their descriptions). */
	public static WaylandOutputs bind(WaylandConnection connection) {
		WaylandOutputs outputs = new WaylandOutputs(connection);
		synchronized (connection) {
			outputs.registry.onAdded((global) -> {
				if (INTERFACE.equals(global.interfaceName())) {
					outputs.add(global);
				}
			});
			outputs.registry.onRemoved(outputs::remove);
			outputs.registry.globals(INTERFACE).forEach(outputs::add);
			connection.roundtrip();
		}
		return outputs;
	}

	/** The outputs offered now. */
	public synchronized List<WaylandOutput> all() {
		List<WaylandOutput> present = new ArrayList<>();
		for (WaylandOutput output : this.outputs.values()) {
			if (!output.gone()) {
				present.add(output);
			}
		}
		return present;
	}

	/** The present output of that connector name. */
	public Optional<WaylandOutput> byName(String name) {
		return all().stream().filter((output) -> output.snapshot().name().equals(name)).findFirst();
	}

	private synchronized void add(WaylandRegistryGlobal global) {
		this.outputs.computeIfAbsent(global.name(), (key) -> new WaylandOutput(this.registry, global));
	}

	private synchronized void remove(WaylandRegistryGlobal global) {
		WaylandOutput output = this.outputs.remove(global.name());
		if (output != null) {
			output.markGone();
			output.release(this.connection);
		}
	}

}
