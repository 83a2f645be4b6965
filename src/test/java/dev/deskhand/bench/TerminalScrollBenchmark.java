package dev.deskhand.bench;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalTime;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import javax.imageio.ImageIO;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import dev.deskhand.bench.Case.Group;
import dev.deskhand.bench.Case.Outcome;
import dev.deskhand.bench.Case.Source;
import dev.deskhand.testing.Pause;
import dev.deskhand.testing.TestDesktop;

/**
 * The look an agent takes most often, as a TypeScript agent takes it: a terminal that
 * scrolled since the last screenshot. On the dressed bench desktop ({@link BenchDesktop})
 * a large xterm prints a few lines of a build log before every look, so its whole window
 * scrolls (about 20 % of the screen's pixels change); a second variant also swaps the
 * background photo, so that most of the screen changes. Each look is a Deskhand
 * {@code screenshot} through the official MCP TypeScript SDK
 * ({@link TypeScriptSdkClient}), one session per encoding (a profile each: PNG, JPEG at a
 * few qualities, and the built-in default), against Node robotjs + sharp
 * ({@link NodePeer}) making a PNG and a JPEG of the same size in the same rounds. It
 * prints medians and their ratios to the peer, and writes them to
 * {@code bench-terminal-results.md} in the build directory. It asserts no time; it does
 * check every image (see {@link #image}). See docs/performance.md.
 */
@Tag("benchmark")
class TerminalScrollBenchmark {

	private static final int WARMUP = Integer.getInteger("deskhand.bench.terminal-warmup", 5);

	private static final int ROUNDS = Integer.getInteger("deskhand.bench.terminal-rounds", 20);

	/**
	 * Untimed screenshots per profile before the rounds, so the JIT has compiled them.
	 */
	private static final int JIT_WARMUP = Integer.getInteger("deskhand.bench.terminal-jit-warmup", 60);

	/** JPEG qualities (percent) measured besides PNG and the default profile. */
	private static final List<Integer> QUALITIES = Arrays
		.stream(System.getProperty("deskhand.bench.jpeg-qualities", "50,70,90").split(","))
		.map(String::strip)
		.map(Integer::valueOf)
		.toList();

	/** What sharp makes when asked for {@code .jpeg()}: its default quality. */
	private static final int PEER_JPEG_QUALITY = 80;

	private static final long SEED = Long.getLong("deskhand.bench.seed", System.currentTimeMillis());

	private static final Path OUTPUT = Path.of(System.getProperty("deskhand.bench.output", "target/bench-results.md"))
		.resolveSibling("bench-terminal-results.md");

	private static final String JVM_OPTIONS = System.getProperty("deskhand.bench.jvm", "");

	private static final int IMAGE_WIDTH = 1280;

	private static final int IMAGE_HEIGHT = 720;

	/** The default profile as the configuration ships it. */
	private static final String DEFAULT_PROFILE = "anthropic";

	/**
	 * The scrolling terminal: 150x36 cells of xterm's 6x13 bitmap font, 900x468 pixels of
	 * text, about 20 % of the 1920x1080 screen, in the lower right where the dressed
	 * desktop has only background.
	 */
	private static final String TERMINAL_GEOMETRY = "150x36+960+540";

	/** Lines the terminal prints before each look. */
	private static final int LINES_PER_LOOK = 6;

	private static BenchDesktop dressed;

	private static DeskhandProcess deskhand;

	private static Process terminal;

	private static RandomAccessFile terminalInput;

	private final Random text = new Random(SEED);

	private final Map<String, Integer> lastImageHash = new HashMap<>();

	private long lines;

	private TypeScriptSdkClient typescript;

	private NodePeer node;

	@BeforeAll
	static void dressDesktopAndStartDeskhand() throws IOException {
		BenchDesktop.requireTools();
		TestDesktop desktop = TestDesktop.shared();
		dressed = BenchDesktop.dress(desktop);
		openTerminal(desktop);
		Path log = OUTPUT.toAbsolutePath().resolveSibling("bench-terminal-deskhand.log");
		List<String> arguments = new ArrayList<>(
				List.of("--deskhand.display.name=" + desktop.display(), "--deskhand.display.managed=false"));
		profiles().forEach((name, format) -> arguments.addAll(profileArguments(name, format)));
		deskhand = DeskhandProcess.start(arguments, Map.of(), JVM_OPTIONS, log);
	}

	@AfterAll
	static void stopDeskhandAndUndress() throws IOException {
		try {
			if (deskhand != null) {
				deskhand.close();
			}
		}
		finally {
			if (terminalInput != null) {
				terminalInput.close();
			}
			if (terminal != null) {
				terminal.destroy();
				try {
					terminal.waitFor(3, TimeUnit.SECONDS);
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
				}
			}
			if (dressed != null) {
				dressed.close();
			}
		}
	}

	/** Profile name to what it encodes, in the order of the table. */
	private static Map<String, String> profiles() {
		Map<String, String> profiles = new LinkedHashMap<>();
		profiles.put("bench-png", "png");
		for (int quality : QUALITIES) {
			profiles.put("bench-jpeg-" + quality, "jpeg " + quality);
		}
		return profiles;
	}

	/** A custom profile with the default profile's budget and this encoding. */
	private static List<String> profileArguments(String name, String format) {
		String prefix = "--deskhand.profiles.custom." + name + ".";
		List<String> arguments = new ArrayList<>(List.of(prefix + "max-width=1280", prefix + "max-height=800",
				prefix + "max-pixels=1150000", prefix + "format=" + format.split(" ")[0]));
		if (format.startsWith("jpeg")) {
			arguments.add(prefix + "jpeg-quality=" + Integer.parseInt(format.split(" ")[1]) / 100.0);
		}
		return arguments;
	}

	private static void openTerminal(TestDesktop desktop) throws IOException {
		Path fifo = dressed.dir().resolve("scrolling-terminal");
		desktop.run(Duration.ofSeconds(20), "mkfifo", fifo.toString()).requireSuccess("mkfifo");
		ProcessBuilder builder = new ProcessBuilder("xterm", "-geometry", TERMINAL_GEOMETRY, "-T", "scrolling build",
				"-e", "sh", "-c", "exec 3<>\"$1\"; exec cat <&3", "sh", fifo.toString())
			.redirectErrorStream(true)
			.redirectOutput(dressed.dir().resolve("scrolling-terminal.log").toFile())
			.redirectInput(new File("/dev/null"));
		builder.environment().putAll(desktop.environment());
		terminal = builder.start();
		desktop.awaitWindow("scrolling build", Duration.ofSeconds(20));
		// read-write, as BenchDesktop's log: a write-only open would block without a
		// reader
		terminalInput = new RandomAccessFile(fifo.toFile(), "rw");
	}

	@Test
	void terminalThatScrollsBetweenLooks() throws Exception {
		PrintStream out = System.out;
		List<String> profiles = new ArrayList<>(profiles().keySet());
		profiles.add(DEFAULT_PROFILE);
		TypeScriptSdkClient.Availability typescript = TypeScriptSdkClient.start(deskhand.port(), profiles,
				TestDesktop.shared().environment(), dressed.dir());
		NodePeer.Availability node = NodePeer.start(TestDesktop.shared().environment(), dressed.dir());
		if (typescript.client() == null || node.peer() == null) {
			if (node.peer() != null) {
				node.peer().close();
			}
			if (typescript.client() != null) {
				typescript.client().close();
			}
			// the whole point is the comparison: without either side there is nothing to
			// report
			throw new IllegalStateException("this benchmark needs node with the TypeScript SDK, robotjs and sharp: "
					+ ((typescript.client() == null) ? typescript.reason() + "; " : "")
					+ ((node.peer() == null) ? node.reason() : ""));
		}
		this.typescript = typescript.client();
		this.node = node.peer();
		try {
			List<String> header = header();
			out.println();
			out.println("Terminal-scroll benchmark (TypeScript SDK)");
			header.forEach((line) -> out.println("  " + line));
			out.printf("%nwarming up: %d untimed screenshots per profile...%n", JIT_WARMUP);
			for (int i = 0; i < JIT_WARMUP; i++) {
				scroll();
				for (String profile : profiles) {
					this.typescript.screenshot(profile);
				}
			}
			List<Case> cases = cases(profiles);
			out.printf("%d cases x (%d warm-up + %d measured) rounds, shuffled per round%n", cases.size(), WARMUP,
					ROUNDS);
			Map<String, Rounds.Series> series = Rounds.run(cases, WARMUP, ROUNDS, new Random(SEED), out);
			header.add("load average at the end: " + loadAverage());
			String table = table(series, profiles);
			out.println();
			out.println(table);
			write(header, table);
			out.println("results written to " + OUTPUT.toAbsolutePath());
		}
		catch (RuntimeException | AssertionError ex) {
			if (!deskhand.isAlive()) {
				throw new AssertionError("Deskhand's process ended during the benchmark" + deskhand.tail(), ex);
			}
			throw ex;
		}
		finally {
			this.node.close();
			this.typescript.close();
		}
	}

	private List<Case> cases(List<String> profiles) {
		List<Case> cases = new ArrayList<>();
		cases.add(new Case("floor.ts.cursor", "Deskhand cursor_position, TypeScript SDK (the floor under a call)",
				Group.FLOOR, Source.DESKHAND, 0, Case.NOTHING, () -> this.typescript.cursorPosition(DEFAULT_PROFILE),
				(r, t) -> Outcome.NONE));
		for (Variant variant : Variant.values()) {
			Runnable change = (variant == Variant.SCROLL) ? this::scroll : this::scrollOverNewBackground;
			for (String profile : profiles) {
				String key = variant.key + ".ts." + profile;
				cases.add(new Case(key, "Deskhand, TypeScript SDK, " + describe(profile) + ", " + variant.what,
						Group.SCREENSHOT, Source.DESKHAND, 0, change, () -> this.typescript.screenshot(profile),
						(r, t) -> image(key, Base64.getDecoder().decode(this.typescript.lastImage()),
								((String) r).split(" ")[1])));
			}
			String png = variant.key + ".peer.png";
			cases.add(new Case(png, "peer: robotjs + sharp PNG, " + variant.what, Group.SCREENSHOT, Source.PEER, 0,
					change, () -> this.node.shot("png"), (r, t) -> image(png, base64((byte[]) r), "image/png")));
			String jpeg = variant.key + ".peer.jpeg";
			cases.add(new Case(jpeg, "peer: robotjs + sharp JPEG " + PEER_JPEG_QUALITY + ", " + variant.what,
					Group.SCREENSHOT, Source.PEER, 0, change, () -> this.node.shot("jpeg " + PEER_JPEG_QUALITY),
					(r, t) -> image(jpeg, base64((byte[]) r), "image/jpeg")));
		}
		return cases;
	}

	private static String describe(String profile) {
		String format = profiles().get(profile);
		if (format == null) {
			return "default profile (" + profile + ")";
		}
		return format.startsWith("jpeg") ? "JPEG " + format.split(" ")[1] : "PNG";
	}

	/** Which screen change comes before each look. */
	private enum Variant {

		SCROLL("scroll", "terminal scrolled (~20 % of the screen)"),
		WHOLE("whole", "terminal scrolled, new background (most of the screen)");

		final String key;

		final String what;

		Variant(String key, String what) {
			this.key = key;
			this.what = what;
		}

	}

	// --- the screen between looks

	/**
	 * The terminal prints a few lines of a build log, so that all of it scrolls; then
	 * xterm gets time to draw them, untimed.
	 */
	private void scroll() {
		StringBuilder chunk = new StringBuilder();
		for (int i = 0; i < LINES_PER_LOOK; i++) {
			chunk.append(logLine()).append('\n');
		}
		try {
			terminalInput.write(chunk.toString().getBytes(StandardCharsets.UTF_8));
		}
		catch (IOException ex) {
			throw new UncheckedIOException("the scrolling terminal's fifo is closed", ex);
		}
		Pause.millis(60);
	}

	private void scrollOverNewBackground() {
		dressed.swapBackground();
		scroll();
	}

	private static final String[] LEVELS = { "\u001b[32mINFO\u001b[0m ", "\u001b[32mINFO\u001b[0m ",
			"\u001b[33mWARN\u001b[0m ", "\u001b[1;31mERROR\u001b[0m" };

	private static final String[] PACKAGES = { "screen.ScreenPipeline", "input.InputQueue", "mcp.StreamableHttp",
			"approval.ApprovalService", "platform.linux.x11.X11Capture", "tools.ScreenTools" };

	/** A line as a Spring Boot build or server prints them, with ANSI colours. */
	private String logLine() {
		this.lines++;
		return String.format(Locale.ROOT,
				"%s %s %5d --- [nio-8080-exec-%d] \u001b[36md.d.%-28s\u001b[0m : frame %d encoded in %.1f ms,"
						+ " %d of %d tiles, %s",
				LocalTime.now(), LEVELS[this.text.nextInt(LEVELS.length)], 40000 + this.text.nextInt(9999),
				1 + this.text.nextInt(9), PACKAGES[this.text.nextInt(PACKAGES.length)], this.lines,
				this.text.nextDouble() * 40, this.text.nextInt(60), 60,
				Long.toHexString(this.text.nextLong()).toUpperCase(Locale.ROOT));
	}

	// --- checks

	private static byte[] base64(byte[] line) {
		return Base64.getDecoder().decode(new String(line, StandardCharsets.US_ASCII).strip());
	}

	/**
	 * The image decodes as {@code mimeType} at 1280x720, is not blank (a channel mix-up
	 * gives a valid black image: the dressed desktop has hundreds of colours on any
	 * sparse grid), and differs from the case's previous one (the terminal scrolled, so
	 * an answer from a stale cache would show).
	 */
	private Outcome image(String key, byte[] bytes, String mimeType) throws IOException {
		boolean png = bytes.length > 8 && (bytes[0] & 0xff) == 0x89 && bytes[1] == 'P';
		boolean jpeg = bytes.length > 2 && (bytes[0] & 0xff) == 0xff && (bytes[1] & 0xff) == 0xd8;
		if (!(mimeType.equals("image/png") ? png : mimeType.equals("image/jpeg") && jpeg)) {
			throw new AssertionError(key + ": the bytes are not " + mimeType);
		}
		BufferedImage image = ImageIO.read(new ByteArrayInputStream(bytes));
		if (image == null || image.getWidth() != IMAGE_WIDTH || image.getHeight() != IMAGE_HEIGHT) {
			throw new AssertionError(key + ": not a " + IMAGE_WIDTH + "x" + IMAGE_HEIGHT + " image: " + image);
		}
		Set<Integer> colours = new HashSet<>();
		for (int y = 9; y < IMAGE_HEIGHT; y += 18) {
			for (int x = 16; x < IMAGE_WIDTH; x += 32) {
				colours.add(image.getRGB(x, y) & 0xffffff);
			}
		}
		if (colours.size() < 100) {
			throw new AssertionError(key + " shows only " + colours.size() + " colours on a 40x40 grid");
		}
		int hash = Arrays.hashCode(image.getRGB(0, 0, IMAGE_WIDTH, IMAGE_HEIGHT, null, 0, IMAGE_WIDTH));
		Integer previous = this.lastImageHash.put(key, hash);
		if (previous != null && previous == hash) {
			throw new AssertionError(key + ": the same image as its previous look, though the terminal scrolled");
		}
		return Outcome.image(bytes.length);
	}

	// --- the report

	private String table(Map<String, Rounds.Series> series, List<String> profiles) {
		StringBuilder table = new StringBuilder();
		table.append("| case | n | p50 ms | p95 ms | bytes | ÷ robotjs + sharp PNG | ÷ robotjs + sharp JPEG ")
			.append(PEER_JPEG_QUALITY)
			.append(" |\n|---|---:|---:|---:|---:|---:|---:|\n");
		Stats floor = Stats.ofNanos(series.get("floor.ts.cursor").nanos());
		table.append(String.format(Locale.ROOT, "| %s | %d | %s | %s |  |  |  |%n",
				series.get("floor.ts.cursor").testCase().name(), floor.n(), millis(floor.p50()), millis(floor.p95())));
		for (Variant variant : Variant.values()) {
			double peerPng = Stats.ofNanos(series.get(variant.key + ".peer.png").nanos()).p50();
			double peerJpeg = Stats.ofNanos(series.get(variant.key + ".peer.jpeg").nanos()).p50();
			for (Rounds.Series s : series.values()) {
				if (!s.testCase().key().startsWith(variant.key + ".")) {
					continue;
				}
				Stats stats = Stats.ofNanos(s.nanos());
				table.append(String.format(Locale.ROOT, "| %s | %d | %s | %s | %,d | %s | %s |%n", s.testCase().name(),
						stats.n(), millis(stats.p50()), millis(stats.p95()), s.medianBytes(),
						ratio(stats.p50() / peerPng), ratio(stats.p50() / peerJpeg)));
			}
		}
		return table.toString();
	}

	private static String millis(double value) {
		return (value >= 100) ? String.format(Locale.ROOT, "%.0f", value) : String.format(Locale.ROOT, "%.1f", value);
	}

	private static String ratio(double ratio) {
		return (ratio < 1) ? String.format(Locale.ROOT, "%.3f (1/%.1f)", ratio, 1 / ratio)
				: String.format(Locale.ROOT, "%.2f", ratio);
	}

	private List<String> header() {
		List<String> header = new ArrayList<>();
		header.add("date: " + ZonedDateTime.now().format(DateTimeFormatter.ISO_OFFSET_DATE_TIME));
		header.add("machine: " + Runtime.getRuntime().availableProcessors() + " CPUs; load average at the start: "
				+ loadAverage());
		header.add("Deskhand: its own process (pid " + deskhand.pid() + "), JVM options "
				+ (deskhand.jvmOptions().isEmpty() ? "none" : String.join(" ", deskhand.jvmOptions())) + "; log "
				+ deskhand.log());
		header.add("client: MCP TypeScript SDK " + TypeScriptSdkClient.PACKAGE + " on node, one session per profile;"
				+ " peer: " + NodePeer.PACKAGES + ", a persistent worker");
		header.add("display: Xvfb " + TestDesktop.shared().display() + " " + TestDesktop.shared().geometry()
				+ "; scrolling xterm " + TERMINAL_GEOMETRY + ", " + LINES_PER_LOOK + " lines per look");
		header.add("rounds: " + WARMUP + " warm-up + " + ROUNDS + " measured, order shuffled per round, seed " + SEED);
		return header;
	}

	private static String loadAverage() {
		try {
			String[] fields = Files.readString(Path.of("/proc/loadavg")).split(" ");
			return fields[0] + " " + fields[1] + " " + fields[2];
		}
		catch (IOException ex) {
			return "unknown";
		}
	}

	private static void write(List<String> header, String table) throws IOException {
		StringBuilder md = new StringBuilder("# Deskhand terminal-scroll benchmark (TypeScript SDK)\n\n");
		header.forEach((line) -> md.append("- ").append(line).append('\n'));
		md.append("\nMedians (p50) and nearest-rank p95 of the measured rounds; ratios divide a row's p50 by the"
				+ " peer's p50 in the same variant of the same run.\n\n");
		md.append(table);
		Files.createDirectories(OUTPUT.toAbsolutePath().getParent());
		Files.writeString(OUTPUT, md.toString(), StandardCharsets.UTF_8);
	}

}
