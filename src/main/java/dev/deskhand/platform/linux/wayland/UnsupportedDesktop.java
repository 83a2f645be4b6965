package dev.deskhand.platform.linux.wayland;

import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What to tell someone whose Wayland desktop Deskhand does not drive: the Wayland driver
 * speaks to wlroots compositors (sway), and on GNOME or KDE Plasma its own failure ("no
 * sway IPC socket") says nothing they can act on. Read from {@code XDG_CURRENT_DESKTOP},
 * a colon-separated list such as {@code ubuntu:GNOME}.
 */
final class UnsupportedDesktop {

	private static final String OWN_DISPLAY = "or let Deskhand run a virtual display of its own beside yours "
			+ "(--deskhand.display.managed=true)";

	private UnsupportedDesktop() {
	}

	/** The sentence for this session's desktop, empty when it is none of those. */
	static Optional<String> explain(Map<String, String> environment) {
		String current = environment.getOrDefault("XDG_CURRENT_DESKTOP", "");
		Set<String> desktops = Arrays.stream(current.split(":"))
			.map((name) -> name.strip().toUpperCase(Locale.ROOT))
			.collect(Collectors.toSet());
		if (desktops.contains("GNOME")) {
			return Optional.of("this is GNOME on Wayland (XDG_CURRENT_DESKTOP=" + current
					+ "), which Deskhand does not drive yet: it drives X11 sessions and wlroots compositors such as "
					+ "sway. Log into an X11 session where one is offered (\"GNOME on Xorg\"; GNOME 49 has none), "
					+ OWN_DISPLAY + "; docs/platforms/gnome.md says how far GNOME support has come");
		}
		if (desktops.contains("KDE")) {
			return Optional.of("this is KDE Plasma on Wayland (XDG_CURRENT_DESKTOP=" + current
					+ "), which Deskhand does not drive yet: it drives X11 sessions and wlroots compositors such "
					+ "as sway. Log into the \"Plasma (X11)\" session where it is offered, " + OWN_DISPLAY);
		}
		return Optional.empty();
	}

}
