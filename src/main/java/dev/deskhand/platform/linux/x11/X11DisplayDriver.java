package dev.deskhand.platform.linux.x11;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import dev.deskhand.platform.DisplayDriver;
import dev.deskhand.platform.DisplayInfo;
import dev.deskhand.platform.Point;
import dev.deskhand.platform.Rect;

/**
 * Displays are RandR 1.5 monitors ({@code xrandr --listmonitors}), on the observation
 * connection. Without RandR 1.5, or when it reports no monitor, the root window is the
 * one display.
 */
final class X11DisplayDriver implements DisplayDriver {

	/** RandR 1.5 introduced monitors. */
	static final int RANDR_MONITORS = 105;

	/** The id of the one display when RandR reports none. */
	static final String ROOT_ID = "root";

	private final X11SharedConnection observe;

	X11DisplayDriver(X11SharedConnection observe) {
		this.observe = observe;
	}

	@Override
	public List<DisplayInfo> displays() {
		return this.observe.call((connection) -> {
			List<X11Connection.Monitor> monitors = (connection.randrVersion() >= RANDR_MONITORS) ? connection.monitors()
					: List.of();
			if (monitors.isEmpty()) {
				X11Connection.RootInfo root = connection.rootInfo();
				return List.of(rootDisplay(root.width(), root.height()));
			}
			return toDisplays(monitors);
		});
	}

	@Override
	public Point pointerPosition() {
		X11Connection.PointerState state = this.observe.call(X11Connection::queryPointer);
		return new Point(state.x(), state.y());
	}

	static DisplayInfo rootDisplay(int width, int height) {
		return new DisplayInfo(ROOT_ID, "root window", new Rect(0, 0, width, height), 1.0, true);
	}

	/**
	 * Primary first, then left to right and top to bottom. The id is the monitor's RandR
	 * name with anything but letters, digits, {@code .}, {@code _} and {@code -}
	 * replaced, so it is stable while the monitor exists and safe in URLs and logs.
	 */
	static List<DisplayInfo> toDisplays(List<X11Connection.Monitor> monitors) {
		List<X11Connection.Monitor> ordered = new ArrayList<>(monitors);
		ordered.sort(Comparator.comparing((X11Connection.Monitor monitor) -> !monitor.primary())
			.thenComparingInt(X11Connection.Monitor::x)
			.thenComparingInt(X11Connection.Monitor::y));
		List<DisplayInfo> displays = new ArrayList<>();
		Set<String> ids = new HashSet<>();
		for (int i = 0; i < ordered.size(); i++) {
			X11Connection.Monitor monitor = ordered.get(i);
			String name = (monitor.name() == null || monitor.name().isEmpty()) ? "monitor-" + i : monitor.name();
			String id = name.replaceAll("[^A-Za-z0-9._-]", "_");
			String unique = id;
			for (int n = 2; !ids.add(unique); n++) {
				unique = id + "-" + n;
			}
			displays.add(new DisplayInfo(unique, name,
					new Rect(monitor.x(), monitor.y(), monitor.width(), monitor.height()), 1.0, monitor.primary()));
		}
		return List.copyOf(displays);
	}

}
