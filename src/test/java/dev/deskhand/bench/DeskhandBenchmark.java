package dev.deskhand.bench;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import javax.imageio.ImageIO;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
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
import dev.deskhand.testing.Pause;
import dev.deskhand.testing.Pointer;
import dev.deskhand.testing.ScreenRect;
import dev.deskhand.testing.TestDesktop;
import dev.deskhand.testing.witness.WitnessWindow;

/**
 * Deskhand against the tools people use today, side by side in one run: Deskhand started
 * as its own process, as in production (see {@link DeskhandProcess}), and driven over
 * Streamable HTTP through the official MCP Java SDK client and a lean client (see
 * {@link LeanMcpClient}), and the peer pipelines as subprocesses on the same Xvfb
 * display, interleaved round by round in shuffled order (see {@link Rounds}). Run it with
 * {@code bench/run} or {@code ./mvnw verify -Pbench}; see docs/performance.md.
 * <p>
 * It prints each case's p50/p95 and ratios and writes them to {@code bench-results.md} in
 * the build directory. It asserts no time. It does assert that every result is right:
 * each image decodes at the expected size, each click reaches the witness where it was
 * aimed, each pointer move ends where it was sent, and each typed text arrives in the
 * witness exactly.
 */
@Tag("benchmark")
class DeskhandBenchmark {

	private static final int WARMUP = Integer.getInteger("deskhand.bench.warmup", 10);

	private static final int ROUNDS = Integer.getInteger("deskhand.bench.rounds", 40);

	/**
	 * Calls made before the rounds so that the JIT has compiled the server's hot paths,
	 * as in a server that has been up for a while: C2 compiles a method after about
	 * 10,000 invocations, and ten warm-up rounds make a few dozen tool calls.
	 */
	private static final int JIT_WARMUP = Integer.getInteger("deskhand.bench.jit-warmup", 1500);

	private static final int RSS_SHOTS = Integer.getInteger("deskhand.bench.rss-shots", 2000);

	private static final long SEED = Long.getLong("deskhand.bench.seed", System.currentTimeMillis());

	/**
	 * Only the cases whose key starts with one of these, comma-separated (e.g.
	 * {@code mcp.png,web.png,lean.png}); empty: every case.
	 */
	private static final List<String> ONLY = List.of(System.getProperty("deskhand.bench.cases", "").split(","))
		.stream()
		.map(String::strip)
		.filter((key) -> !key.isEmpty())
		.toList();

	private static final Path OUTPUT = Path.of(System.getProperty("deskhand.bench.output", "target/bench-results.md"));

	/**
	 * Options for Deskhand's JVM; the pom's bench profile passes those spring-boot:run
	 * uses.
	 */
	private static final String JVM_OPTIONS = System.getProperty("deskhand.bench.jvm", "");

	/** Display 1920x1080, screenshots 1280x720: 1.5 screen pixels per image pixel. */
	private static final int IMAGE_WIDTH = 1280;

	private static final int IMAGE_HEIGHT = 720;

	private static final double SCALE = 1920.0 / IMAGE_WIDTH;

	/**
	 * Exactly 200 characters of printable ASCII: letters, digits, every punctuation mark,
	 * spaces.
	 */
	static final String ASCII = "Quick brown fox jumps over the lazy dog. PACK MY BOX WITH FIVE DOZEN LIQUOR JUGS!"
			+ " 0123456789 ~`!@#$%^&*()-_=+[]{}\\|;:'\",.<>/? How vexingly quick daft zebras jump; sphinx of black"
			+ " quartz, judge my vow.";

	/**
	 * Mixed Unicode: Latin accents, Greek, Cyrillic, CJK, Hangul and symbols, all in the
	 * BMP.
	 */
	static final String UNICODE = "Grüße aus Köln: naïve café, façade, señor, Ærøskøbing, Łódź, čeština; "
			+ "Ελληνικά, Русский; 日本語のテキスト, 中文输入测试, 한국어 입력; €£¥ ±×÷ ≤≥≠ →←↑↓ ✓✗ ★☆ ½¼ «»";

	private static final Duration WAIT = Duration.ofSeconds(20);

	private static final String PNG = "image/png";

	private static final String JPEG = "image/jpeg";

	private static BenchDesktop dressed;

	private static WitnessWindow witness;

	private static DeskhandProcess deskhand;

	private McpSyncClient client;

	/**
	 * The same SDK client on Spring AI's WebClient transport, as Spring AI agents should
	 * reach Deskhand (docs/clients.md).
	 */
	private McpSyncClient web;

	/**
	 * And on WebClient's JDK HttpClient connector (no Reactor Netty on the classpath).
	 */
	private McpSyncClient webJdk;

	private LeanMcpClient lean;

	private Shell shell;

	private NodePeer node;

	private final Random points = new Random(SEED ^ 0x5DEECE66DL);

	private Pointer lastPointer = new Pointer(-1, -1);

	private byte[] lastPng;

	@BeforeAll
	static void dressDesktopAndStartDeskhand() {
		BenchDesktop.requireTools();
		TestDesktop desktop = TestDesktop.shared();
		dressed = BenchDesktop.dress(desktop);
		// opened last so it is on top and focused: clicks land on it, typing goes into it
		witness = WitnessWindow.open(desktop, "Deskhand bench witness", 900, 520, 900, 470);
		Path log = OUTPUT.toAbsolutePath().resolveSibling("bench-deskhand.log");
		System.out.println("starting Deskhand in its own JVM (" + (JVM_OPTIONS.isBlank() ? "JVM defaults" : JVM_OPTIONS)
				+ "); its log: " + log);
		deskhand = DeskhandProcess.start(desktop.display(), JVM_OPTIONS, log);
	}

	/** Runs also when the benchmark or the set-up failed: no Deskhand outlives it. */
	@AfterAll
	static void stopDeskhandAndUndress() {
		try {
			if (deskhand != null) {
				deskhand.close();
			}
		}
		finally {
			if (witness != null) {
				witness.close();
			}
			if (dressed != null) {
				dressed.close();
			}
		}
	}

	@Test
	void deskhandAgainstThePeers() throws Exception {
		PrintStream out = System.out;
		this.client = McpTestClients.streamable(deskhand.port());
		this.web = McpTestClients.webClientStreamable(deskhand.port());
		this.webJdk = McpTestClients.webClientOnJdkHttpClient(deskhand.port());
		this.lean = LeanMcpClient.connect(deskhand.port());
		this.shell = new Shell(TestDesktop.shared().environment(), dressed.dir());
		NodePeer.Availability node = NodePeer.start(TestDesktop.shared().environment(), dressed.dir());
		this.node = node.peer();
		try {
			List<String> header = header();
			header.add("Node peer (robotjs + sharp): " + ((this.node != null) ? "in the rounds"
					: "NOT in this run, " + node.reason() + "; the baseline notes measured it at 98-114 ms p50"));
			out.println();
			out.println("Deskhand benchmark");
			header.forEach((line) -> out.println("  " + line));

			List<Case> cases = cases();
			out.printf("%nwarming the JIT: %d iterations of ping, cursor_position, mouse_move (both clients),"
					+ " every 25th with a screenshot...%n", JIT_WARMUP);
			warmJit(JIT_WARMUP);
			out.printf("%d cases x (%d warm-up + %d measured) rounds, shuffled per round%n", cases.size(), WARMUP,
					ROUNDS);
			Map<String, Rounds.Series> series = Rounds.run(cases, WARMUP, ROUNDS, new Random(SEED), out);
			Report report = Report.of(series);

			String garble = xdotoolUnicode();

			out.printf("%n%d screenshots through MCP for the resident set...%n", RSS_SHOTS);
			Resident.Summary memory = resident(RSS_SHOTS);

			List<Report.Target> targets = report.targets(memory);
			header.add("load average at the end: " + loadAverage());
			header.add("lean client: " + this.lean.connectionUse()
					+ " (a new one when the server closes a kept-alive connection)");
			out.println();
			out.println(report.text());
			out.println(memory.text());
			out.println("targets (issue 5):");
			out.println(Report.targetsText(targets));
			out.println(garble);
			String nativeMemory = deskhand.nativeMemorySummary().orElse(null);
			if (nativeMemory != null) {
				out.println("Deskhand's native memory (NMT):");
				out.println(nativeMemory);
			}
			Path written = write(header, report, memory, targets, garble, nativeMemory);
			out.println("results written to " + written.toAbsolutePath());
		}
		catch (RuntimeException | AssertionError ex) {
			if (!deskhand.isAlive()) {
				throw new AssertionError("Deskhand's process ended during the benchmark" + deskhand.tail(), ex);
			}
			throw ex;
		}
		finally {
			if (this.node != null) {
				this.node.close();
			}
			this.shell.close();
			this.lean.close();
			this.client.closeGracefully();
			this.web.closeGracefully();
			this.webJdk.closeGracefully();
		}
	}

	private List<Case> cases() {
		String convert = BenchDesktop.convert();
		Path scrotFile = dressed.dir().resolve("scrot.png");
		List<Case> cases = new ArrayList<>();

		// the floor under every tool call: an MCP round trip that does no work
		cases.add(new Case("mcp.ping", "MCP ping, SDK client (transport floor, no tool)", Group.FLOOR, Source.DESKHAND,
				0, Case.NOTHING, () -> this.client.ping(), (r, t) -> Outcome.NONE));
		cases.add(new Case("web.ping", "MCP ping, SDK client on WebClient (transport floor, no tool)", Group.FLOOR,
				Source.DESKHAND, 0, Case.NOTHING, () -> this.web.ping(), (r, t) -> Outcome.NONE));
		cases.add(new Case("lean.ping", "MCP ping, lean client (transport floor, no tool)", Group.FLOOR,
				Source.DESKHAND, 0, Case.NOTHING, () -> {
					this.lean.ping();
					return null;
				}, (r, t) -> Outcome.NONE));

		// screenshots; before each one the log terminal gets a line, so none sees an
		// unchanged screen
		cases.add(new Case("mcp.png", "Deskhand screenshot PNG, SDK client", Group.SCREENSHOT, Source.DESKHAND, 0,
				this::changeScreen, () -> mcp("screenshot", Map.of()), (r, t) -> mcpImage(r, PNG)));
		cases.add(new Case("mcp.jpeg", "Deskhand screenshot JPEG, SDK client", Group.SCREENSHOT, Source.DESKHAND, 0,
				this::changeScreen, () -> mcp("screenshot", Map.of("format", "jpeg")), (r, t) -> mcpImage(r, JPEG)));
		// Deskhand answers a screenshot with one JSON body; a progress token makes it
		// answer with an SSE stream, as every call was answered before
		// (deskhand.mcp.json-responses): the same call both ways, through both
		// transports of the SDK client. The JDK HttpClient transport reads either body
		// line by line with the JDK's line subscriber, whose cost grows with the square
		// of the line (java-sdk#1042); the WebClient transport reads a JSON body whole.
		cases.add(new Case("mcp.png.sse", "Deskhand screenshot PNG, SDK client, answered as SSE (progress token)",
				Group.SCREENSHOT, Source.DESKHAND, 0, this::changeScreen, () -> mcpWithProgress(this.client, Map.of()),
				(r, t) -> mcpImage(r, PNG)));
		cases.add(new Case("web.png", "Deskhand screenshot PNG, SDK client on WebClient", Group.SCREENSHOT,
				Source.DESKHAND, 0, this::changeScreen, () -> mcp(this.web, "screenshot", Map.of()),
				(r, t) -> mcpImage(r, PNG)));
		cases.add(new Case("webjdk.png", "Deskhand screenshot PNG, SDK client on WebClient, JDK HttpClient connector",
				Group.SCREENSHOT, Source.DESKHAND, 0, this::changeScreen,
				() -> mcp(this.webJdk, "screenshot", Map.of()), (r, t) -> mcpImage(r, PNG)));
		cases.add(new Case("web.jpeg", "Deskhand screenshot JPEG, SDK client on WebClient", Group.SCREENSHOT,
				Source.DESKHAND, 0, this::changeScreen, () -> mcp(this.web, "screenshot", Map.of("format", "jpeg")),
				(r, t) -> mcpImage(r, JPEG)));
		cases.add(new Case("web.png.sse",
				"Deskhand screenshot PNG, SDK client on WebClient, answered as SSE (progress token)", Group.SCREENSHOT,
				Source.DESKHAND, 0, this::changeScreen, () -> mcpWithProgress(this.web, Map.of()),
				(r, t) -> mcpImage(r, PNG)));
		// the same calls through the lean client: the server without the Java SDK
		// client's cost (see LeanMcpClient); observation only, since input takes a
		// per-session lease
		cases.add(new Case("lean.png", "Deskhand screenshot PNG, lean client", Group.SCREENSHOT, Source.DESKHAND, 0,
				this::changeScreen, () -> this.lean.callTool("screenshot", Map.of()), (r, t) -> leanImage(r, PNG)));
		cases.add(new Case("lean.jpeg", "Deskhand screenshot JPEG, lean client", Group.SCREENSHOT, Source.DESKHAND, 0,
				this::changeScreen, () -> this.lean.callTool("screenshot", Map.of("format", "jpeg")),
				(r, t) -> leanImage(r, JPEG)));
		// the worst case: every row of the screen changed, nothing of the last image can
		// be reused
		cases.add(new Case("lean.png.whole", "Deskhand screenshot PNG, lean client, whole screen changed",
				Group.SCREENSHOT, Source.DESKHAND, 0, this::changeWholeScreen,
				() -> this.lean.callTool("screenshot", Map.of()), (r, t) -> leanImage(r, PNG)));
		// the same call right after an untimed one: what skipping unchanged work buys
		// (the witness caret blinks every 500 ms, so now and then the screen did change
		// in between)
		cases.add(new Case("mcp.png.repeat", "Deskhand screenshot PNG, SDK client, again at once (screen unchanged)",
				Group.SCREENSHOT, Source.DESKHAND, 0, () -> mcpImage(mcp("screenshot", Map.of()), PNG),
				() -> mcp("screenshot", Map.of()), (r, t) -> mcpImage(r, PNG)));
		cases.add(new Case("peer.scrot", "peer: scrot + convert -resize + base64 (computer-use demo)", Group.SCREENSHOT,
				Source.REFERENCE, 0, this::changeScreen,
				() -> this.shell.run("scrot -o \"$1\" && \"$2\" \"$1\" -resize 1280x720! png:- | base64 -w0",
						scrotFile.toString(), convert),
				(r, t) -> base64Png((byte[]) r)));
		cases.add(new Case("peer.import", "peer: import | convert -resize | base64", Group.SCREENSHOT, Source.PEER, 0,
				this::changeScreen, () -> this.shell
					.run("import -window root png:- | \"$1\" png:- -resize 1280x720! png:- | base64 -w0", convert),
				(r, t) -> base64Png((byte[]) r)));
		if (this.node != null) {
			cases.add(new Case("peer.node", "peer: Node robotjs + sharp (persistent worker)", Group.SCREENSHOT,
					Source.PEER, 0, this::changeScreen, () -> this.node.shot(), (r, t) -> base64Png((byte[]) r)));
		}

		// pointer: every target is a fresh point on the witness, never where the pointer
		// already is (xdotool mousemove --sync to the current position waits about 15 s
		// for a motion event)
		Target move = new Target();
		cases.add(new Case("mcp.move", "Deskhand mouse_move, SDK client", Group.MOVE, Source.DESKHAND, 0,
				() -> move.aim(nextPoint()), () -> mcp("mouse_move", Map.of("coordinate", move.image())),
				(r, t) -> pointerAt(move)));
		cases.add(new Case("lean.move", "Deskhand mouse_move, lean client", Group.MOVE, Source.DESKHAND, 0,
				() -> move.aim(nextPoint()), () -> lean("mouse_move", Map.of("coordinate", move.image())),
				(r, t) -> pointerAt(move)));
		cases.add(new Case("peer.move", "peer: xdotool mousemove --sync", Group.MOVE, Source.PEER, 0,
				() -> move.aim(nextPoint()),
				() -> this.shell.run("xdotool mousemove --sync \"$1\" \"$2\"", move.screenX(), move.screenY()),
				(r, t) -> pointerAt(move)));
		Target click = new Target();
		cases.add(new Case("mcp.click", "Deskhand left_click, SDK client", Group.CLICK, Source.DESKHAND, 0,
				() -> aimClick(click), () -> mcp("left_click", Map.of("coordinate", click.image())),
				(r, t) -> clicked(click)));
		cases.add(new Case("lean.click", "Deskhand left_click, lean client", Group.CLICK, Source.DESKHAND, 0,
				() -> aimClick(click), () -> lean("left_click", Map.of("coordinate", click.image())),
				(r, t) -> clicked(click)));
		cases.add(new Case("peer.click", "peer: xdotool mousemove --sync + click 1", Group.CLICK, Source.PEER, 0,
				() -> aimClick(click), () -> this.shell.run("xdotool mousemove --sync \"$1\" \"$2\" click 1",
						click.screenX(), click.screenY()),
				(r, t) -> clicked(click)));

		// typing into the witness, emptied before each call; the check waits for the
		// exact text
		cases.add(new Case("mcp.type.ascii", "Deskhand type, " + ASCII.length() + " ASCII chars, SDK client",
				Group.TYPE_ASCII, Source.DESKHAND, ASCII.length(), this::emptyWitness,
				() -> mcp("type", Map.of("text", ASCII)), (r, t) -> arrived(ASCII, t)));
		cases.add(new Case("peer.type.ascii", "peer: xdotool type --delay 12, " + ASCII.length() + " ASCII chars",
				Group.TYPE_ASCII, Source.PEER, ASCII.length(), this::emptyWitness,
				() -> this.shell.run("xdotool type --delay 12 \"$1\"", ASCII), (r, t) -> arrived(ASCII, t)));
		int unicodeChars = UNICODE.codePointCount(0, UNICODE.length());
		cases.add(new Case("mcp.type.unicode", "Deskhand type, " + unicodeChars + " mixed-Unicode chars, SDK client",
				Group.TYPE_UNICODE, Source.DESKHAND, unicodeChars, this::emptyWitness,
				() -> mcp("type", Map.of("text", UNICODE)), (r, t) -> arrived(UNICODE, t)));
		return ONLY.isEmpty() ? cases
				: cases.stream().filter((c) -> ONLY.stream().anyMatch((key) -> c.key().startsWith(key))).toList();
	}

	// --- screenshots

	private CallToolResult mcp(String tool, Map<String, Object> arguments) {
		return mcp(this.client, tool, arguments);
	}

	private static CallToolResult mcp(McpSyncClient client, String tool, Map<String, Object> arguments) {
		return noError(tool, arguments, McpTestClients.call(client, tool, arguments));
	}

	/**
	 * A screenshot with a progress token, which Deskhand answers as an SSE stream (a
	 * screenshot reports no progress: the stream holds the result alone).
	 */
	private static CallToolResult mcpWithProgress(McpSyncClient client, Map<String, Object> arguments) {
		return noError("screenshot", arguments,
				client.callTool(McpSchema.CallToolRequest.builder()
					.name("screenshot")
					.arguments(arguments)
					.progressToken("bench")
					.build()));
	}

	private static CallToolResult noError(String tool, Map<String, Object> arguments, CallToolResult result) {
		if (Boolean.TRUE.equals(result.isError())) {
			throw new AssertionError(
					tool + " " + arguments.keySet() + " returned an error: " + McpTestClients.text(result));
		}
		return result;
	}

	private JsonNode lean(String tool, Map<String, Object> arguments) {
		JsonNode result = this.lean.callTool(tool, arguments);
		if (result.path("isError").asBoolean(false)) {
			throw new AssertionError(tool + " " + arguments.keySet() + " returned an error: " + result);
		}
		return result;
	}

	/** Untimed: the calls that make the JIT compile what the rounds then measure. */
	private void warmJit(int iterations) {
		for (int i = 0; i < iterations; i++) {
			List<Integer> point = List.of(100 + (i % 50) * 2, 100 + (i % 37) * 3);
			this.lean.ping();
			this.client.ping();
			this.web.ping();
			this.webJdk.ping();
			lean("cursor_position", Map.of());
			lean("mouse_move", Map.of("coordinate", point));
			mcp("mouse_move", Map.of("coordinate", point));
			if (i % 25 == 0) {
				dressed.tick("warm-up");
				lean("screenshot", Map.of());
				mcp("screenshot", Map.of("format", "jpeg"));
				mcp(this.web, "screenshot", Map.of());
				mcp(this.webJdk, "screenshot", Map.of());
			}
		}
	}

	private void changeWholeScreen() {
		dressed.swapBackground();
		Pause.millis(30);
	}

	private void changeScreen() {
		dressed.tick("screenshot");
		// xterm draws the line within a few milliseconds; give it time, untimed
		Pause.millis(30);
	}

	private Outcome mcpImage(Object result, String mimeType) {
		McpSchema.ImageContent block = McpTestClients.imageBlock((CallToolResult) result);
		if (!mimeType.equals(block.mimeType())) {
			throw new AssertionError("expected " + mimeType + ", got " + block.mimeType());
		}
		byte[] bytes = Base64.getDecoder().decode(block.data());
		decodes(bytes, mimeType);
		if (PNG.equals(mimeType)) {
			this.lastPng = bytes;
		}
		return Outcome.image(bytes.length);
	}

	private Outcome leanImage(Object result, String mimeType) {
		JsonNode image = null;
		for (JsonNode block : ((JsonNode) result).path("content")) {
			if ("image".equals(block.path("type").asString())) {
				image = block;
			}
		}
		if (image == null) {
			throw new AssertionError("no image block in " + result);
		}
		if (!mimeType.equals(image.path("mimeType").asString())) {
			throw new AssertionError("expected " + mimeType + ", got " + image.path("mimeType"));
		}
		byte[] bytes = Base64.getDecoder().decode(image.path("data").asString());
		decodes(bytes, mimeType);
		return Outcome.image(bytes.length);
	}

	private static Outcome base64Png(byte[] stdout) {
		byte[] bytes = Base64.getDecoder().decode(new String(stdout, StandardCharsets.US_ASCII).strip());
		decodes(bytes, PNG);
		return Outcome.image(bytes.length);
	}

	/** The image decodes, at the size every pipeline here scales to. */
	private static void decodes(byte[] bytes, String what) {
		try {
			BufferedImage image = ImageIO.read(new ByteArrayInputStream(bytes));
			if (image == null) {
				throw new AssertionError(what + " of " + bytes.length + " bytes does not decode");
			}
			if (image.getWidth() != IMAGE_WIDTH || image.getHeight() != IMAGE_HEIGHT) {
				throw new AssertionError(what + " is " + image.getWidth() + "x" + image.getHeight() + ", expected "
						+ IMAGE_WIDTH + "x" + IMAGE_HEIGHT);
			}
			// a pipeline that mixes up channels or alpha can return a valid, black image:
			// the dressed desktop has hundreds of colours on any sparse grid
			Set<Integer> colours = new HashSet<>();
			for (int y = 9; y < IMAGE_HEIGHT; y += 18) {
				for (int x = 16; x < IMAGE_WIDTH; x += 32) {
					colours.add(image.getRGB(x, y) & 0xffffff);
				}
			}
			if (colours.size() < 100) {
				throw new AssertionError(what + " shows only " + colours.size() + " colours on a 40x40 grid");
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	// --- pointer

	/** A point to move or click to, in screen pixels and in Deskhand's image pixels. */
	private static final class Target {

		private int imageX;

		private int imageY;

		void aim(Pointer screen) {
			// Deskhand takes image pixels; xdotool takes the screen pixel that image
			// pixel maps to
			this.imageX = (int) (screen.x() / SCALE);
			this.imageY = (int) (screen.y() / SCALE);
		}

		List<Integer> image() {
			return List.of(this.imageX, this.imageY);
		}

		String screenX() {
			return Integer.toString((int) Math.round(this.imageX * SCALE));
		}

		String screenY() {
			return Integer.toString((int) Math.round(this.imageY * SCALE));
		}

		/**
		 * Whether a screen position is the target, within one image pixel (Deskhand's
		 * rounding).
		 */
		boolean hit(int x, int y) {
			return Math.abs(x / SCALE - this.imageX) <= 1 && Math.abs(y / SCALE - this.imageY) <= 1;
		}

	}

	/**
	 * A random point well inside the witness, at least 10 px from the pointer in each
	 * axis.
	 */
	private Pointer nextPoint() {
		ScreenRect area = witness.reportedBounds();
		while (true) {
			int x = area.x() + 30 + this.points.nextInt(area.width() - 60);
			int y = area.y() + 30 + this.points.nextInt(area.height() - 60);
			if (Math.abs(x - this.lastPointer.x()) >= 10 && Math.abs(y - this.lastPointer.y()) >= 10) {
				return new Pointer(x, y);
			}
		}
	}

	private void aimClick(Target target) {
		target.aim(nextPoint());
		witness.clearEvents();
	}

	private Outcome pointerAt(Target target) {
		Pointer at = TestDesktop.shared().pointerLocation();
		this.lastPointer = at;
		if (!target.hit(at.x(), at.y())) {
			throw new AssertionError("pointer at " + at + ", sent to image " + target.image());
		}
		return Outcome.NONE;
	}

	private Outcome clicked(Target target) {
		String release = witness.awaitEvent((e) -> e.startsWith("RELEASE button=1 "), WAIT);
		Map<String, String> fields = WitnessWindow.fields(release);
		int x = Integer.parseInt(fields.get("x"));
		int y = Integer.parseInt(fields.get("y"));
		this.lastPointer = new Pointer(x, y);
		if (!target.hit(x, y)) {
			throw new AssertionError("the witness saw " + release + ", aimed at image " + target.image());
		}
		return Outcome.NONE;
	}

	// --- typing

	/** Focuses the witness and empties it through Deskhand's own key tool, untimed. */
	private void emptyWitness() {
		witness.focus();
		if (!witness.text().isEmpty()) {
			mcp("key", Map.of("text", "ctrl+a"));
			mcp("key", Map.of("text", "BackSpace"));
			witness.awaitText("", WAIT);
		}
		witness.clearEvents();
	}

	/**
	 * Waits until the witness holds exactly {@code expected}, then measures when that
	 * happened by the witness's own clock (CLOCK_MONOTONIC like this JVM's, so the two
	 * compare).
	 */
	private Outcome arrived(String expected, long startNanos) {
		witness.awaitText(expected, WAIT);
		for (WitnessWindow.TimedEvent event : witness.timedEvents()) {
			if (expected.equals(WitnessWindow.fields(event.event()).get("text"))) {
				return Outcome.arrived(Math.max(0, event.nanoTime() - startNanos));
			}
		}
		throw new AssertionError("no TEXT event with the whole text, though the witness shows it");
	}

	/**
	 * What xdotool makes of the mixed-Unicode string: reported, not asserted, since the
	 * point is that it is wrong.
	 */
	private String xdotoolUnicode() {
		emptyWitness();
		long start = System.nanoTime();
		this.shell.run("xdotool type --delay 12 \"$1\"", UNICODE);
		double millis = (System.nanoTime() - start) / 1e6;
		// xdotool has exited; let the witness catch up, then take what it got
		String got = settledText();
		int[] want = UNICODE.codePoints().toArray();
		int[] have = got.codePoints().toArray();
		return String.format(Locale.ROOT,
				"xdotool type --delay 12 of the %d-character mixed-Unicode string (once, after the rounds, %.0f ms):"
						+ " %s; the witness got %d characters, %d edits (characters dropped, added or changed) away"
						+ " from the string sent.%n  sent: %s%n  got:  %s",
				want.length, millis, got.equals(UNICODE) ? "arrived exactly" : "GARBLED", have.length,
				editDistance(want, have), UNICODE, got);
	}

	/**
	 * Levenshtein distance over code points: one dropped character early does not count
	 * as all after it.
	 */
	static int editDistance(int[] a, int[] b) {
		int[] previous = new int[b.length + 1];
		int[] current = new int[b.length + 1];
		for (int j = 0; j <= b.length; j++) {
			previous[j] = j;
		}
		for (int i = 1; i <= a.length; i++) {
			current[0] = i;
			for (int j = 1; j <= b.length; j++) {
				int substitution = previous[j - 1] + ((a[i - 1] == b[j - 1]) ? 0 : 1);
				current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
			}
			int[] swap = previous;
			previous = current;
			current = swap;
		}
		return previous[b.length];
	}

	private String settledText() {
		String text = witness.text();
		long quietSince = System.nanoTime();
		long deadline = quietSince + WAIT.toNanos();
		while (System.nanoTime() - quietSince < 500_000_000L && System.nanoTime() < deadline) {
			Pause.millis(50);
			String now = witness.text();
			if (!now.equals(text)) {
				text = now;
				quietSince = System.nanoTime();
			}
		}
		return text;
	}

	// --- resident set

	/*
	 * The 2,000 screenshots go through the lean client, whose cost per call is the
	 * smallest (see LeanMcpClient): the loop then loads Deskhand as hard as one client
	 * can. The readings are Deskhand's process alone; the heap numbers come from its own
	 * metrics endpoint.
	 */

	private Resident.Summary resident(int shots) {
		List<Resident.Reading> readings = new ArrayList<>();
		List<Long> nanos = new ArrayList<>();
		readings.add(Resident.Reading.of(0, deskhand));
		for (int shot = 1; shot <= shots; shot++) {
			// a changed screen each time, as in the rounds; no pause, so the loop stays
			// quick
			dressed.tick("rss");
			long start = System.nanoTime();
			JsonNode result = this.lean.callTool("screenshot", Map.of());
			nanos.add(System.nanoTime() - start);
			pngHeader(result);
			if (shot % 100 == 0 || shot == shots) {
				readings.add(Resident.Reading.of(shot, deskhand));
			}
			if (shot == shots) {
				leanImage(result, PNG);
			}
		}
		String composition = Resident.composition(deskhand.pid());
		// after the last reading, so it cannot flatter the readings: how much of the heap
		// is live
		double live = deskhand.liveHeapMiBAfterFullGc().orElse(Double.NaN);
		return new Resident.Summary(shots, readings, Stats.ofNanos(nanos), live, deskhand.heapMaxMiB(), composition);
	}

	/**
	 * A cheap check for the 2,000 screenshots, where a full decode each would dominate: a
	 * PNG signature and an IHDR of the right size. The last one is decoded in full.
	 */
	private static void pngHeader(JsonNode result) {
		String data = null;
		for (JsonNode block : result.path("content")) {
			if ("image".equals(block.path("type").asString())) {
				data = block.path("data").asString();
			}
		}
		if (data == null) {
			throw new AssertionError("no image block in the screenshot's result");
		}
		byte[] head = Base64.getDecoder().decode(data.substring(0, 32));
		int width = ((head[16] & 0xff) << 24) | ((head[17] & 0xff) << 16) | ((head[18] & 0xff) << 8)
				| (head[19] & 0xff);
		int height = ((head[20] & 0xff) << 24) | ((head[21] & 0xff) << 16) | ((head[22] & 0xff) << 8)
				| (head[23] & 0xff);
		if ((head[0] & 0xff) != 0x89 || head[1] != 'P' || width != IMAGE_WIDTH || height != IMAGE_HEIGHT) {
			throw new AssertionError("not a " + IMAGE_WIDTH + "x" + IMAGE_HEIGHT + " PNG: " + width + "x" + height);
		}
	}

	// --- the report

	private List<String> header() {
		List<String> header = new ArrayList<>();
		header.add("date: " + ZonedDateTime.now().format(DateTimeFormatter.ISO_OFFSET_DATE_TIME));
		header.add("machine: " + cpuModel() + ", " + Runtime.getRuntime().availableProcessors() + " CPUs; load average"
				+ " at the start: " + loadAverage());
		header.add("JVM: " + System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"));
		header.add(String.format(Locale.ROOT,
				"Deskhand: its own process (pid %d), JVM options %s, max heap %.0f MiB; log %s", deskhand.pid(),
				deskhand.jvmOptions().isEmpty() ? "none (JVM defaults)" : String.join(" ", deskhand.jvmOptions()),
				deskhand.heapMaxMiB(), deskhand.log()));
		header.add("benchmark harness (clients, checks, peers' pipes): a separate JVM, max heap "
				+ Runtime.getRuntime().maxMemory() / 1048576 + " MiB");
		header.add("display: Xvfb " + TestDesktop.shared().display() + " " + TestDesktop.shared().geometry()
				+ "; whole screen as PNG (ImageMagick, full size): "
				+ String.format(Locale.ROOT, "%,d", dressed.contentBytes()) + " bytes");
		header
			.add("ImageMagick convert: " + BenchDesktop.convert() + "; peers run as sh -c, one process tree per call");
		header.add("rounds: " + WARMUP + " warm-up + " + ROUNDS + " measured, order shuffled per round, seed " + SEED);
		return header;
	}

	private static String cpuModel() {
		try {
			return Files.readAllLines(Path.of("/proc/cpuinfo"))
				.stream()
				.filter((line) -> line.startsWith("model name"))
				.map((line) -> line.substring(line.indexOf(':') + 1).strip())
				.findFirst()
				.orElse("unknown CPU");
		}
		catch (IOException ex) {
			return "unknown CPU";
		}
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

	private Path write(List<String> header, Report report, Resident.Summary memory, List<Report.Target> targets,
			String garble, String nativeMemory) throws IOException {
		StringBuilder md = new StringBuilder("# Deskhand benchmark results\n\n");
		header.forEach((line) -> md.append("- ").append(line).append('\n'));
		md.append("\n## Latency, end to end at the caller\n\n");
		md.append("Medians (p50) and nearest-rank p95 of the measured rounds. \"÷ fastest peer\" divides a row's"
				+ " p50 by the fastest peer's doing the same job in this run; \"÷ scrot ref\" by the scrot"
				+ " reference pipeline's. chars/s = characters / p50.\n\n");
		md.append(report.markdown());
		md.append("\n## Targets\n\n").append(Report.targetsMarkdown(targets));
		md.append("\n## Resident set\n\n```\n").append(memory.text()).append("```\n");
		md.append("\n## xdotool and Unicode\n\n```\n").append(garble).append("\n```\n");
		if (nativeMemory != null) {
			md.append("\n## Deskhand's native memory (NMT, at the end)\n\n```\n")
				.append(nativeMemory.strip())
				.append("\n```\n");
		}
		Files.createDirectories(OUTPUT.toAbsolutePath().getParent());
		Files.writeString(OUTPUT, md.toString(), StandardCharsets.UTF_8);
		if (this.lastPng != null) {
			// what the screenshots showed, for a reader who wants to judge "realistic
			// content"
			Files.write(OUTPUT.resolveSibling("bench-screenshot.png"), this.lastPng);
		}
		return OUTPUT;
	}

}
