package dev.deskhand.tools;

import java.awt.image.BufferedImage;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.deskhand.mcp.McpTestClients;
import dev.deskhand.testing.ProcessResult;
import dev.deskhand.testing.ScreenRect;
import dev.deskhand.testing.TestDesktop;
import dev.deskhand.testing.witness.WitnessWindow;

import static dev.deskhand.mcp.McpTestClients.call;
import static dev.deskhand.mcp.McpTestClients.image;
import static dev.deskhand.mcp.McpTestClients.text;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The desktop surface on two monitors split from one 3840x1080 Xvfb (xrandr
 * --setmonitor), through a real MCP client: per-display scenes and display-local
 * coordinates, windows, applications, the clipboard, privacy masking and a display
 * changing under a session. Witnesses: a Swing window on the right monitor, xdotool,
 * xwininfo, xclip, ImageMagick.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "management.server.port=0", "deskhand.display.managed=false", "deskhand.audit.enabled=false",
				"deskhand.security.operator-token=surface-operator", "deskhand.approval.policies.pointer=allow",
				"deskhand.approval.policies.keyboard=allow", "deskhand.approval.policies.launch=allow",
				"deskhand.approval.policies.clipboard-read=allow", "deskhand.approval.policies.clipboard-write=allow",
				"deskhand.apps.launchable.notes[0]=xterm", "deskhand.apps.launchable.notes[1]=-class",
				"deskhand.apps.launchable.notes[2]=Notes", "deskhand.apps.launchable.notes[3]=-T",
				"deskhand.apps.launchable.notes[4]=notes", "deskhand.privacy.masked-apps[0]=SecretVault",
				"deskhand.screenshot.settle=50ms" })
@DirtiesContext(classMode = DirtiesContext.ClassMode.AFTER_CLASS)
class DesktopSurfaceLiveTests {

	private static final Duration WAIT = Duration.ofSeconds(10);

	private static final double SCALE = 1.5;

	private static TestDesktop desktop;

	private static WitnessWindow witness;

	@LocalServerPort
	private int port;

	private McpSyncClient client;

	@DynamicPropertySource
	static void display(DynamicPropertyRegistry registry) {
		registry.add("deskhand.display.name", () -> twoMonitors().display());
	}

	static synchronized TestDesktop twoMonitors() {
		if (desktop == null) {
			desktop = TestDesktop.start("3840x1080x24");
			TestDesktop started = desktop;
			// The Spring context outlives @AfterAll; the display must outlive the
			// context.
			Runtime.getRuntime().addShutdownHook(new Thread(started::close));
			desktop.run(WAIT, "xrandr", "--setmonitor", "left", "1920/508x1080/286+0+0", "screen").requireSuccess();
			setRight(1920);
		}
		return desktop;
	}

	/**
	 * (Re)defines the right monitor at x=1920 with the given width: a display resized
	 * under a session.
	 */
	private static void setRight(int width) {
		desktop.run(WAIT, "xrandr", "--delmonitor", "right");
		desktop
			.run(WAIT, "xrandr", "--setmonitor", "right", width + "/" + (width * 508 / 1920) + "x1080/286+1920+0",
					"none")
			.requireSuccess();
	}

	@BeforeAll
	static void openWitness() {
		witness = WitnessWindow.open(twoMonitors(), "Deskhand right-monitor witness", 1920 + 300, 200, 800, 500);
	}

	@AfterAll
	static void closeWitness() {
		if (witness != null) {
			witness.close();
		}
	}

	@BeforeEach
	void connect() {
		this.client = McpTestClients.streamable(this.port);
		witness.focus();
		witness.clearEvents();
	}

	@AfterEach
	void disconnect() {
		this.client.closeGracefully();
	}

	@Test
	void eachDisplayIsItsOwnSceneInItsOwnImageSpace() {
		String displays = text(call(this.client, "list_displays", Map.of()));
		assertThat(displays).contains("\"id\":\"left\"", "\"id\":\"right\"", "\"bounds\":[1920,0,1920,1080]",
				"\"screenshot_size\":[1280,720]");
		CallToolResult right = call(this.client, "screenshot", Map.of("display_id", "right"));
		assertThat(text(right)).contains("\"display_id\":\"right\"", "\"width\":1280", "\"height\":720");
		BufferedImage shot = image(right);
		assertThat(shot.getWidth()).isEqualTo(1280);
		// The witness's white text area sits on the right monitor: white in this image,
		// where the left
		// monitor at the same local spot is the dark root window.
		ScreenRect area = witness.bounds();
		int localX = (int) ((area.x() - 1920 + 200) / SCALE);
		int localY = (int) ((area.y() + 200) / SCALE);
		assertThat(shot.getRGB(localX, localY) & 0xFFFFFF).isEqualTo(0xFFFFFF);
		BufferedImage left = image(call(this.client, "screenshot", Map.of("display_id", "left")));
		assertThat(left.getRGB(localX, localY) & 0xFFFFFF).isNotEqualTo(0xFFFFFF);
	}

	@Test
	void aClickAtDisplayLocalCoordinatesLandsOnTheRightMonitor() {
		ScreenRect area = witness.bounds();
		List<Integer> local = List.of((int) ((area.x() - 1920 + 120) / SCALE), (int) ((area.y() + 90) / SCALE));
		CallToolResult result = call(this.client, "left_click", Map.of("coordinate", local, "display_id", "right"));
		assertThat(result.isError()).as(text(result)).isNotEqualTo(Boolean.TRUE);
		Map<String, String> press = WitnessWindow.fields(witness.awaitEvent((e) -> e.startsWith("PRESS"), WAIT));
		assertThat(Math.abs((Integer.parseInt(press.get("x")) - 1920) / SCALE - local.get(0))).isLessThanOrEqualTo(1.0);
		assertThat(Math.abs(Integer.parseInt(press.get("y")) / SCALE - local.get(1))).isLessThanOrEqualTo(1.0);
		assertThat(desktop.pointerLocation().x()).isGreaterThanOrEqualTo(1920);
		assertThat(text(call(this.client, "cursor_position", Map.of()))).contains("\"display_id\":\"right\"",
				"\"coordinate\":[" + local.get(0) + "," + local.get(1) + "]");
	}

	@Test
	void anOmittedDisplayIdWarnsUntilTheSessionSwitchesDisplay() {
		ScreenRect area = witness.bounds();
		List<Integer> local = List.of((int) ((area.x() - 1920 + 150) / SCALE), (int) ((area.y() + 150) / SCALE));
		CallToolResult guessed = call(this.client, "mouse_move", Map.of("coordinate", local));
		assertThat(text(guessed)).contains("warning: display_id was not given", "used 'left'");
		assertThat(desktop.pointerLocation().x()).isLessThan(1920);

		assertThat(text(call(this.client, "switch_display", Map.of("display", "right"))))
			.contains("\"display_id\":\"right\"");
		CallToolResult chosen = call(this.client, "left_click", Map.of("coordinate", local));
		assertThat(text(chosen)).doesNotContain("warning");
		witness.awaitEvent((e) -> e.startsWith("PRESS"), WAIT);
		assertThat(text(call(this.client, "switch_display", Map.of("display", "auto"))))
			.contains("\"display_id\":\"right\"");
		assertThat(text(call(this.client, "switch_display", Map.of("display", "middle")))).startsWith("E_NOT_FOUND: ");
	}

	@Test
	void listWindowsReportsIdsPidsAndBoundsInTheirDisplaysImageSpace() {
		String windows = text(call(this.client, "list_windows", Map.of()));
		String id = "0x" + Long.toHexString(witness.windowId());
		Matcher entry = Pattern.compile("\\{\"id\":\"" + id + "\"[^}]*\\}").matcher(windows);
		assertThat(entry.find()).as(windows).isTrue();
		String json = entry.group();
		// Ground truth from xwininfo, clipped to the right monitor and mapped through its
		// 1.5 scale.
		ScreenRect area = witness.bounds();
		int left = Math.max(area.x(), 1920) - 1920;
		int right = Math.min(area.x() + area.width(), 3840) - 1920;
		int x = (int) Math.floor((left + 0.5) * 1280 / 1920.0);
		int y = (int) Math.floor((area.y() + 0.5) * 720 / 1080.0);
		int width = (int) Math.floor((right - 1 + 0.5) * 1280 / 1920.0) - x + 1;
		assertThat(json).contains("\"pid\":" + witness.pid(), "\"display_id\":\"right\"", "\"focused\":true",
				"\"title\":\"Deskhand right-monitor witness\"", "\"bounds\":[" + x + "," + y + "," + width + ",");
	}

	@Test
	void openApplicationFocusesARunningAppLaunchesAnAllowedOneAndRefusesOthers() throws Exception {
		Process xterm = startClient("xterm", "-T", "surface-xterm", "-e", "sleep", "60");
		try {
			desktop.awaitWindow("surface-xterm", WAIT);
			witness.focus();
			CallToolResult focused = call(this.client, "open_application", Map.of("app", "xterm"));
			assertThat(focused.isError()).as(text(focused)).isNotEqualTo(Boolean.TRUE);
			assertThat(text(focused)).contains("\"launched\":false", "\"title\":\"surface-xterm\"");
			assertThat(desktop.activeWindowTitle()).isEqualTo("surface-xterm");

			CallToolResult started = call(this.client, "open_application", Map.of("app", "notes"));
			assertThat(started.isError()).as(text(started)).isNotEqualTo(Boolean.TRUE);
			assertThat(text(started)).contains("\"launched\":true", "\"title\":\"notes\"", "\"app\":\"Notes\"");
			assertThat(desktop.activeWindowTitle()).isEqualTo("notes");

			CallToolResult refused = call(this.client, "open_application", Map.of("app", "gimp"));
			assertThat(text(refused)).startsWith("E_NOT_GRANTED: ").contains("deskhand.apps.launchable");
		}
		finally {
			xterm.destroy();
			desktop.run(WAIT, "pkill", "-f", "xterm -class Notes");
		}
	}

	@Test
	void theClipboardRoundTripsUnicodeWithXclip() {
		String text = "Grüße, 世界 ✓ — naïve\nzweite Zeile";
		CallToolResult written = call(this.client, "write_clipboard", Map.of("text", text));
		assertThat(written.isError()).as(text(written)).isNotEqualTo(Boolean.TRUE);
		ProcessResult read = desktop.run(Duration.ofSeconds(5), "timeout", "5", "xclip", "-o", "-selection",
				"clipboard");
		assertThat(read.stdout()).isEqualTo(text);

		String fromXclip = "xclip → Deskhand ✓ 日本語";
		desktop.runWithInput(Duration.ofSeconds(5), fromXclip, "timeout", "5", "xclip", "-i", "-selection",
				"clipboard");
		assertThat(text(call(this.client, "read_clipboard", Map.of()))).isEqualTo(fromXclip);
	}

	@Test
	void theClipboardOfAMaskedAppIsNotReadAndAnUnmaskedOnesIs() {
		String secret = "correct horse battery staple";
		desktop.runWithInput(Duration.ofSeconds(5), secret, "timeout", "5", "xclip", "-i", "-selection", "clipboard");
		// xclip's owner window names no application: it plays a password manager's
		// once it carries one's WM_CLASS
		String owner = clipboardOwner();
		desktop.run(WAIT, "xprop", "-id", owner, "-f", "WM_CLASS", "8s", "-set", "WM_CLASS", "notes")
			.requireSuccess("xprop");
		assertThat(text(call(this.client, "read_clipboard", Map.of()))).isEqualTo(secret);

		desktop.run(WAIT, "xprop", "-id", owner, "-f", "WM_CLASS", "8s", "-set", "WM_CLASS", "secretvault")
			.requireSuccess("xprop");
		CallToolResult refused = call(this.client, "read_clipboard", Map.of());
		assertThat(text(refused))
			.isEqualTo("E_NOT_GRANTED: the clipboard holds data from 'SecretVault', a masked"
					+ " application (deskhand.privacy.masked-apps); nothing was read")
			.doesNotContain(secret);
		assertThat(clipboardOwner()).as("still the owner: the refusal read nothing").isEqualTo(owner);
	}

	/** The window that owns CLIPBOARD, as XGetSelectionOwner says, in hex. */
	private static String clipboardOwner() {
		String owner = desktop
			.run(WAIT, "python3", "-c", "import ctypes; x = ctypes.cdll.LoadLibrary('libX11.so.6');"
					+ " x.XOpenDisplay.restype = ctypes.c_void_p; x.XInternAtom.restype = ctypes.c_ulong;"
					+ " x.XGetSelectionOwner.restype = ctypes.c_ulong; d = ctypes.c_void_p(x.XOpenDisplay(None));"
					+ " print(hex(x.XGetSelectionOwner(d, ctypes.c_ulong(x.XInternAtom(d, b'CLIPBOARD', 0)))))")
			.requireSuccess("XGetSelectionOwner")
			.stdout()
			.strip();
		assertThat(owner).isNotEqualTo("0x0");
		return owner;
	}

	@Test
	void aMaskedAppIsBlackInScreenshotsAndRefusesInput() throws Exception {
		Process vault = startClient("xterm", "-class", "SecretVault", "-T", "vault", "-bg", "white", "-geometry",
				"60x15+400+300", "-e", "sleep", "60");
		try {
			desktop.awaitWindow("vault", WAIT);
			String windows = text(call(this.client, "list_windows", Map.of()));
			Matcher entry = Pattern.compile(
					"\\{\"id\":\"0x[0-9a-f]+\",\"title\":\"\\(masked\\)\"[^}]*\"bounds\":\\[(\\d+),(\\d+),(\\d+),(\\d+)\\]")
				.matcher(windows);
			assertThat(entry.find()).as(windows).isTrue();
			int x = Integer.parseInt(entry.group(1));
			int y = Integer.parseInt(entry.group(2));
			int w = Integer.parseInt(entry.group(3));
			int h = Integer.parseInt(entry.group(4));
			BufferedImage left = image(call(this.client, "screenshot", Map.of("display_id", "left")));
			for (int i = 1; i < 10; i++) {
				assertThat(left.getRGB(x + w * i / 10, y + h * i / 10) & 0xFFFFFF).as("masked pixel").isZero();
			}
			// The independent capture shows the white terminal that Deskhand hides.
			assertThat(desktop.importRoot().getRGB((int) ((x + w / 2) * SCALE), (int) ((y + h / 2) * SCALE)) & 0xFFFFFF)
				.isEqualTo(0xFFFFFF);
			CallToolResult click = call(this.client, "left_click",
					Map.of("coordinate", List.of(x + w / 2, y + h / 2), "display_id", "left"));
			assertThat(text(click)).startsWith("E_NOT_GRANTED: ").contains("masked");
		}
		finally {
			vault.destroy();
		}
	}

	private static Process startClient(String... command) throws java.io.IOException {
		ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD)
			.redirectError(ProcessBuilder.Redirect.DISCARD);
		builder.environment().putAll(desktop.environment());
		return builder.start();
	}

	@Test
	void aDisplayChangedSinceTheScreenshotRefusesTheClick() {
		call(this.client, "screenshot", Map.of("display_id", "right"));
		try {
			setRight(1600);
			CallToolResult click = call(this.client, "left_click",
					Map.of("coordinate", List.of(100, 100), "display_id", "right"));
			assertThat(text(click)).startsWith("E_ARGS: ")
				.contains("display geometry changed", "take a new screenshot");
			assertThat(witness.events()).noneMatch((e) -> e.startsWith("PRESS"));
		}
		finally {
			setRight(1920);
		}
		call(this.client, "screenshot", Map.of("display_id", "right"));
		assertThat(call(this.client, "mouse_move", Map.of("coordinate", List.of(100, 100), "display_id", "right"))
			.isError()).isNotEqualTo(Boolean.TRUE);
	}

}
