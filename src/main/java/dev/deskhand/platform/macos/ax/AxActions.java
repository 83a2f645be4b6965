package dev.deskhand.platform.macos.ax;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * AX action names as the friendly names agents see, the default first: {@code AXPress} is
 * what a click does, so it leads wherever the application listed it.
 */
final class AxActions {

	// in the order agents get them: the first is the default action
	private static final Map<String, String> FRIENDLY = Map.of("AXPress", "press", "AXPick", "pick", "AXIncrement",
			"increment", "AXDecrement", "decrement", "AXConfirm", "confirm", "AXCancel", "cancel", "AXShowMenu",
			"show menu", "AXRaise", "raise");

	private static final List<String> ORDER = List.of("AXPress", "AXPick", "AXIncrement", "AXDecrement", "AXConfirm",
			"AXCancel", "AXShowMenu", "AXRaise");

	private AxActions() {
	}

	/**
	 * The AX names in the order agents get them: the known ones first, in their order.
	 */
	static List<String> ordered(List<String> axNames) {
		List<String> known = new ArrayList<>();
		List<String> other = new ArrayList<>();
		for (String name : axNames) {
			if (name == null || name.isBlank() || known.contains(name) || other.contains(name)) {
				continue;
			}
			(FRIENDLY.containsKey(name) ? known : other).add(name);
		}
		known.sort(Comparator.comparingInt(ORDER::indexOf));
		known.addAll(other);
		return known;
	}

	/** The friendly names, in {@link #ordered} order. */
	static List<String> friendly(List<String> axNames) {
		return ordered(axNames).stream().map(AxActions::friendlyName).toList();
	}

	/** The AX name among {@code axNames} that is shown as {@code friendly}. */
	static Optional<String> axName(List<String> axNames, String friendly) {
		return ordered(axNames).stream().filter((name) -> friendlyName(name).equals(friendly)).findFirst();
	}

	// AXScrollToVisible -> "scroll to visible"; a custom action
	// ("Name:Reply\nTarget:...")
	// -> its name
	static String friendlyName(String axName) {
		String known = FRIENDLY.get(axName);
		if (known != null) {
			return known;
		}
		if (axName.startsWith("Name:")) {
			int end = axName.indexOf('\n');
			return axName.substring(5, (end > 0) ? end : axName.length()).strip();
		}
		if (axName.startsWith("AX") && axName.length() > 2) {
			return axName.substring(2).replaceAll("(?<=[a-z])(?=[A-Z])", " ").toLowerCase(Locale.ROOT);
		}
		return axName;
	}

}
