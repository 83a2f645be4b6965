package dev.deskhand.platform.linux.x11;

import java.nio.file.Path;
import java.util.regex.Pattern;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

import dev.deskhand.files.StateDirectory;

/**
 * The agent's display of its own in the {@code own-display} working mode
 * ({@code deskhand.own-display.*}).
 *
 * @param viewer how the person sees it: {@code auto} nests an Xephyr window in the
 * person's X11 display when it is reachable (the person watches and can reach in), else a
 * headless Xvfb the person watches in the console; {@code xephyr} insists on the window
 * (start-up fails without it); {@code none} is always headless
 * @param size the agent display's screen, {@code WIDTHxHEIGHT}
 * @param firstNumber the first X display number it may take
 * @param lockFile where the agent display's processes are written while it runs, so that
 * the next start stops those a crashed server left; default
 * {@code <deskhand.state-dir>/own-display.lock}
 */
@ConfigurationProperties("deskhand.own-display")
record X11OwnDisplayProperties(@DefaultValue("auto") Viewer viewer, @DefaultValue("1280x800") String size,
		@DefaultValue("110") int firstNumber, Path lockFile) {

	private static final Pattern SIZE = Pattern.compile("[1-9]\\d{1,4}x[1-9]\\d{1,4}");

	X11OwnDisplayProperties {
		if (viewer == null) {
			viewer = Viewer.AUTO;
		}
		if (size == null) {
			size = "1280x800";
		}
		if (!SIZE.matcher(size).matches()) {
			throw new IllegalArgumentException(
					"deskhand.own-display.size must look like 1280x800 (width x height), not '" + size + "'");
		}
		if (firstNumber < 1 || firstNumber > 60000) {
			throw new IllegalArgumentException(
					"deskhand.own-display.first-number must be a display number from 1, not " + firstNumber);
		}
		// The configuration derives it from deskhand.state-dir; this is for records
		// built without it
		lockFile = StateDirectory
			.expandHome((lockFile != null) ? lockFile : StateDirectory.defaultPath().resolve("own-display.lock"));
	}

	enum Viewer {

		AUTO, XEPHYR, NONE

	}

}
