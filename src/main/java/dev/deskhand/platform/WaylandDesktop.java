package dev.deskhand.platform;

import java.util.Arrays;
import java.util.Locale;
import java.util.Set;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;

/**
 * The Wayland desktops Deskhand has a driver for. Under Wayland every compositor offers
 * programs a different API for what X11 gave everyone (capture, input injection, the
 * window list), so the driver is chosen by desktop, not by display server alone.
 * <p>
 * Detected from environment variables alone, like {@link DisplayServer}: never through
 * D-Bus or a socket, so that choosing a driver cannot wait on a server. The rules, in
 * order:
 * <ol>
 * <li>{@code XDG_CURRENT_DESKTOP} (a colon-separated list, e.g. {@code ubuntu:GNOME})
 * names {@code GNOME}: {@link #GNOME}; names {@code KDE}: {@link #KDE}.</li>
 * <li>anything else: {@link #WLROOTS}, the sway driver, which finds sway through
 * {@code SWAYSOCK} and, where no driver speaks the compositor (Weston, Hyprland without
 * sway's IPC, COSMIC), fails start-up with a sentence naming the desktops Deskhand drives
 * and what to do.</li>
 * </ol>
 * The {@code deskhand.platform.wayland-desktop} property ({@code auto}, {@code wlroots},
 * {@code gnome}, {@code kde}) replaces the detected one, for a service started without
 * the session's variables.
 */
public enum WaylandDesktop {

	/** sway and other compositors that offer wlroots' protocols and sway's IPC. */
	WLROOTS,

	/** GNOME Shell or mutter, through mutter's D-Bus API. */
	GNOME,

	/** KDE Plasma's KWin. */
	KDE;

	/**
	 * Applies the rules above.
	 * @param variables an environment variable's value by name, {@code null} when unset
	 * @return the desktop and what said so
	 */
	static Detection detect(UnaryOperator<String> variables) {
		String current = variables.apply("XDG_CURRENT_DESKTOP");
		Set<String> desktops = (current == null) ? Set.of()
				: Arrays.stream(current.split(":"))
					.map((name) -> name.strip().toUpperCase(Locale.ROOT))
					.collect(Collectors.toSet());
		if (desktops.contains("GNOME")) {
			return new Detection(GNOME, "XDG_CURRENT_DESKTOP=" + current);
		}
		if (desktops.contains("KDE")) {
			return new Detection(KDE, "XDG_CURRENT_DESKTOP=" + current);
		}
		return new Detection(WLROOTS, (current == null || current.isBlank()) ? "XDG_CURRENT_DESKTOP unset"
				: "XDG_CURRENT_DESKTOP=" + current);
	}

	/**
	 * A Wayland desktop and what said so, for condition reports.
	 *
	 * @param evidence e.g. {@code XDG_CURRENT_DESKTOP=ubuntu:GNOME}
	 */
	record Detection(WaylandDesktop desktop, String evidence) {

		@Override
		public String toString() {
			return this.desktop + " (" + this.evidence + ")";
		}

	}

}
