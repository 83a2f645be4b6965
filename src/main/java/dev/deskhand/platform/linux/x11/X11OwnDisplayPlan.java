package dev.deskhand.platform.linux.x11;

import java.util.function.Predicate;

import dev.deskhand.platform.linux.x11.X11OwnDisplayProperties.Viewer;

/**
 * Decides, from configuration and what the person's session offers, which agent display
 * the own-display working mode starts. Pure: the probes are parameters, so every branch
 * is a unit test.
 */
final class X11OwnDisplayPlan {

	private static final String INSTALL = "apt-get install xserver-xephyr xvfb openbox";

	private X11OwnDisplayPlan() {
	}

	sealed interface Decision {

	}

	/**
	 * An Xephyr window on the person's X display {@code host}.
	 */
	record Nested(String host) implements Decision {
	}

	/**
	 * A headless Xvfb; {@code personDisplay} is the person's X display when the failsafe
	 * can still read their keyboard there ({@code null} when it cannot), {@code why} is
	 * for the log.
	 */
	record Headless(String personDisplay, String why) implements Decision {
	}

	/** Refuse to start, with a sentence an operator can act on. */
	record Fail(String message) implements Decision {
	}

	/**
	 * @param viewer {@code deskhand.own-display.viewer}
	 * @param personOnWayland whether the person's session is Wayland (its X display, if
	 * any, is Xwayland, which shows only X11 applications and is no place for a window of
	 * the agent's we cannot stack or whose keys we cannot read)
	 * @param personDisplay {@code deskhand.display.name}, else {@code $DISPLAY}; may be
	 * null
	 * @param reachable whether an X server answers at a display name
	 * @param xephyrInstalled whether {@code Xephyr} is on the PATH
	 * @param xvfbInstalled whether {@code Xvfb} is on the PATH
	 */
	static Decision decide(Viewer viewer, boolean personOnWayland, String personDisplay, Predicate<String> reachable,
			boolean xephyrInstalled, boolean xvfbInstalled) {
		String person = (personOnWayland || personDisplay == null || personDisplay.isBlank()) ? null
				: personDisplay.trim();
		boolean personReachable = person != null && reachable.test(person);
		if (viewer != Viewer.NONE && personReachable && xephyrInstalled) {
			return new Nested(person);
		}
		if (viewer == Viewer.XEPHYR) {
			String why = personOnWayland ? "the person's session is Wayland"
					: (person == null) ? "no X display is set (DISPLAY and deskhand.display.name are empty)"
							: !personReachable ? "X display " + person + " is not reachable"
									: "Xephyr is not installed (" + INSTALL + ")";
			return new Fail("deskhand.own-display.viewer=xephyr needs the person's X11 display to nest in, but " + why
					+ "; set deskhand.own-display.viewer=none (or auto) for a headless agent display the person"
					+ " watches in the console");
		}
		if (!xvfbInstalled) {
			return new Fail("deskhand.working-mode=own-display needs Xvfb for a headless agent display"
					+ (personReachable ? "" : " (no X11 display of the person's to nest an Xephyr in)")
					+ "; install it (" + INSTALL + ") or set deskhand.working-mode=shared");
		}
		String why = (viewer == Viewer.NONE) ? "deskhand.own-display.viewer=none"
				: personOnWayland ? "the person's session is Wayland" : (person == null) ? "the person has no X display"
						: !personReachable ? "X display " + person + " is not reachable" : "Xephyr is not installed";
		return new Headless(personReachable ? person : null, why);
	}

}
