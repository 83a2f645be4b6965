package dev.deskhand.platform.linux.x11;

import java.util.function.Predicate;

import dev.deskhand.platform.linux.x11.X11DisplayProperties.Managed;

/**
 * Decides, from configuration and what is reachable, which display to drive. Pure: the
 * probes are parameters, so every branch is a unit test.
 */
final class X11DisplayResolver {

	private static final String INSTALL_XVFB = "apt-get install xvfb openbox";

	private X11DisplayResolver() {
	}

	sealed interface Decision {

	}

	/** Drive this display, which answers. */
	record UseExisting(String name) implements Decision {
	}

	/** Start and own an Xvfb; {@code why} is for the log. */
	record StartManaged(String why) implements Decision {
	}

	/** Refuse to start, with a sentence an operator can act on. */
	record Fail(String message) implements Decision {
	}

	/**
	 * @param configuredName {@code deskhand.display.name}, may be null
	 * @param environmentDisplay {@code $DISPLAY}, may be null
	 * @param managed {@code deskhand.display.managed}
	 * @param reachable whether an X server answers at a display name
	 * @param xvfbInstalled whether {@code Xvfb} is on the PATH
	 */
	static Decision decide(String configuredName, String environmentDisplay, Managed managed,
			Predicate<String> reachable, boolean xvfbInstalled) {
		String name = blankToNull(configuredName);
		String source = "deskhand.display.name " + name;
		if (name == null) {
			name = blankToNull(environmentDisplay);
			source = "DISPLAY " + name;
		}
		if (managed == Managed.TRUE) {
			if (!xvfbInstalled) {
				return new Fail("deskhand.display.managed=true but Xvfb is not installed; install it (" + INSTALL_XVFB
						+ ") or set deskhand.display.managed=auto to use an existing display");
			}
			return new StartManaged("deskhand.display.managed=true");
		}
		if (name != null && reachable.test(name)) {
			return new UseExisting(name);
		}
		String problem = (name != null) ? source + " is not reachable"
				: "no X display is set (DISPLAY and deskhand.display.name are empty)";
		if (managed == Managed.FALSE) {
			return new Fail(problem + "; start an X server (or Xvfb), set deskhand.display.name, or set"
					+ " deskhand.display.managed=auto to let Deskhand start its own Xvfb");
		}
		if (!xvfbInstalled) {
			return new Fail(problem + " and Xvfb is not installed; start an X server and set deskhand.display.name,"
					+ " or install Xvfb (" + INSTALL_XVFB + ") so that Deskhand can start its own display");
		}
		return new StartManaged(problem);
	}

	private static String blankToNull(String value) {
		return (value == null || value.isBlank()) ? null : value.trim();
	}

}
