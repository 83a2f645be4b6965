package dev.deskhand.platform.linux.x11;

import java.time.Duration;
import java.util.regex.Pattern;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Which X display Deskhand drives, and whether it may start its own.
 *
 * @param name the X display, e.g. {@code :0}; unset means the {@code DISPLAY} environment
 * variable
 * @param managed {@code auto}: start and own an Xvfb when the display is unset or
 * unreachable; {@code true}: always start one; {@code false}: never
 * @param managedGeometry the managed Xvfb's screen, {@code WIDTHxHEIGHTxDEPTH}
 * @param callTimeout how long any one call on the display (a capture, a window list, a
 * key press) may take before it answers E_TIMEOUT and the connection is given up; while
 * the display does not answer, calls answer E_NO_DESKTOP at once
 * @param wedgedAfter how long a native call may stay stuck while the display answers
 * before liveness fails: the driver cannot recover by itself then
 */
@ConfigurationProperties("deskhand.display")
record X11DisplayProperties(String name, @DefaultValue("auto") Managed managed,
		@DefaultValue("1920x1080x24") String managedGeometry, @DefaultValue("5s") Duration callTimeout,
		@DefaultValue("60s") Duration wedgedAfter) {

	private static final Pattern GEOMETRY = Pattern.compile("[1-9]\\d{0,4}x[1-9]\\d{0,4}x(24|32)");

	X11DisplayProperties {
		if (managed == null) {
			managed = Managed.AUTO;
		}
		if (managedGeometry == null) {
			managedGeometry = "1920x1080x24";
		}
		if (callTimeout == null) {
			callTimeout = X11DesktopDriver.DEFAULT_CALL_TIMEOUT;
		}
		if (wedgedAfter == null) {
			wedgedAfter = X11DesktopDriver.DEFAULT_WEDGED_AFTER;
		}
		if (callTimeout.isNegative() || callTimeout.isZero()) {
			throw new IllegalArgumentException("deskhand.display.call-timeout must be positive, not " + callTimeout);
		}
		if (wedgedAfter.compareTo(callTimeout) <= 0) {
			throw new IllegalArgumentException("deskhand.display.wedged-after (" + wedgedAfter
					+ ") must be longer than deskhand.display.call-timeout (" + callTimeout + ")");
		}
		if (!GEOMETRY.matcher(managedGeometry).matches()) {
			throw new IllegalArgumentException("deskhand.display.managed-geometry must look like 1920x1080x24"
					+ " (width x height x depth 24 or 32), not '" + managedGeometry + "'");
		}
	}

	enum Managed {

		AUTO, TRUE, FALSE

	}

}
