package dev.deskhand.platform.linux.wayland.wire;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * The compositor's globals ({@code wl_registry}), kept current as globals come and go,
 * and binding to them. Get it from {@link WaylandConnection#registry()}.
 */
public final class WaylandRegistry {

	/**
	 * What the Wayland driver needs, each with what it is for: the start-up check names
	 * the missing ones.
	 */
	public static final Map<String, String> DRIVER_GLOBALS = driverGlobals();

	private static final int BIND = 0;

	private static final int GLOBAL = 0;

	private static final int GLOBAL_REMOVE = 1;

	private final WaylandConnection connection;

	private final WaylandWireObject object;

	private final Map<Integer, WaylandRegistryGlobal> globals = new LinkedHashMap<>();

	private final List<Consumer<WaylandRegistryGlobal>> added = new CopyOnWriteArrayList<>();

	private final List<Consumer<WaylandRegistryGlobal>> removed = new CopyOnWriteArrayList<>();

	WaylandRegistry(WaylandConnection connection, WaylandWireObject object) {
		this.connection = connection;
		this.object = object;
		object.handler(this::onEvent);
	}

	private static Map<String, String> driverGlobals() {
		Map<String, String> globals = new LinkedHashMap<>();
		globals.put("zwlr_screencopy_manager_v1", "screen capture (wlr-screencopy)");
		globals.put("zwlr_virtual_pointer_manager_v1", "pointer input (wlr-virtual-pointer)");
		globals.put("zwp_virtual_keyboard_manager_v1", "keyboard input (virtual-keyboard)");
		globals.put("wl_shm", "shared-memory buffers");
		globals.put("wl_seat", "the input seat");
		globals.put("wl_output", "the displays");
		return Collections.unmodifiableMap(globals);
	}

	/** Every global offered now, in the order the compositor announced them. */
	public synchronized List<WaylandRegistryGlobal> globals() {
		return List.copyOf(this.globals.values());
	}

	/** The globals of one interface (several for {@code wl_output}). */
	public synchronized List<WaylandRegistryGlobal> globals(String interfaceName) {
		return this.globals.values()
			.stream()
			.filter((global) -> global.interfaceName().equals(interfaceName))
			.collect(Collectors.toList());
	}

	public Optional<WaylandRegistryGlobal> find(String interfaceName) {
		return globals(interfaceName).stream().findFirst();
	}

	/** The interfaces of {@code required} that no global offers, in their order. */
	public synchronized List<String> missing(Iterable<String> required) {
		List<String> missing = new ArrayList<>();
		for (String name : required) {
			if (this.globals.values().stream().noneMatch((global) -> global.interfaceName().equals(name))) {
				missing.add(name);
			}
		}
		return missing;
	}

	/**
	 * A sentence naming what the driver needs and the compositor lacks, for a start-up
	 * failure; empty when all of {@link #DRIVER_GLOBALS} is there.
	 */
	public Optional<String> missingDriverGlobals() {
		return missingSentence(missing(DRIVER_GLOBALS.keySet()));
	}

	/**
	 * "the compositor does not offer zwlr_screencopy_manager_v1 (screen capture
	 * (wlr-screencopy)), …"; empty when nothing is missing.
	 */
	public static Optional<String> missingSentence(List<String> missing) {
		if (missing.isEmpty()) {
			return Optional.empty();
		}
		String list = missing.stream()
			.map((name) -> DRIVER_GLOBALS.containsKey(name) ? name + " (" + DRIVER_GLOBALS.get(name) + ")" : name)
			.collect(Collectors.joining(", "));
		return Optional.of("the compositor does not offer " + list
				+ "; the Wayland driver needs a wlroots-based compositor such as sway");
	}

	/**
	 * Binds {@code global} at the lower of its version and {@code supportedVersion}.
	 */
	public WaylandWireObject bind(WaylandRegistryGlobal global, int supportedVersion, WaylandWireHandler handler) {
		if (supportedVersion < 1) {
			throw new IllegalArgumentException("version must be at least 1: " + supportedVersion);
		}
		int version = Math.min(global.version(), supportedVersion);
		WaylandWireObject bound = this.connection.newObject(global.interfaceName(), version, handler);
		this.connection.request(this.object, BIND).uint(global.name()).untypedNewId(bound).send();
		return bound;
	}

	/**
	 * Binds the first global of {@code interfaceName}.
	 * @throws WaylandConnectionException when the compositor does not offer it
	 */
	public WaylandWireObject bind(String interfaceName, int supportedVersion, WaylandWireHandler handler) {
		WaylandRegistryGlobal global = find(interfaceName)
			.orElseThrow(() -> new WaylandConnectionException(missingSentence(List.of(interfaceName)).orElseThrow()));
		return bind(global, supportedVersion, handler);
	}

	/**
	 * Calls {@code listener} for each global announced after this call (while the
	 * connection dispatches).
	 */
	public void onAdded(Consumer<WaylandRegistryGlobal> listener) {
		this.added.add(listener);
	}

	/** Calls {@code listener} for each global the compositor withdraws. */
	public void onRemoved(Consumer<WaylandRegistryGlobal> listener) {
		this.removed.add(listener);
	}

	private void onEvent(WaylandWireEvent event) {
		if (event.opcode() == GLOBAL) {
			WaylandRegistryGlobal global = new WaylandRegistryGlobal(event.uint(), event.string(), event.uint());
			synchronized (this) {
				this.globals.put(global.name(), global);
			}
			this.added.forEach((listener) -> listener.accept(global));
		}
		else if (event.opcode() == GLOBAL_REMOVE) {
			WaylandRegistryGlobal global;
			synchronized (this) {
				global = this.globals.remove(event.uint());
			}
			if (global != null) {
				this.removed.forEach((listener) -> listener.accept(global));
			}
		}
	}

}
