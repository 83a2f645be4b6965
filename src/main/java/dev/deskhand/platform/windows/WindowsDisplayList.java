package dev.deskhand.platform.windows;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import dev.deskhand.platform.DisplayInfo;

/**
 * Turns recorded monitors into {@link DisplayInfo}s.
 *
 * <p>
 * Under PerMonitorV2 Windows reports every monitor in physical pixels and takes input in
 * them, so device pixels equal logical units and the scale factor is 1.0 on every
 * monitor, whatever the user's scale setting. That setting (the effective DPI over 96)
 * only says how large applications draw there; it is kept in the display's name, e.g.
 * {@code DISPLAY2 (144 dpi, 150%)}, for the self-test and for humans.
 */
final class WindowsDisplayList {

	private static final String DEVICE_PREFIX = "\\\\.\\";

	private static final int DEFAULT_DPI = 96;

	private WindowsDisplayList() {
	}

	/**
	 * Primary first, then left to right and top to bottom. The id is the device name
	 * without its {@code \\.\} prefix ({@code DISPLAY1}), with anything but letters,
	 * digits, {@code .}, {@code _} and {@code -} replaced: stable while the monitor stays
	 * attached to its adapter output, safe in URLs and logs.
	 */
	static List<DisplayInfo> toDisplays(List<WindowsMonitor> monitors) {
		List<WindowsMonitor> ordered = new ArrayList<>(monitors);
		ordered.sort(Comparator.comparing((WindowsMonitor monitor) -> !monitor.primary())
			.thenComparingInt((monitor) -> monitor.bounds().x())
			.thenComparingInt((monitor) -> monitor.bounds().y()));
		List<DisplayInfo> displays = new ArrayList<>();
		Set<String> ids = new HashSet<>();
		for (int i = 0; i < ordered.size(); i++) {
			WindowsMonitor monitor = ordered.get(i);
			String device = shortName(monitor.deviceName(), i);
			String id = device.replaceAll("[^A-Za-z0-9._-]", "_");
			String unique = id;
			for (int n = 2; !ids.add(unique); n++) {
				unique = id + "-" + n;
			}
			displays.add(new DisplayInfo(unique, device + " (" + scaleText(monitor.dpi()) + ")", monitor.bounds(), 1.0,
					monitor.primary()));
		}
		return List.copyOf(displays);
	}

	/** The user's scale setting for a monitor, e.g. {@code 144 dpi, 150%}. */
	static String scaleText(int dpi) {
		if (dpi <= 0) {
			return "dpi unknown";
		}
		return dpi + " dpi, " + Math.round(dpi * 100.0 / DEFAULT_DPI) + "%";
	}

	private static String shortName(String deviceName, int index) {
		if (deviceName == null || deviceName.isBlank()) {
			return "monitor-" + index;
		}
		return deviceName.startsWith(DEVICE_PREFIX) ? deviceName.substring(DEVICE_PREFIX.length()) : deviceName;
	}

}
