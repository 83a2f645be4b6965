package dev.deskhand.bench;

import java.io.File;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import dev.deskhand.testing.ProcessResult;
import dev.deskhand.testing.TestDesktop;

/**
 * Dresses a test desktop the way a real one looks, because a flat screen flatters every
 * screenshot pipeline: deflate and JPEG are far cheaper on uniform areas than on a photo
 * or antialiased text.
 * <ul>
 * <li>a photo-like background: ImageMagick's {@code plasma:fractal}, 8 bits per channel,
 * seeded so every run shows the same picture; it compresses like a photo (about 3.5 MB as
 * a 1920x1080 PNG);</li>
 * <li>three xterms of text: {@code top} in an antialiased DejaVu Sans Mono,
 * {@code ls -l /usr/bin} on a dark theme in the bitmap font, and a "log" that the
 * benchmark appends a line to before each screenshot (see {@link #tick}), so that every
 * screenshot sees a changed screen as an agent's does after an action, and a
 * damage-tracking shortcut cannot answer from a cache;</li>
 * <li>the witness window, opened by the caller after this, for clicks and typing.</li>
 * </ul>
 */
final class BenchDesktop implements AutoCloseable {

	/** Every program the benchmark runs, with the Debian package that has it. */
	private static final List<String[]> TOOLS = List.of(new String[] { "Xvfb", "xvfb" },
			new String[] { "openbox", "openbox" }, new String[] { "xdotool", "xdotool" },
			new String[] { "wmctrl", "wmctrl" }, new String[] { "xwininfo", "x11-utils" },
			new String[] { "xprop", "x11-utils" }, new String[] { "import", "imagemagick" },
			new String[] { "convert", "imagemagick" }, new String[] { "display", "imagemagick" },
			new String[] { "scrot", "scrot" }, new String[] { "xterm", "xterm" },
			new String[] { "base64", "coreutils" }, new String[] { "mkfifo", "coreutils" });

	private static final Duration QUICK = Duration.ofSeconds(20);

	private static final String[] BACKGROUND_SEEDS = { "4242", "4243" };

	private int background;

	private final TestDesktop desktop;

	private final Path dir;

	private final List<Process> clients = new ArrayList<>();

	private RandomAccessFile log;

	private long ticks;

	private BenchDesktop(TestDesktop desktop, Path dir) {
		this.desktop = desktop;
		this.dir = dir;
	}

	/**
	 * Fails, not skips, when a tool is missing: a benchmark that silently measures
	 * nothing is worse than one that says what to install.
	 */
	static void requireTools() {
		List<String> missing = new ArrayList<>();
		List<String> packages = new ArrayList<>();
		for (String[] tool : TOOLS) {
			if (onPath(tool[0]).isEmpty()) {
				missing.add(tool[0]);
				if (!packages.contains(tool[1])) {
					packages.add(tool[1]);
				}
			}
		}
		if (!missing.isEmpty()) {
			throw new IllegalStateException("the benchmark needs " + missing + " on PATH. Run bench/run, which installs"
					+ " them as root, or: sudo apt-get install " + String.join(" ", packages));
		}
	}

	static Optional<File> onPath(String tool) {
		String path = Optional.ofNullable(System.getenv("PATH")).orElse("");
		for (String entry : path.split(File.pathSeparator)) {
			File file = new File(entry, tool);
			if (!entry.isEmpty() && file.canExecute()) {
				return Optional.of(file);
			}
		}
		return Optional.empty();
	}

	/**
	 * ImageMagick's {@code convert}, preferring {@code /usr/bin/convert}: a machine may
	 * put a wrapper script of the same name earlier on PATH (this one does), and a
	 * wrapper's extra process would be charged to the peers.
	 */
	static String convert() {
		File usual = new File("/usr/bin/convert");
		return usual.canExecute() ? usual.getPath() : onPath("convert").orElseThrow().getPath();
	}

	static BenchDesktop dress(TestDesktop desktop) {
		Path dir;
		try {
			dir = Files.createTempDirectory("deskhand-bench-");
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		BenchDesktop dressed = new BenchDesktop(desktop, dir);
		try {
			dressed.background();
			dressed.terminals();
			return dressed;
		}
		catch (RuntimeException ex) {
			dressed.close();
			throw ex;
		}
	}

	Path dir() {
		return this.dir;
	}

	private void background() {
		for (int i = 0; i < BACKGROUND_SEEDS.length; i++) {
			this.desktop
				.run(Duration.ofSeconds(60), convert(), "-seed", BACKGROUND_SEEDS[i], "-size", "1920x1080",
						"plasma:fractal", "-depth", "8", backgroundPicture(i).toString())
				.requireSuccess("convert plasma:fractal");
		}
		showBackground(0);
	}

	/**
	 * Swaps the background for another photo: every row of the screen changes (the
	 * terminals leave a strip of background at the left edge), the worst case for a
	 * screenshot.
	 */
	void swapBackground() {
		this.background = (this.background + 1) % BACKGROUND_SEEDS.length;
		showBackground(this.background);
	}

	private void showBackground(int index) {
		// display -window root sets the root window's background pixmap and exits; the
		// server keeps the pixmap after the client is gone. It exits with 1 even when it
		// worked, so the check is the screen itself (see contentBytes)
		this.desktop.run(QUICK, "display", "-window", "root", backgroundPicture(index).toString());
	}

	private Path backgroundPicture(int index) {
		return this.dir.resolve("background-" + index + ".png");
	}

	private void terminals() {
		Path fifo = this.dir.resolve("ticker");
		this.desktop.run(QUICK, "mkfifo", fifo.toString()).requireSuccess("mkfifo");
		// xterm -geometry is COLUMNSxROWS+X+Y; openbox honours the position because xterm
		// sets it as user-specified
		start("xterm", "-geometry", "100x42+8+8", "-fa", "DejaVu Sans Mono", "-fs", "9", "-T", "top", "-hold", "-e",
				"sh", "-c", "COLUMNS=100 top -b -n1 -w 100 | head -n 41");
		start("xterm", "-geometry", "110x36+840+8", "-bg", "#1e1e2e", "-fg", "#cdd6f4", "-cr", "#f5e0dc", "-T",
				"ls -l /usr/bin", "-hold", "-e", "sh", "-c", "ls -l /usr/bin | head -n 80");
		// the log terminal: some text, then every line the benchmark writes to the fifo;
		// opening the fifo read-write keeps it open across writers, so cat never sees end
		// of file
		start("xterm", "-geometry", "118x20+8+720", "-T", "bench log", "-e", "sh", "-c",
				"ls -l /etc | head -n 12; exec 3<>\"$1\"; exec cat <&3", "sh", fifo.toString());
		awaitTitles("top", "ls -l /usr/bin", "bench log");
		try {
			// read-write: opening a fifo write-only blocks until a reader has it open,
			// and would hang
			// here for good if the terminal failed; read-write never blocks on Linux
			this.log = new RandomAccessFile(fifo.toFile(), "rw");
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private void start(String... command) {
		ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
			.redirectOutput(this.dir.resolve("xterm-" + this.clients.size() + ".log").toFile())
			.redirectInput(new File("/dev/null"));
		builder.environment().putAll(this.desktop.environment());
		try {
			this.clients.add(builder.start());
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot start " + command[0], ex);
		}
	}

	private void awaitTitles(String... titles) {
		for (String title : titles) {
			this.desktop.awaitWindow(title, QUICK);
		}
	}

	/**
	 * Appends a line to the log terminal, so the next screenshot sees a changed screen.
	 * The caller waits for xterm to draw it when that matters.
	 * @param what the line's text after the time stamp
	 */
	void tick(String what) {
		this.ticks++;
		String line = String.format("%s  tick %06d  %s%n", LocalTime.now(), this.ticks, what);
		try {
			this.log.write(line.getBytes(StandardCharsets.UTF_8));
		}
		catch (IOException ex) {
			throw new UncheckedIOException("the log terminal's fifo is closed", ex);
		}
	}

	/**
	 * How large the whole screen is as a PNG (ImageMagick, full resolution): a check that
	 * the content is realistic, printed with the results. A flat screen gives tens of
	 * kilobytes.
	 * @return the PNG's size in bytes
	 */
	long contentBytes() {
		Path shot = this.dir.resolve("content.png");
		ProcessResult result = this.desktop.run(QUICK, "import", "-window", "root", shot.toString());
		result.requireSuccess("import -window root");
		try {
			return Files.size(shot);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	@Override
	public void close() {
		try {
			if (this.log != null) {
				this.log.close();
			}
		}
		catch (IOException ex) {
			// the terminal reading it is going away anyway
		}
		for (Process client : this.clients) {
			client.destroy();
		}
		for (Process client : this.clients) {
			try {
				if (!client.waitFor(3, TimeUnit.SECONDS)) {
					client.destroyForcibly();
				}
			}
			catch (InterruptedException ex) {
				client.destroyForcibly();
				Thread.currentThread().interrupt();
			}
		}
		try (var paths = Files.walk(this.dir)) {
			paths.sorted(java.util.Comparator.reverseOrder()).forEach((path) -> path.toFile().delete());
		}
		catch (IOException | UncheckedIOException ex) {
			// a leftover temporary directory is not worth failing the benchmark for
		}
	}

}
