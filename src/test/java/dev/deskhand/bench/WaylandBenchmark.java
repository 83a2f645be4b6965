package dev.deskhand.bench;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;

import javax.imageio.ImageIO;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import tools.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import dev.deskhand.bench.Case.Group;
import dev.deskhand.bench.Case.Outcome;
import dev.deskhand.bench.Case.Source;
import dev.deskhand.mcp.McpTestClients;
import dev.deskhand.platform.Frame;
import dev.deskhand.platform.linux.wayland.wire.WaylandConnection;
import dev.deskhand.platform.linux.wayland.screencopy.WaylandScreencopy;
import dev.deskhand.testing.SwaySession;
import dev.deskhand.testing.TestDesktop;
import dev.deskhand.testing.WaylandWitness;

/**
 * Deskhand's Wayland driver under a headless sway (issue 11, "Speed"), against
 * {@code grim | base64} and against Deskhand's own X11 driver showing the same content,
 * in one run on one machine, interleaved round by round in shuffled order like
 * {@link DeskhandBenchmark}. Run it with {@code bench/run -Dtest=WaylandBenchmark}; see
 * docs/performance.md, "Wayland (sway, headless)".
 * <p>
 * Two desktops: the shared sway rig ({@link SwaySession}: HEADLESS-1 1920x1080 at scale
 * 1.25, HEADLESS-2 1280x1024) with the bench scene ({@link WaylandBenchScene}: a picture,
 * text panes and a log pane, tiled over HEADLESS-1) under the floating GTK witness; and
 * an Xvfb 1920x1080 showing, full screen, grim's capture of HEADLESS-1 taken after the
 * scene and the witness were up, with the same log pane drawn on the same device pixels.
 * So both screenshots encode the same picture (the table prints both image sizes), and
 * both see a changed log pane each time. One Deskhand process per desktop, with the same
 * JVM options as DeskhandBenchmark's.
 * <p>
 * It asserts no time. It asserts every result: each image is a 1280x720 PNG that shows
 * the witness's red and blue markers where they are, each click reaches the witness on
 * the layout point the image pixel stands for, each typed text arrives in the witness
 * exactly. Input rows run only when the driver's input works (checked once before the
 * rounds; the report says why they are missing otherwise).
 */
@Tag("benchmark")
class WaylandBenchmark {

	private static final int WARMUP = Integer.getInteger("deskhand.bench.warmup", 10);

	private static final int ROUNDS = Integer.getInteger("deskhand.bench.rounds", 40);

	private static final int JIT_WARMUP = Integer.getInteger("deskhand.bench.jit-warmup", 1500);

	private static final long SEED = Long.getLong("deskhand.bench.seed", System.currentTimeMillis());

	private static final Path OUTPUT = Path.of(System.getProperty("deskhand.bench.output", "target/bench-results.md"))
		.toAbsolutePath()
		.resolveSibling("bench-wayland-results.md");

	private static final String JVM_OPTIONS = System.getProperty("deskhand.bench.jvm", "");

	private static final String OUTPUT_NAME = "HEADLESS-1";

	private static final double OUTPUT_SCALE = 1.25;

	/** HEADLESS-1's width in layout units (1920 / 1.25). */
	private static final int LAYOUT_WIDTH = 1536;

	private static final int IMAGE_WIDTH = 1280;

	private static final int IMAGE_HEIGHT = 720;

	/** Layout units per screenshot pixel on HEADLESS-1: 1536 / 1280. */
	private static final double LAYOUT_PER_IMAGE = (double) LAYOUT_WIDTH / IMAGE_WIDTH;

	/**
	 * grim's {@code -s} for a 1280x720 image: grim truncates layout size x scale, so 1280
	 * / 1536 exactly would give 1279 pixels.
	 */
	private static final String GRIM_SCALE = String.format(Locale.ROOT, "%.6f", (IMAGE_WIDTH + 0.5) / LAYOUT_WIDTH);

	private static final String ASCII = DeskhandBenchmark.ASCII.repeat(5);

	private static final String UNICODE = (DeskhandBenchmark.UNICODE + " ").repeat(3).strip();

	private static final Duration WAIT = Duration.ofSeconds(30);

	private static SwaySession sway;

	private static WaylandWitness witness;

	private static WaylandBenchScene waylandScene;

	private static WaylandBenchScene x11Scene;

	private static DeskhandProcess wayland;

	private static DeskhandProcess x11;

	private static Path dir;

	private McpSyncClient waylandSdk;

	private LeanMcpClient waylandLean;

	private McpSyncClient x11Sdk;

	private LeanMcpClient x11Lean;

	private Shell shell;

	private String displayId;

	private final Random points = new Random(SEED ^ 0x5DEECE66DL);

	private final Map<String, byte[]> lastPng = new HashMap<>();

	private WaylandConnection connection;

	private WaylandScreencopy screencopy;

	private final int[] pixels = new int[1920 * 1080];

	@BeforeAll
	static void startBothDesktopsAndDeskhands() throws IOException {
		// the rig and TestDesktop check their own tools; ImageMagick draws the picture
		sway = SwaySession.shared();
		dir = Files.createTempDirectory("deskhand-wayland-bench-");
		// the compositor's user reads the scene's script and picture from here
		Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
		Path picture = dir.resolve("picture.png");
		new ProcessBuilder(BenchDesktop.convert(), "-seed", "4242", "-size", "1920x1080", "plasma:fractal", "-depth",
				"8", picture.toString())
			.inheritIO()
			.start()
			.onExit()
			.join();
		Files.setPosixFilePermissions(picture, PosixFilePermissions.fromString("rw-r--r--"));
		sway.ipcOrFail("focus output " + OUTPUT_NAME);
		waylandScene = WaylandBenchScene.onSway(sway, picture, dir);
		witness = WaylandWitness.open(sway, SwaySession.WITNESS_APP_ID);
		awaitSceneTiled();
		waylandScene.tick("scene up");
		// what HEADLESS-1 shows now, device pixels, becomes the X11 desktop's picture
		Path seen = dir.resolve("wayland-seen.png");
		ImageIO.write(sway.grim("-o", OUTPUT_NAME), "png", seen.toFile());
		Files.setPosixFilePermissions(seen, PosixFilePermissions.fromString("rw-r--r--"));
		TestDesktop desktop = TestDesktop.shared();
		x11Scene = WaylandBenchScene.onX11(desktop, seen, dir);
		x11Scene.tick("scene up");

		Path waylandLog = OUTPUT.resolveSibling("bench-wayland-deskhand.log");
		Path x11Log = OUTPUT.resolveSibling("bench-wayland-x11-deskhand.log");
		System.out.println("starting two Deskhands in their own JVMs ("
				+ (JVM_OPTIONS.isBlank() ? "JVM defaults" : JVM_OPTIONS) + "); logs: " + waylandLog + ", " + x11Log);
		Map<String, String> environment = new HashMap<>();
		environment.put("WAYLAND_DISPLAY", sway.waylandDisplay());
		environment.put("XDG_RUNTIME_DIR", sway.runtimeDir().toString());
		environment.put("SWAYSOCK", sway.swaySocket().toString());
		environment.put("XDG_SESSION_TYPE", "wayland");
		environment.put("DISPLAY", null);
		wayland = DeskhandProcess.start(List.of("--deskhand.platform.display-server=wayland"), environment, JVM_OPTIONS,
				waylandLog);
		x11 = DeskhandProcess.start(desktop.display(), JVM_OPTIONS, x11Log);
	}

	/** sway tiles the scene over the whole of HEADLESS-1, the witness floats above. */
	private static void awaitSceneTiled() {
		long deadline = System.nanoTime() + WAIT.toNanos();
		String expected = "\"rect\":{\"x\":0,\"y\":0,\"width\":1536,\"height\":864}";
		while (true) {
			String tree = sway.treeJson().replaceAll("\\s", "");
			int at = tree.indexOf("\"pid\":" + waylandScene.pid() + ",");
			if (at >= 0 && tree.lastIndexOf(expected, at) > tree.lastIndexOf("\"id\":", at)) {
				return;
			}
			if (System.nanoTime() > deadline) {
				throw new AssertionError("the bench scene is not tiled over " + OUTPUT_NAME + ": " + tree);
			}
			dev.deskhand.testing.Pause.millis(50);
		}
	}

	@AfterAll
	static void stopEverything() {
		for (AutoCloseable closeable : new AutoCloseable[] { wayland, x11, witness, waylandScene, x11Scene }) {
			try {
				if (closeable != null) {
					closeable.close();
				}
			}
			catch (Exception ex) {
				// stop the others anyway
			}
		}
	}

	@Test
	void waylandAgainstGrimAndX11() throws Exception {
		PrintStream out = System.out;
		this.waylandSdk = McpTestClients.streamable(wayland.port());
		this.waylandLean = LeanMcpClient.connect(wayland.port());
		this.x11Sdk = McpTestClients.streamable(x11.port());
		this.x11Lean = LeanMcpClient.connect(x11.port());
		this.shell = new Shell(sway.environment(), dir);
		this.connection = WaylandConnection.open(sway.runtimeDir().resolve(sway.waylandDisplay()),
				Duration.ofSeconds(5));
		this.screencopy = WaylandScreencopy.bind(this.connection);
		try {
			this.displayId = displayId();
			List<String> header = header();
			out.println();
			out.println("Deskhand Wayland benchmark");
			header.forEach((line) -> out.println("  " + line));
			String input = inputAvailable();
			header.add("input rows: " + ((input == null) ? "in the rounds" : "NOT measured: " + input));
			out.println("  " + header.get(header.size() - 1));

			List<Case> cases = cases(input == null);
			out.printf("%nwarming the JIT: %d pings per Deskhand (Wayland: and mouse_move when input works), every 25th"
					+ " with a screenshot...%n", JIT_WARMUP);
			warmJit(input == null);
			out.printf("%d cases x (%d warm-up + %d measured) rounds, shuffled per round%n", cases.size(), WARMUP,
					ROUNDS);
			Map<String, Rounds.Series> series = Rounds.run(cases, WARMUP, ROUNDS, new Random(SEED), out);
			clickLoop(input == null, out);
			header.add("load average at the end: " + loadAverage());
			header.add("what one tick changes: " + changedByTick());
			WaylandReport report = new WaylandReport(series, input);
			out.println();
			out.println(report.text());
			Path written = write(header, report);
			out.println("results written to " + written);
		}
		catch (RuntimeException | AssertionError ex) {
			if (!wayland.isAlive() || !x11.isAlive()) {
				throw new AssertionError("a Deskhand process ended during the benchmark" + wayland.tail() + x11.tail(),
						ex);
			}
			throw ex;
		}
		finally {
			this.screencopy.close();
			this.connection.close();
			this.shell.close();
			this.waylandLean.close();
			this.x11Lean.close();
			this.waylandSdk.closeGracefully();
			this.x11Sdk.closeGracefully();
		}
	}

	private List<Case> cases(boolean input) {
		List<Case> cases = new ArrayList<>();
		cases.add(new Case("wl.ping", "MCP ping, lean client, Wayland Deskhand (transport floor)", Group.FLOOR,
				Source.DESKHAND, 0, Case.NOTHING, () -> {
					this.waylandLean.ping();
					return null;
				}, (r, t) -> Outcome.NONE));
		cases.add(new Case("wl.png", "Wayland screenshot PNG, lean client", Group.SCREENSHOT, Source.DESKHAND, 0,
				() -> waylandScene.tick("wl.png"), () -> this.waylandLean.callTool("screenshot", shotArguments()),
				(r, t) -> leanImage("wl", (JsonNode) r)));
		cases.add(new Case("wl.png.sdk", "Wayland screenshot PNG, SDK client", Group.SCREENSHOT, Source.DESKHAND, 0,
				() -> waylandScene.tick("wl.png.sdk"), () -> sdk(this.waylandSdk, "screenshot", shotArguments()),
				(r, t) -> sdkImage((CallToolResult) r)));
		cases.add(new Case("peer.grim", "peer: grim -o " + OUTPUT_NAME + " -s " + GRIM_SCALE + " - | base64",
				Group.SCREENSHOT, Source.REFERENCE, 0, () -> waylandScene.tick("peer.grim"),
				() -> this.shell.run(grimScript(), OUTPUT_NAME, GRIM_SCALE), (r, t) -> base64Image((byte[]) r)));
		cases.add(new Case("x11.png", "X11 screenshot PNG, lean client (same content on Xvfb)", Group.SCREENSHOT,
				Source.PEER, 0, () -> x11Scene.tick("x11.png"), () -> this.x11Lean.callTool("screenshot", Map.of()),
				(r, t) -> leanImage("x11", (JsonNode) r)));
		cases.add(new Case("x11.png.sdk", "X11 screenshot PNG, SDK client (same content on Xvfb)", Group.SCREENSHOT,
				Source.PEER, 0, () -> x11Scene.tick("x11.png.sdk"), () -> sdk(this.x11Sdk, "screenshot", Map.of()),
				(r, t) -> sdkImage((CallToolResult) r)));
		// where a Wayland screenshot's time goes: the same call on an unchanged screen
		// (capture and comparison, the image from the cache), and the capture alone,
		// in this JVM on a connection of its own
		cases.add(new Case("wl.png.repeat", "Wayland screenshot PNG, lean client, again at once (screen unchanged)",
				Group.SCREENSHOT, Source.DESKHAND, 0,
				() -> leanImage("wl", this.waylandLean.callTool("screenshot", shotArguments())),
				() -> this.waylandLean.callTool("screenshot", shotArguments()),
				(r, t) -> leanImage("wl", (JsonNode) r)));
		cases.add(new Case("x11.png.repeat", "X11 screenshot PNG, lean client, again at once (screen unchanged)",
				Group.SCREENSHOT, Source.PEER, 0, () -> leanImage("x11", this.x11Lean.callTool("screenshot", Map.of())),
				() -> this.x11Lean.callTool("screenshot", Map.of()), (r, t) -> leanImage("x11", (JsonNode) r)));
		cases.add(new Case("wl.capture", "in-process wlr-screencopy of " + OUTPUT_NAME + " 1920x1080, after a change",
				Group.FLOOR, Source.DESKHAND, 0, () -> waylandScene.tick("wl.capture"),
				() -> this.screencopy.capture(OUTPUT_NAME, null, this.pixels), (r, t) -> frame((Frame) r)));
		cases.add(new Case("wl.capture.repeat",
				"in-process wlr-screencopy of " + OUTPUT_NAME + " 1920x1080, again at once (unchanged)", Group.FLOOR,
				Source.DESKHAND, 0, () -> this.screencopy.capture(OUTPUT_NAME, null, this.pixels),
				() -> this.screencopy.capture(OUTPUT_NAME, null, this.pixels), (r, t) -> frame((Frame) r)));
		// the floors under a Wayland input call: one Wayland roundtrip (each pointer
		// action ends with one), and one sway IPC GET_OUTPUTS (sway 1.7 sends no output
		// events, so the driver reads the layout over IPC)
		cases.add(new Case("wl.roundtrip", "in-process wl_display.sync roundtrip to sway", Group.FLOOR, Source.DESKHAND,
				0, Case.NOTHING, () -> {
					this.connection.roundtrip();
					return null;
				}, (r, t) -> Outcome.NONE));
		cases.add(new Case("sway.outputs", "in-process sway IPC GET_OUTPUTS", Group.FLOOR, Source.DESKHAND, 0,
				Case.NOTHING, () -> sway.outputsJson(), (r, t) -> {
					if (!((String) r).contains(OUTPUT_NAME)) {
						throw new AssertionError("GET_OUTPUTS without " + OUTPUT_NAME + ": " + r);
					}
					return Outcome.NONE;
				}));
		if (input) {
			Aim click = new Aim();
			cases.add(new Case("wl.click", "Wayland left_click, lean client", Group.CLICK, Source.DESKHAND, 0,
					() -> aim(click), () -> lean("left_click", clickArguments(click)), (r, t) -> clicked(click)));
			cases.add(new Case("wl.click.sdk", "Wayland left_click, SDK client", Group.CLICK, Source.DESKHAND, 0,
					() -> aim(click), () -> sdk(this.waylandSdk, "left_click", clickArguments(click)),
					(r, t) -> clicked(click)));
			cases.add(new Case("wl.type.ascii", "Wayland type, " + ASCII.length() + " ASCII chars, lean client",
					Group.TYPE_ASCII, Source.DESKHAND, ASCII.length(), this::emptyWitness,
					() -> lean("type", Map.of("text", ASCII)), (r, t) -> arrived(ASCII, t)));
			int unicodeChars = UNICODE.codePointCount(0, UNICODE.length());
			cases.add(new Case("wl.type.unicode", "Wayland type, " + unicodeChars + " mixed-Unicode chars, lean client",
					Group.TYPE_UNICODE, Source.DESKHAND, unicodeChars, this::emptyWitness,
					() -> lean("type", Map.of("text", UNICODE)), (r, t) -> arrived(UNICODE, t)));
		}
		return cases;
	}

	/**
	 * grim as the compositor's user, base64 as whoever runs the benchmark: the pipeline a
	 * script would run, plus setpriv's exec when the benchmark runs as root.
	 */
	private static String grimScript() {
		String grim = "grim -o \"$1\" -s \"$2\" -";
		return (sway.dropsPrivileges() ? "setpriv --reuid=65534 --regid=65534 --clear-groups " + grim : grim)
				+ " | base64 -w0";
	}

	private Map<String, Object> shotArguments() {
		return (this.displayId == null) ? Map.of() : Map.of("display_id", this.displayId);
	}

	/**
	 * For a diagnosis, not a number: {@code -Ddeskhand.bench.click-loop=N} makes N lean
	 * clicks back to back after the rounds (each checked), so a profiler or jstack can
	 * watch Deskhand's click path.
	 */
	private void clickLoop(boolean input, PrintStream out) {
		int clicks = Integer.getInteger("deskhand.bench.click-loop", 0);
		if (!input || clicks <= 0) {
			return;
		}
		out.printf("%d clicks back to back for a diagnosis; Wayland Deskhand pid %d%n", clicks, wayland.pid());
		Aim aim = new Aim();
		long start = System.nanoTime();
		for (int i = 0; i < clicks; i++) {
			aim(aim);
			lean("left_click", clickArguments(aim));
			clicked(aim);
		}
		out.printf("click loop done: %.1f ms per click and check%n", (System.nanoTime() - start) / 1e6 / clicks);
	}

	/**
	 * Which pixels one log line changes on each desktop (Wayland: two in-process
	 * captures; X11: two {@code import} captures of the root window), so the re-encoding
	 * work the two screenshots face can be compared.
	 */
	private String changedByTick() {
		int[] before = this.screencopy.capture(OUTPUT_NAME, null, null).pixels();
		waylandScene.tick("diff");
		int[] after = this.screencopy.capture(OUTPUT_NAME, null, null).pixels();
		String wl = changed(before, after, 1920);
		BufferedImage x11Before = TestDesktop.shared().importRoot();
		x11Scene.tick("diff");
		BufferedImage x11After = TestDesktop.shared().importRoot();
		int[] a = x11Before.getRGB(0, 0, 1920, 1080, null, 0, 1920);
		int[] b = x11After.getRGB(0, 0, 1920, 1080, null, 0, 1920);
		return "Wayland " + wl + "; X11 " + changed(a, b, 1920);
	}

	static String changed(int[] a, int[] b, int width) {
		int count = 0;
		int left = width;
		int right = -1;
		int top = Integer.MAX_VALUE;
		int bottom = -1;
		for (int i = 0; i < a.length; i++) {
			if ((a[i] & 0xffffff) != (b[i] & 0xffffff)) {
				count++;
				int x = i % width;
				int y = i / width;
				left = Math.min(left, x);
				right = Math.max(right, x);
				top = Math.min(top, y);
				bottom = Math.max(bottom, y);
			}
		}
		return (count == 0) ? "nothing"
				: String.format(Locale.ROOT, "%,d device pixels in x %d-%d, y %d-%d", count, left, right, top, bottom);
	}

	// --- set-up checks

	/** The display id Deskhand gives HEADLESS-1, from list_displays. */
	private String displayId() {
		JsonNode result = this.waylandLean.callTool("list_displays", Map.of());
		String text = text(result);
		System.out.println("  Wayland list_displays: " + text.replaceAll("\\s+", " "));
		JsonNode parsed = null;
		try {
			parsed = tools.jackson.databind.json.JsonMapper.builder().build().readTree(text);
		}
		catch (RuntimeException ex) {
			// not JSON: fall back to the default display
		}
		if (parsed != null) {
			for (JsonNode display : parsed.path("displays").isArray() ? parsed.path("displays") : parsed) {
				if (display.toString().contains(OUTPUT_NAME)) {
					return display.path("id").asString(display.path("display_id").asString(null));
				}
			}
		}
		return null;
	}

	/**
	 * @return null when a click on the witness arrives; otherwise why the input rows
	 * cannot run
	 */
	private String inputAvailable() {
		Aim probe = new Aim();
		aim(probe);
		try {
			lean("left_click", clickArguments(probe));
		}
		catch (AssertionError ex) {
			return ex.getMessage().replaceAll("\\s+", " ");
		}
		try {
			clicked(probe);
			return null;
		}
		catch (AssertionError ex) {
			return "a left_click did not reach the witness: " + ex.getMessage().lines().findFirst().orElse("");
		}
	}

	/**
	 * Untimed calls so the JIT has compiled the hot paths: pings, a screenshot every
	 * 25th, and with input a {@code mouse_move} onto the witness each time (the pointer
	 * path a click shares, as DeskhandBenchmark warms it).
	 */
	private void warmJit(boolean input) {
		Aim move = new Aim();
		for (int i = 1; i <= JIT_WARMUP; i++) {
			this.waylandLean.ping();
			this.x11Lean.ping();
			if (input) {
				aim(move);
				lean("mouse_move", clickArguments(move));
			}
			if (i % 25 == 0) {
				leanImage("wl", this.waylandLean.callTool("screenshot", shotArguments()));
				leanImage("x11", this.x11Lean.callTool("screenshot", Map.of()));
			}
		}
	}

	// --- screenshots

	private JsonNode lean(String tool, Map<String, Object> arguments) {
		JsonNode result = this.waylandLean.callTool(tool, arguments);
		if (result.path("isError").asBoolean(false)) {
			throw new AssertionError(tool + " " + arguments.keySet() + " returned an error: " + text(result));
		}
		return result;
	}

	/** The in-process capture: the whole output, the red marker where it is. */
	private static Outcome frame(Frame frame) {
		if (frame.width() != 1920 || frame.height() != 1080) {
			throw new AssertionError("a capture of " + frame.width() + "x" + frame.height());
		}
		int red = frame.pixels()[(int) (210 * OUTPUT_SCALE) * 1920 + (int) (310 * OUTPUT_SCALE)];
		if (((red >> 16) & 0xff) < 200 || ((red >> 8) & 0xff) > 60 || (red & 0xff) > 60) {
			throw new AssertionError(String.format(Locale.ROOT, "the red marker's pixel is #%06x", red));
		}
		return Outcome.NONE;
	}

	static CallToolResult sdk(McpSyncClient client, String tool, Map<String, Object> arguments) {
		CallToolResult result = McpTestClients.call(client, tool, arguments);
		if (Boolean.TRUE.equals(result.isError())) {
			throw new AssertionError(
					tool + " " + arguments.keySet() + " returned an error: " + McpTestClients.text(result));
		}
		return result;
	}

	static String text(JsonNode result) {
		StringBuilder text = new StringBuilder();
		for (JsonNode block : result.path("content")) {
			if ("text".equals(block.path("type").asString())) {
				text.append(block.path("text").asString());
			}
		}
		return text.toString();
	}

	private Outcome leanImage(String desktop, JsonNode result) {
		if (result.path("isError").asBoolean(false)) {
			throw new AssertionError("screenshot returned an error: " + text(result));
		}
		for (JsonNode block : result.path("content")) {
			if ("image".equals(block.path("type").asString())) {
				if (!"image/png".equals(block.path("mimeType").asString())) {
					throw new AssertionError("not a PNG: " + block.path("mimeType").asString());
				}
				byte[] png = Base64.getDecoder().decode(block.path("data").asString());
				this.lastPng.put(desktop, png);
				return checkedImage(png);
			}
		}
		throw new AssertionError("no image block in the screenshot's result: " + text(result));
	}

	private static Outcome sdkImage(CallToolResult result) {
		return checkedImage(Base64.getDecoder().decode(McpTestClients.imageBlock(result).data()));
	}

	private Outcome base64Image(byte[] stdout) {
		byte[] png = Base64.getDecoder().decode(new String(stdout, StandardCharsets.US_ASCII).strip());
		this.lastPng.put("grim", png);
		return checkedImage(png);
	}

	/**
	 * A 1280x720 image of HEADLESS-1 (or of the X11 copy of it) with the witness's red
	 * square at window-local (100,100) and its blue one at (300,200), 20x20 layout units:
	 * centres at layout (310,210) and (510,310), image (258,175) and (425,258).
	 */
	private static Outcome checkedImage(byte[] png) {
		BufferedImage image;
		try {
			image = ImageIO.read(new ByteArrayInputStream(png));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		if (image == null || image.getWidth() != IMAGE_WIDTH || image.getHeight() != IMAGE_HEIGHT) {
			throw new AssertionError("not a " + IMAGE_WIDTH + "x" + IMAGE_HEIGHT + " image: "
					+ ((image == null) ? "undecodable" : image.getWidth() + "x" + image.getHeight()));
		}
		requireColour(image, 310, 210, 0xff0000, "red");
		requireColour(image, 510, 310, 0x0000ff, "blue");
		return Outcome.image(png.length);
	}

	private static void requireColour(BufferedImage image, int layoutX, int layoutY, int rgb, String name) {
		int x = (int) (layoutX / LAYOUT_PER_IMAGE);
		int y = (int) (layoutY / LAYOUT_PER_IMAGE);
		int got = image.getRGB(x, y) & 0xffffff;
		for (int shift = 0; shift <= 16; shift += 8) {
			if (Math.abs(((got >> shift) & 0xff) - ((rgb >> shift) & 0xff)) > 40) {
				throw new AssertionError(String.format(Locale.ROOT,
						"image pixel (%d,%d) is #%06x, not the witness's %s marker", x, y, got, name));
			}
		}
	}

	// --- pointer

	/**
	 * Where the next click goes: an image pixel inside the witness, and its layout point.
	 */
	private static final class Aim {

		private int imageX;

		private int imageY;

		List<Integer> image() {
			return List.of(this.imageX, this.imageY);
		}

		/** The witness-local layout point the image pixel's centre stands for. */
		double localX() {
			return (this.imageX + 0.5) * LAYOUT_PER_IMAGE - SwaySession.WITNESS_LAYOUT_RECT.x();
		}

		double localY() {
			return (this.imageY + 0.5) * LAYOUT_PER_IMAGE - SwaySession.WITNESS_LAYOUT_RECT.y();
		}

	}

	private void aim(Aim aim) {
		var rect = SwaySession.WITNESS_LAYOUT_RECT;
		int left = (int) Math.ceil((rect.x() + 20) / LAYOUT_PER_IMAGE);
		int right = (int) ((rect.x() + rect.width() - 20) / LAYOUT_PER_IMAGE);
		int top = (int) Math.ceil((rect.y() + 20) / LAYOUT_PER_IMAGE);
		int bottom = (int) ((rect.y() + rect.height() - 20) / LAYOUT_PER_IMAGE);
		aim.imageX = left + this.points.nextInt(right - left);
		aim.imageY = top + this.points.nextInt(bottom - top);
		witness.clearEvents();
	}

	private Map<String, Object> clickArguments(Aim aim) {
		Map<String, Object> arguments = new HashMap<>(shotArguments());
		arguments.put("coordinate", aim.image());
		return arguments;
	}

	/**
	 * The witness saw button 1 pressed and released within one image pixel of the aim.
	 */
	private Outcome clicked(Aim aim) {
		for (String kind : List.of("press", "release")) {
			JsonNode event = witness.await(WaylandWitness.button(kind, 1), WAIT);
			double dx = event.path("x").asDouble() - aim.localX();
			double dy = event.path("y").asDouble() - aim.localY();
			if (Math.abs(dx) > LAYOUT_PER_IMAGE || Math.abs(dy) > LAYOUT_PER_IMAGE) {
				throw new AssertionError(String.format(Locale.ROOT,
						"the witness saw %s at (%.2f, %.2f), aimed at image %s = witness (%.2f, %.2f)", kind,
						event.path("x").asDouble(), event.path("y").asDouble(), aim.image(), aim.localX(),
						aim.localY()));
			}
		}
		return Outcome.NONE;
	}

	// --- typing

	private void emptyWitness() {
		witness.focus();
		witness.clearText();
	}

	/**
	 * Waits until the witness holds exactly {@code expected}; the arrival time is the
	 * witness's own stamp of the key event that completed it (CLOCK_MONOTONIC, as
	 * System.nanoTime here).
	 */
	private Outcome arrived(String expected, long startNanos) {
		witness.awaitText(expected, WAIT);
		for (JsonNode event : witness.events("key")) {
			if (expected.equals(event.path("text").asString())) {
				return Outcome.arrived(Math.max(0, event.path("t").asLong() - startNanos));
			}
		}
		throw new AssertionError("no key event with the whole text, though the witness shows it");
	}

	// --- the report

	private List<String> header() {
		List<String> header = new ArrayList<>();
		header.add("date: " + ZonedDateTime.now().format(DateTimeFormatter.ISO_OFFSET_DATE_TIME));
		header.add("machine: " + Runtime.getRuntime().availableProcessors() + " CPUs; load average at the start: "
				+ loadAverage());
		header.add("JVM: " + System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"));
		header.add("Deskhand: two processes, JVM options "
				+ (wayland.jvmOptions().isEmpty() ? "none (JVM defaults)" : String.join(" ", wayland.jvmOptions()))
				+ "; Wayland pid " + wayland.pid() + " (log " + wayland.log() + "), X11 pid " + x11.pid() + " (log "
				+ x11.log() + ")");
		header.add("Wayland: headless sway " + sway + ", " + OUTPUT_NAME + " 1920x1080 @" + OUTPUT_SCALE
				+ ", display_id " + this.displayId + "; X11: Xvfb " + TestDesktop.shared().display() + " "
				+ TestDesktop.shared().geometry() + " showing grim's capture of " + OUTPUT_NAME);
		header.add("typing: " + ASCII.length() + " ASCII chars, " + UNICODE.codePointCount(0, UNICODE.length())
				+ " mixed-Unicode chars (DeskhandBenchmark's strings repeated)");
		header.add("rounds: " + WARMUP + " warm-up + " + ROUNDS + " measured, order shuffled per round, seed " + SEED);
		return header;
	}

	static String loadAverage() {
		try {
			String[] fields = Files.readString(Path.of("/proc/loadavg")).split(" ");
			return fields[0] + " " + fields[1] + " " + fields[2];
		}
		catch (IOException ex) {
			return "unknown";
		}
	}

	private Path write(List<String> header, WaylandReport report) throws IOException {
		StringBuilder md = new StringBuilder("# Deskhand Wayland benchmark results\n\n");
		header.forEach((line) -> md.append("- ").append(line).append('\n'));
		md.append('\n').append(report.markdown());
		Files.createDirectories(OUTPUT.getParent());
		Files.writeString(OUTPUT, md.toString(), StandardCharsets.UTF_8);
		for (Map.Entry<String, byte[]> png : this.lastPng.entrySet()) {
			Files.write(OUTPUT.resolveSibling("bench-wayland-" + png.getKey() + ".png"), png.getValue());
		}
		return OUTPUT;
	}

}
