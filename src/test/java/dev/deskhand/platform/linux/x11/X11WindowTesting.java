package dev.deskhand.platform.linux.x11;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.deskhand.platform.Rect;
import dev.deskhand.testing.TestDesktop;

/**
 * The independent witnesses the window tests compare the driver with: xwininfo, xdotool
 * and the processes the tests start.
 */
final class X11WindowTesting {

	private static final Duration QUICK = Duration.ofSeconds(10);

	private static final Pattern XWININFO_VALUE = Pattern
		.compile("(?m)^\\s*(Absolute upper-left X|Absolute " + "upper-left Y|Width|Height):\\s+(-?\\d+)$");

	private X11WindowTesting() {
	}

	/** The client window's "Absolute upper-left" and size, as xwininfo prints them. */
	static Rect xwininfoBounds(TestDesktop desktop, long id) {
		String info = desktop.run(QUICK, "xwininfo", "-id", hex(id)).requireSuccess("xwininfo").stdout();
		Matcher matcher = XWININFO_VALUE.matcher(info);
		List<Integer> values = new ArrayList<>();
		while (matcher.find()) {
			values.add(Integer.parseInt(matcher.group(2)));
		}
		if (values.size() != 4) {
			throw new IllegalStateException("unexpected xwininfo output: " + info);
		}
		return new Rect(values.get(0), values.get(1), values.get(2), values.get(3));
	}

	/**
	 * @return {@code xdotool getactivewindow}, 0 when it names none
	 */
	static long xdotoolActiveWindow(TestDesktop desktop) {
		String output = desktop.run(QUICK, "xdotool", "getactivewindow").stdout().strip();
		return output.isEmpty() ? 0 : Long.parseLong(output);
	}

	/**
	 * @param title a title without POSIX regular expression characters
	 * @return the ids {@code xdotool search --name} finds for exactly this title
	 */
	static List<Long> xdotoolSearchByName(TestDesktop desktop, String title) {
		String output = desktop.run(QUICK, "xdotool", "search", "--name", "^" + title + "$").stdout();
		return output.lines().filter((line) -> !line.isBlank()).map((line) -> Long.parseLong(line.strip())).toList();
	}

	/**
	 * An xterm without a shell (a prompt would retitle it), running {@code sleep} for a
	 * minute.
	 */
	static Process startXterm(TestDesktop desktop, String title, String geometry) {
		ProcessBuilder builder = new ProcessBuilder("xterm", "-T", title, "-geometry", geometry, "-e", "sleep", "60")
			.redirectErrorStream(true)
			.redirectOutput(ProcessBuilder.Redirect.DISCARD);
		builder.environment().putAll(desktop.environment());
		try {
			return builder.start();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** Stops a process the test started, by its handle, and waits until it is gone. */
	static void stop(Process process) {
		if (process == null) {
			return;
		}
		process.destroy();
		try {
			if (!process.waitFor(5, TimeUnit.SECONDS)) {
				process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	static String hex(long id) {
		return "0x" + Long.toHexString(id);
	}

}
