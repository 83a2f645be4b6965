package dev.deskhand.screen;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import dev.deskhand.testing.TestDesktop;

/**
 * Puts what an agent really looks at on a test desktop: a plasma "photo" background and
 * xterms full of text (a man page, {@code top} on a dark theme, a long listing), as in
 * {@code notes/perf-baseline.md}. Flat test screens compress ten times better than that
 * and would flatter every encoder.
 */
final class RealisticDesktop implements AutoCloseable {

	private static final Duration SLOW = Duration.ofSeconds(60);

	private final List<Process> clients = new ArrayList<>();

	private final Path workDir;

	private RealisticDesktop(Path workDir) {
		this.workDir = workDir;
	}

	static RealisticDesktop show(TestDesktop desktop) {
		try {
			RealisticDesktop content = new RealisticDesktop(Files.createTempDirectory("deskhand-bench"));
			content.paintBackground(desktop);
			content.start(desktop, "xterm", "-geometry", "110x50+30+30", "-fa", "Monospace", "-fs", "9", "-e", "man",
					"bash");
			content.start(desktop, "xterm", "-bg", "#1e1e1e", "-fg", "#9ce39c", "-geometry", "100x36+860+60", "-e",
					"top", "-d", "60");
			content.start(desktop, "xterm", "-bg", "#fdf6e3", "-fg", "#333333", "-geometry", "120x28+700+560", "-e",
					"sh", "-c", "ls -la --color=always /usr/bin | head -200; sleep 3600");
			// let the windows map, draw and the window manager place them
			Thread.sleep(3000);
			return content;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	private void paintBackground(TestDesktop desktop) {
		Path background = this.workDir.resolve("plasma.png");
		String[] size = desktop.geometry().split("x");
		desktop
			.run(SLOW, "/usr/bin/convert", "-seed", "7", "-size", size[0] + "x" + size[1], "plasma:fractal", "-blur",
					"0x1", background.toString())
			.requireSuccess("convert plasma");
		// display exits with 1 after setting the root background; the background stays
		desktop.run(SLOW, "/usr/bin/display", "-window", "root", background.toString());
	}

	private void start(TestDesktop desktop, String... command) throws IOException {
		ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
			.redirectOutput(ProcessBuilder.Redirect.DISCARD);
		builder.environment().putAll(desktop.environment());
		builder.environment().put("TERM", "xterm");
		this.clients.add(builder.start());
	}

	@Override
	public void close() {
		for (Process client : this.clients) {
			client.destroy();
		}
	}

}
