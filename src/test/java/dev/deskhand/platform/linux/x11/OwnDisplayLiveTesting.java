package dev.deskhand.platform.linux.x11;

import java.awt.image.BufferedImage;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.springframework.boot.SpringApplication;
import org.springframework.context.ConfigurableApplicationContext;

import dev.deskhand.DeskhandApplication;
import dev.deskhand.testing.ProcessResult;
import dev.deskhand.testing.ScreenRect;

/**
 * What the own-display live tests share: starting Deskhand in that mode, commands on the
 * agent display (the test's own X clients, independent of Deskhand's), and counting a
 * colour in an image.
 */
final class OwnDisplayLiveTesting {

	/** The agent's coloured window: a magenta xterm. */
	static final int MAGENTA = 0xff00ff;

	/** The person's coloured window: a green xterm. */
	static final int GREEN = 0x00c000;

	private OwnDisplayLiveTesting() {
	}

	static ConfigurableApplicationContext start(List<String> arguments) {
		List<String> all = new ArrayList<>(List.of("--server.port=0", "--management.server.port=0",
				"--deskhand.working-mode=own-display", "--deskhand.approval.policies.pointer=allow",
				"--deskhand.approval.policies.keyboard=allow", "--deskhand.approval.policies.launch=allow"));
		all.addAll(arguments);
		return new SpringApplication(DeskhandApplication.class).run(all.toArray(String[]::new));
	}

	/**
	 * The launch command of the agent's coloured window: an xterm in magenta whose shell
	 * writes what is typed into it to {@code typed} (a witness of the agent's keys that
	 * is not Deskhand).
	 */
	static List<String> paintArguments(String app, Path typed) {
		List<String> command = List.of("xterm", "-T", "agent-paint", "-class", "AgentPaint", "-bg", "#ff00ff", "-fg",
				"#ff00ff", "-cr", "#ff00ff", "-geometry", "70x20+40+40", "-e", "sh", "-c", "cat > " + typed);
		List<String> arguments = new ArrayList<>();
		for (int i = 0; i < command.size(); i++) {
			arguments.add("--deskhand.apps.launchable." + app + "[" + i + "]=" + command.get(i));
		}
		return arguments;
	}

	static int port(ConfigurableApplicationContext context) {
		return context.getEnvironment().getRequiredProperty("local.server.port", Integer.class);
	}

	static int managementPort(ConfigurableApplicationContext context) {
		return context.getEnvironment().getRequiredProperty("local.management.port", Integer.class);
	}

	/** Runs an X client of the test's own on {@code display}. */
	static ProcessResult run(String display, String... command) {
		ProcessBuilder builder = new ProcessBuilder(command).redirectInput(new File("/dev/null"));
		builder.environment().put("DISPLAY", display);
		builder.environment().remove("WAYLAND_DISPLAY");
		try {
			Process process = builder.start();
			byte[] out = process.getInputStream().readAllBytes();
			byte[] err = process.getErrorStream().readAllBytes();
			if (!process.waitFor(20, TimeUnit.SECONDS)) {
				process.destroyForcibly();
				return new ProcessResult(ProcessResult.TIMED_OUT, "", "timed out");
			}
			return new ProcessResult(process.exitValue(), new String(out, StandardCharsets.UTF_8),
					new String(err, StandardCharsets.UTF_8));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	/** The ids of the root window's children (top-level frames), by xwininfo. */
	static Set<String> topLevelWindows(String display) {
		String tree = run(display, "xwininfo", "-root", "-children").requireSuccess("xwininfo -children").stdout();
		Set<String> ids = new TreeSet<>();
		Matcher matcher = Pattern.compile("(?m)^\\s+(0x[0-9a-f]+) ").matcher(tree);
		while (matcher.find()) {
			ids.add(matcher.group(1));
		}
		return ids;
	}

	/** Windows on {@code display} whose name matches {@code regex}, by xdotool. */
	static List<String> windowsNamed(String display, String regex) {
		ProcessResult found = run(display, "xdotool", "search", "--name", regex);
		return found.succeeded()
				? Arrays.stream(found.stdout().trim().split("\\s+")).filter((id) -> !id.isBlank()).toList() : List.of();
	}

	/** A window's absolute rectangle by {@code xwininfo -name}. */
	static ScreenRect windowRect(String display, String name) {
		String info = run(display, "xwininfo", "-name", name).requireSuccess("xwininfo -name").stdout();
		return new ScreenRect(field(info, "Absolute upper-left X"), field(info, "Absolute upper-left Y"),
				field(info, "Width"), field(info, "Height"));
	}

	private static int field(String info, String name) {
		Matcher matcher = Pattern.compile("(?m)^\\s*" + Pattern.quote(name) + ":\\s+(-?\\d+)").matcher(info);
		if (!matcher.find()) {
			throw new IllegalStateException("xwininfo printed no " + name + ": " + info);
		}
		return Integer.parseInt(matcher.group(1));
	}

	/**
	 * How many pixels of {@code image} inside {@code area} are within 16 of {@code rgb}.
	 */
	static int count(BufferedImage image, ScreenRect area, int rgb) {
		int count = 0;
		int right = Math.min(image.getWidth(), area.x() + area.width());
		int bottom = Math.min(image.getHeight(), area.y() + area.height());
		for (int y = Math.max(0, area.y()); y < bottom; y++) {
			for (int x = Math.max(0, area.x()); x < right; x++) {
				if (near(image.getRGB(x, y), rgb)) {
					count++;
				}
			}
		}
		return count;
	}

	static int count(BufferedImage image, int rgb) {
		return count(image, new ScreenRect(0, 0, image.getWidth(), image.getHeight()), rgb);
	}

	private static boolean near(int argb, int rgb) {
		return Math.abs(((argb >> 16) & 0xff) - ((rgb >> 16) & 0xff)) <= 16
				&& Math.abs(((argb >> 8) & 0xff) - ((rgb >> 8) & 0xff)) <= 16
				&& Math.abs((argb & 0xff) - (rgb & 0xff)) <= 16;
	}

	/** A green xterm on the person's display: their own coloured window. */
	static Process personsGreenWindow(String display) {
		ProcessBuilder builder = new ProcessBuilder("xterm", "-T", "person-green", "-bg", "#00c000", "-fg", "#00c000",
				"-cr", "#00c000", "-geometry", "60x10+60+640")
			.redirectInput(new File("/dev/null"))
			.redirectOutput(ProcessBuilder.Redirect.DISCARD)
			.redirectError(ProcessBuilder.Redirect.DISCARD);
		builder.environment().put("DISPLAY", display);
		builder.environment().remove("WAYLAND_DISPLAY");
		try {
			return builder.start();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
