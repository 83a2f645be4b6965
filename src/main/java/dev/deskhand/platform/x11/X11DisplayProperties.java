package dev.deskhand.platform.x11;

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
 */
@ConfigurationProperties("deskhand.display")
record X11DisplayProperties(String name, @DefaultValue("auto") Managed managed,
		@DefaultValue("1920x1080x24") String managedGeometry) {

	private static final Pattern GEOMETRY = Pattern.compile("[1-9]\\d{0,4}x[1-9]\\d{0,4}x(24|32)");

	X11DisplayProperties {
		if (managed == null) {
			managed = Managed.AUTO;
		}
		if (managedGeometry == null) {
			managedGeometry = "1920x1080x24";
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
