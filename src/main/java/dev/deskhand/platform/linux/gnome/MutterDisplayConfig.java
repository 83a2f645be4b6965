package dev.deskhand.platform.linux.gnome;

import dev.deskhand.platform.linux.DbusValues;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

import org.freedesktop.dbus.connections.AbstractConnection;
import org.freedesktop.dbus.types.Variant;

import dev.deskhand.platform.DisplayInfo;
import dev.deskhand.platform.Rect;
import dev.deskhand.platform.linux.dbus.DbusCall;

/**
 * The displays of a GNOME session, from {@code org.gnome.Mutter.DisplayConfig}'s
 * {@code GetCurrentState}: one {@link DisplayInfo} per logical monitor, in mutter's
 * layout coordinates (what its RemoteDesktop pointer and window positions use).
 * <p>
 * Mutter has two layout modes, and the answer says which (property {@code layout-mode};
 * absent means logical): in <em>logical</em> mode (GNOME's fractional scaling) a
 * monitor's layout size is its pixels divided by its scale, so a 1920x1200 monitor at
 * 1.25 covers 1536x960 layout units and {@link DisplayInfo#scaleFactor()} is 1.25; in
 * <em>physical</em> mode (the default without fractional scaling) layout units are pixels
 * whatever the scale, so the factor is 1 and mutter's scale only makes the UI bigger.
 * Either way bounds times the factor is the monitor's pixels: what a screencast of it
 * delivers.
 */
final class MutterDisplayConfig {

	static final String BUS_NAME = "org.gnome.Mutter.DisplayConfig";

	static final String PATH = "/org/gnome/Mutter/DisplayConfig";

	private static final int LAYOUT_LOGICAL = 1;

	private MutterDisplayConfig() {
	}

	/**
	 * Asks mutter for its current state and maps it.
	 * @return the displays, primary first
	 */
	static List<DisplayInfo> read(AbstractConnection bus, Duration timeout) {
		return displays(DbusCall.call(bus, BUS_NAME, PATH, BUS_NAME, "GetCurrentState", timeout, ""));
	}

	/**
	 * Maps {@code GetCurrentState}'s answer, {@code (u a((ssss)a(siiddada{sv})a{sv})
	 * a(iiduba(ssss)a{sv}) a{sv})}: serial, monitors, logical monitors, properties.
	 * @param state the answer's four parameters
	 * @return one display per logical monitor, primary first, else in layout order
	 */
	static List<DisplayInfo> displays(Object[] state) {
		List<Object> monitors = list(state[1]);
		boolean logical = layoutMode(state.length > 3 ? state[3] : null) == LAYOUT_LOGICAL;
		List<DisplayInfo> displays = new ArrayList<>();
		for (Object item : list(state[2])) {
			Object[] logicalMonitor = fields(item);
			int x = number(logicalMonitor[0]).intValue();
			int y = number(logicalMonitor[1]).intValue();
			double scale = number(logicalMonitor[2]).doubleValue();
			int transform = number(logicalMonitor[3]).intValue();
			boolean primary = (Boolean) logicalMonitor[4];
			List<Object> members = list(logicalMonitor[5]);
			if (members.isEmpty()) {
				continue;
			}
			// mirrored monitors share one logical monitor and one mode size: the first
			// names it
			String connector = (String) fields(members.get(0))[0];
			int[] pixels = currentMode(monitors, connector);
			// transforms 1, 3, 5, 7 turn the monitor by 90 or 270 degrees
			boolean sideways = (transform % 2) == 1;
			int pixelWidth = sideways ? pixels[1] : pixels[0];
			int pixelHeight = sideways ? pixels[0] : pixels[1];
			int width = logical ? (int) Math.round(pixelWidth / scale) : pixelWidth;
			int height = logical ? (int) Math.round(pixelHeight / scale) : pixelHeight;
			double factor = logical ? scale : 1.0;
			displays.add(new DisplayInfo(connector, connector, new Rect(x, y, width, height), factor, primary));
		}
		displays.sort(Comparator.comparing((DisplayInfo display) -> !display.primary())
			.thenComparingInt((display) -> display.bounds().x())
			.thenComparingInt((display) -> display.bounds().y()));
		return displays;
	}

	private static int layoutMode(Object properties) {
		if (properties instanceof Map<?, ?> map && map.get("layout-mode") instanceof Variant<?> mode
				&& mode.getValue() instanceof Number number) {
			return number.intValue();
		}
		return LAYOUT_LOGICAL;
	}

	// the mode marked is-current of the monitor with this connector, as {width, height}
	private static int[] currentMode(List<Object> monitors, String connector) {
		for (Object item : monitors) {
			Object[] monitor = fields(item);
			if (!connector.equals(fields(monitor[0])[0])) {
				continue;
			}
			for (Object modeItem : list(monitor[1])) {
				Object[] mode = fields(modeItem);
				if (mode.length > 6 && mode[6] instanceof Map<?, ?> properties
						&& properties.get("is-current") instanceof Variant<?> current
						&& Boolean.TRUE.equals(current.getValue())) {
					return new int[] { number(mode[1]).intValue(), number(mode[2]).intValue() };
				}
			}
			throw new IllegalStateException("mutter lists no current mode for " + connector);
		}
		throw new IllegalStateException("mutter lists no monitor " + connector + " for its logical monitor");
	}

	private static Number number(Object value) {
		return (Number) value;
	}

	private static List<Object> list(Object value) {
		return DbusValues.list(value, Object.class);
	}

	private static Object[] fields(Object struct) {
		return DbusValues.fields(struct);
	}

}
