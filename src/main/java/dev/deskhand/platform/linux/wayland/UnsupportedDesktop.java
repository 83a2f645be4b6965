package dev.deskhand.platform.linux.wayland;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What to tell someone whose Wayland desktop the sway driver was chosen for but does not
 * speak. GNOME and KDE Plasma have drivers of their own ({@code WaylandDesktop} picks
 * them from {@code XDG_CURRENT_DESKTOP}); every other desktop gets the sway driver, and
 * on Hyprland, Weston or COSMIC its own failure ("no sway IPC socket") says nothing a
 * person can act on. Read from {@code XDG_CURRENT_DESKTOP}, a colon-separated list such
 * as {@code ubuntu:GNOME}.
 */
final class UnsupportedDesktop {

	// the desktops whose session the sway driver does speak: its own failure is the
	// useful one there
	private static final List<String> SWAY = List.of("SWAY", "WLROOTS");

	private static final String WHAT_TO_DO = "Log into an X11 session where one is offered, or let Deskhand run a "
			+ "virtual display of its own beside yours (--deskhand.display.managed=true)";

	private UnsupportedDesktop() {
	}

	/** The sentence for this session's desktop, empty when it is sway's or unnamed. */
	static Optional<String> explain(Map<String, String> environment) {
		String current = environment.getOrDefault("XDG_CURRENT_DESKTOP", "").strip();
		Set<String> desktops = Arrays.stream(current.split(":"))
			.map((name) -> name.strip().toUpperCase(Locale.ROOT))
			.filter((name) -> !name.isEmpty())
			.collect(Collectors.toSet());
		if (desktops.isEmpty() || desktops.stream().anyMatch(SWAY::contains)) {
			return Optional.empty();
		}
		if (desktops.contains("GNOME") || desktops.contains("KDE")) {
			return Optional.of("this is " + (desktops.contains("GNOME") ? "GNOME" : "KDE Plasma")
					+ " on Wayland (XDG_CURRENT_DESKTOP=" + current + "), which has a driver of its own, but "
					+ "deskhand.platform.wayland-desktop chose the sway driver: set it to auto");
		}
		return Optional.of("this is " + current + " (XDG_CURRENT_DESKTOP), a Wayland desktop Deskhand has no driver "
				+ "for: on Wayland it drives GNOME, KDE Plasma and sway. " + WHAT_TO_DO
				+ "; if this is one of those three, say which with --deskhand.platform.wayland-desktop=gnome, kde or "
				+ "wlroots");
	}

}
