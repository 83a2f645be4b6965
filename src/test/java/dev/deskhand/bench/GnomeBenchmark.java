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
import java.time.LocalTime;
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
import org.freedesktop.dbus.connections.impl.DBusConnection;
import org.freedesktop.dbus.interfaces.Peer;
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
import dev.deskhand.testing.GnomeSession;
import dev.deskhand.testing.GnomeWitness;
import dev.deskhand.testing.TestDesktop;
import dev.deskhand.testing.WitnessEvents;

/**
 * Deskhand's GNOME driver under the headless mutter rig (issue 28), against a one-shot
 * capture of the same monitor ({@code pipewiresrc ... num-buffers=1 ! pngenc}, the rig's
 * {@link GnomeSession#screenshotPng(String)}) and against Deskhand's own X11 driver
 * showing the same content, interleaved round by round in shuffled order like
 * {@link WaylandBenchmark}. Run it with {@code bench/run -Dtest=GnomeBenchmark}; see
 * docs/performance.md, "GNOME (mutter, headless)".
 * <p>
 * Two desktops: the shared GNOME rig ({@link GnomeSession}: Meta-0 1280x800 pixels at
 * scale 1.25) with the GTK witness full screen on Meta-0, whose tick pane (a log pane at
 * layout (24,440) 600x176) gets a line before each look; and a private Xvfb 1280x800
 * showing, full screen, the rig's own capture of Meta-0 (taken after the first tick) with
 * the bench scene's log pane drawn on the same pixels at the same size. So both
 * screenshots scale the same 1280x800 pixels down to the same 1024x640 image (GNOME: the
 * budget fitted to Meta-0's layout size; X11: a 1024x640 budget), and both see a changed
 * pane each time. One Deskhand process per desktop, as WaylandBenchmark starts them.
 * <p>
 * It asserts no time. It asserts every result: each image is a 1024x640 PNG (the one-shot
 * capture's 1280x800) that shows the witness's red and blue markers where they are, and
 * each click reaches the witness (GNOME) or the scene (X11) on the point the image pixel
 * stands for.
 */
@Tag("benchmark")
class GnomeBenchmark {

	private static final int WARMUP = Integer.getInteger("deskhand.bench.warmup", 10);

	private static final int ROUNDS = Integer.getInteger("deskhand.bench.rounds", 40);

	private static final int JIT_WARMUP = Integer.getInteger("deskhand.bench.jit-warmup", 1500);

	private static final long SEED = Long.getLong("deskhand.bench.seed", System.currentTimeMillis());

	private static final Path OUTPUT = Path.of(System.getProperty("deskhand.bench.output", "target/bench-results.md"))
		.toAbsolutePath()
		.resolveSibling("bench-gnome-results.md");

	private static final String JVM_OPTIONS = System.getProperty("deskhand.bench.jvm", "");

	private static final String MONITOR = "Meta-0";

	/**
	 * Meta-0's pixels, the frame its screencast delivers, and the Xvfb's screen.
	 */
	private static final int PIXEL_WIDTH = 1280;

	private static final int PIXEL_HEIGHT = 800;

	/**
	 * Deskhand's screenshot of Meta-0: the budget (1280x800) fitted to its layout size,
	 * 1024x640 (ScreenGeometry: an image pixel is never less than a layout unit), scaled
	 * down from the 1280x800 frame. The X11 Deskhand gets a 1024x640 budget so that it
	 * too scales 1280x800 pixels down to 1024x640.
	 */
	private static final int IMAGE_WIDTH = 1024;

	private static final int IMAGE_HEIGHT = 640;

	/** X pixels (Meta-0's pixels) per image pixel. */
	private static final double PIXELS_PER_IMAGE = 1.25;

	/**
	 * The witness's tick pane in layout units, where the X11 scene draws its log pane.
	 */
	private static final String TICK_PANE = "24,440,600,176";

	private static final Duration WAIT = Duration.ofSeconds(30);

	private static final long SETTLED_MILLIS = 150;

	private static final long GNOME_SETTLE_MILLIS = Long.getLong("deskhand.bench.gnome-settle", 100);

	private static GnomeSession gnome;

	private static GnomeWitness witness;

	private static TestDesktop xvfb;

	private static WaylandBenchScene x11Scene;

	private static DeskhandProcess gnomeDeskhand;

	private static DeskhandProcess x11;

	private static Path dir;

	private static int ticks;

	private McpSyncClient gnomeSdk;

	private LeanMcpClient gnomeLean;

	private McpSyncClient x11Sdk;

	private LeanMcpClient x11Lean;

	private final Random points = new Random(SEED ^ 0x5DEECE66DL);

	private final Map<String, byte[]> lastPng = new HashMap<>();

	private final Map<String, Integer> looks = new HashMap<>();

	private final Map<String, Integer> stale = new HashMap<>();

	private DBusConnection bus;

	private Peer mutter;

	@BeforeAll
	static void startBothDesktopsAndDeskhands() throws IOException {
		gnome = GnomeSession.shared();
		witness = GnomeWitness.open(gnome, MONITOR);
		tickGnome("scene up");
		dir = Files.createTempDirectory("deskhand-gnome-bench-");
		Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
		// what Meta-0 shows now, in its pixels, becomes the X11 desktop's picture
		Path seen = dir.resolve("gnome-seen.png");
		Files.write(seen, gnome.screenshotPng(MONITOR));
		xvfb = TestDesktop.start(PIXEL_WIDTH + "x" + PIXEL_HEIGHT + "x24");
		x11Scene = WaylandBenchScene.onX11(xvfb, seen, dir, Map.of("DESKHAND_BENCH_LOG_PANE", TICK_PANE));
		x11Scene.tick("scene up");

		Path gnomeLog = OUTPUT.resolveSibling("bench-gnome-deskhand.log");
		Path x11Log = OUTPUT.resolveSibling("bench-gnome-x11-deskhand.log");
		System.out.println("starting two Deskhands in their own JVMs ("
				+ (JVM_OPTIONS.isBlank() ? "JVM defaults" : JVM_OPTIONS) + "); logs: " + gnomeLog + ", " + x11Log);
		Map<String, String> session = gnome.clientEnvironment();
		Map<String, String> environment = new HashMap<>();
		for (String name : List.of("DBUS_SESSION_BUS_ADDRESS", "XDG_RUNTIME_DIR", "WAYLAND_DISPLAY",
				"XDG_SESSION_TYPE")) {
			environment.put(name, session.get(name));
		}
		environment.put("XDG_CURRENT_DESKTOP", "GNOME");
		environment.put("DISPLAY", null);
		gnomeDeskhand = DeskhandProcess.start(List.of("--deskhand.platform.display-server=wayland"), environment,
				JVM_OPTIONS, gnomeLog);
		x11 = DeskhandProcess.start(List.of("--deskhand.display.name=" + xvfb.display(),
				"--deskhand.display.managed=false", "--deskhand.screenshot.max-width=" + IMAGE_WIDTH,
				"--deskhand.screenshot.max-height=" + IMAGE_HEIGHT), Map.of(), JVM_OPTIONS, x11Log);
	}

	/** A line in the witness's tick pane, as WaylandBenchScene writes its log lines. */
	private static void tickGnome(String what) {
		ticks++;
		witness.tick(String.format("%s  tick %06d  %s", LocalTime.now(), ticks, what));
		// time for mutter to composite the new buffer and for the stream to deliver it:
		// after 30 ms (what the scene waits on X11 and sway) a look under load 6-10 could
		// still see the frame before the change (the freshness check caught it)
		dev.deskhand.testing.Pause.millis(GNOME_SETTLE_MILLIS);
	}

	@AfterAll
	static void stopEverything() {
		for (AutoCloseable closeable : new AutoCloseable[] { gnomeDeskhand, x11, witness, x11Scene, xvfb }) {
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
	void gnomeAgainstOneShotCaptureAndX11() throws Exception {
		PrintStream out = System.out;
		this.gnomeSdk = McpTestClients.streamable(gnomeDeskhand.port());
		this.gnomeLean = LeanMcpClient.connect(gnomeDeskhand.port());
		this.x11Sdk = McpTestClients.streamable(x11.port());
		this.x11Lean = LeanMcpClient.connect(x11.port());
		this.bus = gnome.connect();
		this.mutter = this.bus.getRemoteObject("org.gnome.Mutter.RemoteDesktop", "/org/gnome/Mutter/RemoteDesktop",
				Peer.class);
		try {
			List<String> header = header();
			out.println();
			out.println("Deskhand GNOME benchmark");
			header.forEach((line) -> out.println("  " + line));
			List<Case> cases = cases();
			out.printf("%nwarming the JIT: %d pings per Deskhand and GNOME mouse_moves, every 25th with a"
					+ " screenshot...%n", JIT_WARMUP);
			warmJit();
			out.printf("%d cases x (%d warm-up + %d measured) rounds, shuffled per round%n", cases.size(), WARMUP,
					ROUNDS);
			Map<String, Rounds.Series> series = Rounds.run(cases, WARMUP, ROUNDS, new Random(SEED), out);
			header.add("load average at the end: " + WaylandBenchmark.loadAverage());
			header.add("looks after a change (warm-up rounds included) that showed an older frame than a look "
					+ SETTLED_MILLIS + " ms later: " + staleLooks());
			GnomeReport report = new GnomeReport(series);
			out.println();
			out.println(report.text());
			Path written = write(header, report);
			out.println("results written to " + written);
		}
		catch (RuntimeException | AssertionError ex) {
			if (!gnomeDeskhand.isAlive() || !x11.isAlive()) {
				throw new AssertionError(
						"a Deskhand process ended during the benchmark" + gnomeDeskhand.tail() + x11.tail(), ex);
			}
			throw ex;
		}
		finally {
			this.bus.close();
			this.gnomeLean.close();
			this.x11Lean.close();
			this.gnomeSdk.closeGracefully();
			this.x11Sdk.closeGracefully();
		}
	}

	private List<Case> cases() {
		List<Case> cases = new ArrayList<>();
		cases.add(new Case("gn.ping", "MCP ping, lean client, GNOME Deskhand (transport floor)", Group.FLOOR,
				Source.DESKHAND, 0, Case.NOTHING, () -> {
					this.gnomeLean.ping();
					return null;
				}, (r, t) -> Outcome.NONE));
		cases.add(new Case("gn.ping.sdk", "MCP ping, SDK client, GNOME Deskhand", Group.FLOOR, Source.DESKHAND, 0,
				Case.NOTHING, () -> this.gnomeSdk.ping(), (r, t) -> Outcome.NONE));
		cases.add(new Case("gn.png", "GNOME screenshot PNG of Meta-0, lean client", Group.SCREENSHOT, Source.DESKHAND,
				0, () -> tickGnome("gn.png"), () -> this.gnomeLean.callTool("screenshot", shotArguments()),
				(r, t) -> latest("gnome", leanPng((JsonNode) r))));
		cases.add(new Case("gn.png.sdk", "GNOME screenshot PNG of Meta-0, SDK client", Group.SCREENSHOT,
				Source.DESKHAND, 0, () -> tickGnome("gn.png.sdk"),
				() -> WaylandBenchmark.sdk(this.gnomeSdk, "screenshot", shotArguments()),
				(r, t) -> latest("gnome", sdkPng((CallToolResult) r))));
		// where a look's time goes: the same call on an unchanged screen (no new frame to
		// wait for or convert, the image from the cache)
		cases.add(new Case("gn.png.repeat", "GNOME screenshot PNG, lean client, again at once (screen unchanged)",
				Group.SCREENSHOT, Source.DESKHAND, 0,
				() -> leanImage("gnome", this.gnomeLean.callTool("screenshot", shotArguments())),
				() -> this.gnomeLean.callTool("screenshot", shotArguments()),
				(r, t) -> leanImage("gnome", (JsonNode) r)));
		cases.add(new Case("peer.oneshot",
				"peer: one-shot ScreenCast + gst-launch-1.0 pipewiresrc num-buffers=1 ! pngenc (Python GDBus)",
				Group.SCREENSHOT, Source.REFERENCE, 0, () -> tickGnome("peer.oneshot"),
				() -> gnome.screenshotPng(MONITOR), (r, t) -> {
					this.lastPng.put("oneshot", (byte[]) r);
					return checkedImage((byte[]) r, PIXEL_WIDTH, PIXEL_HEIGHT);
				}));
		cases.add(new Case("x11.png", "X11 screenshot PNG, lean client (same content, Xvfb 1280x800)", Group.SCREENSHOT,
				Source.PEER, 0, () -> x11Scene.tick("x11.png"), () -> this.x11Lean.callTool("screenshot", Map.of()),
				(r, t) -> latest("x11", leanPng((JsonNode) r))));
		cases.add(new Case("x11.png.sdk", "X11 screenshot PNG, SDK client (same content, Xvfb 1280x800)",
				Group.SCREENSHOT, Source.PEER, 0, () -> x11Scene.tick("x11.png.sdk"),
				() -> WaylandBenchmark.sdk(this.x11Sdk, "screenshot", Map.of()),
				(r, t) -> latest("x11", sdkPng((CallToolResult) r))));
		// the floor under a GNOME click: each of its three events (motion, press,
		// release)
		// is a D-Bus call to mutter that Deskhand waits for, on dbus-java as here
		cases.add(new Case("dbus.ping", "in-process D-Bus Peer.Ping to mutter (dbus-java), one roundtrip", Group.FLOOR,
				Source.DESKHAND, 0, Case.NOTHING, () -> {
					this.mutter.Ping();
					return null;
				}, (r, t) -> Outcome.NONE));
		Aim gnomeClick = new Aim();
		cases.add(new Case("gn.click", "GNOME left_click, lean client", Group.CLICK, Source.DESKHAND, 0,
				() -> aimAtWitness(gnomeClick), () -> lean(this.gnomeLean, "left_click", clickArguments(gnomeClick)),
				(r, t) -> clickedWitness(gnomeClick)));
		cases.add(new Case("gn.click.sdk", "GNOME left_click, SDK client", Group.CLICK, Source.DESKHAND, 0,
				() -> aimAtWitness(gnomeClick),
				() -> WaylandBenchmark.sdk(this.gnomeSdk, "left_click", clickArguments(gnomeClick)),
				(r, t) -> clickedWitness(gnomeClick)));
		Aim x11Click = new Aim();
		cases.add(new Case("x11.click", "X11 left_click, lean client (reference)", Group.CLICK, Source.PEER, 0,
				() -> aimAtScene(x11Click),
				() -> lean(this.x11Lean, "left_click", Map.of("coordinate", x11Click.image())),
				(r, t) -> clickedScene(x11Click)));
		return cases;
	}

	private static Map<String, Object> shotArguments() {
		return Map.of("display_id", MONITOR);
	}

	/**
	 * Untimed calls so the JIT has compiled the hot paths: pings, a GNOME
	 * {@code mouse_move} onto the witness (the pointer path a click shares), and a
	 * screenshot on both every 25th.
	 */
	private void warmJit() {
		Aim move = new Aim();
		for (int i = 1; i <= JIT_WARMUP; i++) {
			this.gnomeLean.ping();
			this.x11Lean.ping();
			aimAtWitness(move);
			lean(this.gnomeLean, "mouse_move", clickArguments(move));
			if (i % 25 == 0) {
				leanImage("gnome", this.gnomeLean.callTool("screenshot", shotArguments()));
				leanImage("x11", this.x11Lean.callTool("screenshot", Map.of()));
			}
		}
	}

	private static JsonNode lean(LeanMcpClient client, String tool, Map<String, Object> arguments) {
		JsonNode result = client.callTool(tool, arguments);
		if (result.path("isError").asBoolean(false)) {
			throw new AssertionError(
					tool + " " + arguments.keySet() + " returned an error: " + WaylandBenchmark.text(result));
		}
		return result;
	}

	// --- screenshots

	private Outcome leanImage(String desktop, JsonNode result) {
		return pngImage(desktop, leanPng(result));
	}

	private static byte[] leanPng(JsonNode result) {
		if (result.path("isError").asBoolean(false)) {
			throw new AssertionError("screenshot returned an error: " + WaylandBenchmark.text(result));
		}
		for (JsonNode block : result.path("content")) {
			if ("image".equals(block.path("type").asString())) {
				if (!"image/png".equals(block.path("mimeType").asString())) {
					throw new AssertionError("not a PNG: " + block.path("mimeType").asString());
				}
				return Base64.getDecoder().decode(block.path("data").asString());
			}
		}
		throw new AssertionError("no image block in the screenshot's result: " + WaylandBenchmark.text(result));
	}

	private static byte[] sdkPng(CallToolResult result) {
		return Base64.getDecoder().decode(McpTestClients.imageBlock(result).data());
	}

	/**
	 * A look after a change: checked as every image, and compared with a look
	 * {@value #SETTLED_MILLIS} ms later. A difference means it showed a frame from before
	 * the change (Deskhand on GNOME returns the latest frame the stream delivered without
	 * waiting for one): counted for the report, the first pair of images written out. Not
	 * a failure: under load mutter's frame can arrive after the settle time, and the
	 * report says how often.
	 */
	private Outcome latest(String desktop, byte[] png) {
		Outcome outcome = pngImage(desktop, png);
		dev.deskhand.testing.Pause.millis(SETTLED_MILLIS);
		LeanMcpClient client = "gnome".equals(desktop) ? this.gnomeLean : this.x11Lean;
		byte[] later = leanPng(client.callTool("screenshot", "gnome".equals(desktop) ? shotArguments() : Map.of()));
		int[] seen = decode(png).getRGB(0, 0, IMAGE_WIDTH, IMAGE_HEIGHT, null, 0, IMAGE_WIDTH);
		int[] settled = decode(later).getRGB(0, 0, IMAGE_WIDTH, IMAGE_HEIGHT, null, 0, IMAGE_WIDTH);
		this.looks.merge(desktop, 1, Integer::sum);
		if (!java.util.Arrays.equals(seen, settled)) {
			int count = this.stale.merge(desktop, 1, Integer::sum);
			String changed = WaylandBenchmark.changed(seen, settled, IMAGE_WIDTH);
			System.out.println("  a " + desktop + " look showed an older frame than a look " + SETTLED_MILLIS
					+ " ms later (" + changed + ")");
			if (count == 1) {
				try {
					Files.write(OUTPUT.resolveSibling("bench-gnome-" + desktop + "-stale.png"), png);
					Files.write(OUTPUT.resolveSibling("bench-gnome-" + desktop + "-settled.png"), later);
				}
				catch (IOException ex) {
					// the count is what the report needs
				}
			}
		}
		return outcome;
	}

	/** How many looks after a change showed an older frame, per desktop. */
	private String staleLooks() {
		StringBuilder text = new StringBuilder();
		for (String desktop : List.of("gnome", "x11")) {
			text.append((text.length() == 0) ? "" : "; ")
				.append(desktop)
				.append(' ')
				.append(this.stale.getOrDefault(desktop, 0))
				.append(" of ")
				.append(this.looks.getOrDefault(desktop, 0));
		}
		return text.toString();
	}

	private static BufferedImage decode(byte[] png) {
		try {
			return ImageIO.read(new ByteArrayInputStream(png));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private Outcome pngImage(String source, byte[] png) {
		this.lastPng.put(source, png);
		return checkedImage(png);
	}

	/**
	 * A 1024x640 image of Meta-0 (or of the X11 copy of it; the one-shot capture's is
	 * 1280x800) with the witness's red square at layout (100,100) and its blue one at
	 * (300,200), 20x20 layout units.
	 */
	private static Outcome checkedImage(byte[] png) {
		return checkedImage(png, IMAGE_WIDTH, IMAGE_HEIGHT);
	}

	private static Outcome checkedImage(byte[] png, int width, int height) {
		BufferedImage image;
		try {
			image = ImageIO.read(new ByteArrayInputStream(png));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		if (image == null || image.getWidth() != width || image.getHeight() != height) {
			throw new AssertionError("not a " + width + "x" + height + " image: "
					+ ((image == null) ? "undecodable" : image.getWidth() + "x" + image.getHeight()));
		}
		requireColour(image, 110, 110, 0xff0000, "red");
		requireColour(image, 310, 210, 0x0000ff, "blue");
		return Outcome.image(png.length);
	}

	private static void requireColour(BufferedImage image, int layoutX, int layoutY, int rgb, String name) {
		double imagePerLayout = (double) image.getWidth() / IMAGE_WIDTH;
		int x = (int) (layoutX * imagePerLayout);
		int y = (int) (layoutY * imagePerLayout);
		int got = image.getRGB(x, y) & 0xffffff;
		for (int shift = 0; shift <= 16; shift += 8) {
			if (Math.abs(((got >> shift) & 0xff) - ((rgb >> shift) & 0xff)) > 40) {
				throw new AssertionError(String.format(Locale.ROOT,
						"image pixel (%d,%d) is #%06x, not the witness's %s marker", x, y, got, name));
			}
		}
	}

	// --- clicks

	/** Where the next click goes: an image pixel, 20 layout units clear of the edges. */
	private static final class Aim {

		private int imageX;

		private int imageY;

		List<Integer> image() {
			return List.of(this.imageX, this.imageY);
		}

	}

	private void aim(Aim aim) {
		int margin = 25;
		aim.imageX = margin + this.points.nextInt(IMAGE_WIDTH - 2 * margin);
		aim.imageY = margin + this.points.nextInt(IMAGE_HEIGHT - 2 * margin);
	}

	private void aimAtWitness(Aim aim) {
		aim(aim);
		witness.log().clearEvents();
	}

	private void aimAtScene(Aim aim) {
		aim(aim);
		x11Scene.clearEvents();
	}

	private static Map<String, Object> clickArguments(Aim aim) {
		return Map.of("coordinate", aim.image(), "display_id", MONITOR);
	}

	/**
	 * The witness saw button 1 pressed and released within one image pixel of the layout
	 * point the aimed pixel's centre stands for (image pixels are Meta-0's layout units).
	 */
	private static Outcome clickedWitness(Aim aim) {
		for (String kind : List.of("press", "release")) {
			JsonNode event = witness.log().await(WitnessEvents.button(kind, 1), WAIT);
			near(kind, event, aim.imageX + 0.5, aim.imageY + 0.5, 1, aim);
		}
		return Outcome.NONE;
	}

	/**
	 * The scene on Xvfb saw button 1 pressed and released within one image pixel of the X
	 * pixel the aimed pixel's centre stands for.
	 */
	private static Outcome clickedScene(Aim aim) {
		for (String kind : List.of("press", "release")) {
			JsonNode event = x11Scene.awaitButton(kind);
			if (event.path("button").asInt() != 1) {
				throw new AssertionError("the scene saw button " + event.path("button").asInt() + " " + kind);
			}
			near(kind, event, (aim.imageX + 0.5) * PIXELS_PER_IMAGE, (aim.imageY + 0.5) * PIXELS_PER_IMAGE,
					PIXELS_PER_IMAGE, aim);
		}
		return Outcome.NONE;
	}

	private static void near(String kind, JsonNode event, double x, double y, double tolerance, Aim aim) {
		double dx = event.path("x").asDouble() - x;
		double dy = event.path("y").asDouble() - y;
		if (Math.abs(dx) > tolerance || Math.abs(dy) > tolerance) {
			throw new AssertionError(
					String.format(Locale.ROOT, "a %s at (%.2f, %.2f), aimed at image %s = (%.2f, %.2f)", kind,
							event.path("x").asDouble(), event.path("y").asDouble(), aim.image(), x, y));
		}
	}

	// --- the report

	private List<String> header() {
		List<String> header = new ArrayList<>();
		header.add("date: " + ZonedDateTime.now().format(DateTimeFormatter.ISO_OFFSET_DATE_TIME));
		header.add("machine: " + Runtime.getRuntime().availableProcessors() + " CPUs; load average at the start: "
				+ WaylandBenchmark.loadAverage());
		header.add("JVM: " + System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"));
		header.add("Deskhand: two processes, JVM options "
				+ (gnomeDeskhand.jvmOptions().isEmpty() ? "none (JVM defaults)"
						: String.join(" ", gnomeDeskhand.jvmOptions()))
				+ "; GNOME pid " + gnomeDeskhand.pid() + " (log " + gnomeDeskhand.log() + "), X11 pid " + x11.pid()
				+ " (log " + x11.log() + ")");
		header.add("GNOME: headless mutter " + gnome + ", " + MONITOR
				+ " 1280x800 @1.25, the witness full screen on it;" + " X11: Xvfb " + xvfb.display() + " "
				+ xvfb.geometry() + " showing the rig's capture of " + MONITOR + "; images " + IMAGE_WIDTH + "x"
				+ IMAGE_HEIGHT + " on both (the X11 Deskhand with that budget)");
		header.add("rounds: " + WARMUP + " warm-up + " + ROUNDS + " measured, order shuffled per round, seed " + SEED);
		return header;
	}

	private Path write(List<String> header, GnomeReport report) throws IOException {
		StringBuilder md = new StringBuilder("# Deskhand GNOME benchmark results\n\n");
		header.forEach((line) -> md.append("- ").append(line).append('\n'));
		md.append('\n').append(report.markdown());
		Files.createDirectories(OUTPUT.getParent());
		Files.writeString(OUTPUT, md.toString(), StandardCharsets.UTF_8);
		for (Map.Entry<String, byte[]> png : this.lastPng.entrySet()) {
			Files.write(OUTPUT.resolveSibling("bench-gnome-" + png.getKey() + ".png"), png.getValue());
		}
		return OUTPUT;
	}

}
