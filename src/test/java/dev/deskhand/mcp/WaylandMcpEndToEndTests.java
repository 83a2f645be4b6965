package dev.deskhand.mcp;

import java.awt.image.BufferedImage;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.deskhand.platform.DesktopDriver;
import dev.deskhand.testing.SwaySession;
import dev.deskhand.testing.WaylandWitness;

import static dev.deskhand.mcp.McpTestClients.call;
import static dev.deskhand.mcp.McpTestClients.text;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Deskhand on a Wayland session, end to end: the whole application picks the Wayland
 * driver from the session's variables, a real MCP client calls it, and the GTK witness on
 * headless sway (HEADLESS-1 at scale 1.25) reports what arrived. Coordinates are the
 * screenshot's image pixels, exactly as on X11.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "management.server.port=0", "deskhand.platform.os=linux", "deskhand.screenshot.settle=50ms",
				"deskhand.approval.policies.pointer=allow", "deskhand.approval.policies.keyboard=allow",
				"deskhand.approval.policies.clipboard_write=allow", "deskhand.approval.policies.clipboard_read=allow",
				"deskhand.audit.enabled=false" })
class WaylandMcpEndToEndTests {

	private static final Duration WAIT = Duration.ofSeconds(10);

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private static WaylandWitness witness;

	@LocalServerPort
	private int port;

	@Autowired
	private DesktopDriver driver;

	private McpSyncClient client;

	@DynamicPropertySource
	static void session(DynamicPropertyRegistry registry) {
		Map<String, String> environment = SwaySession.shared().environment();
		// the test JVM's own DISPLAY or session type must not choose the driver
		registry.add("deskhand.platform.display-server", () -> "wayland");
		for (String name : List.of("WAYLAND_DISPLAY", "XDG_RUNTIME_DIR", "SWAYSOCK")) {
			registry.add(name, () -> environment.get(name));
		}
	}

	@BeforeAll
	static void openWitness() {
		witness = WaylandWitness.open(SwaySession.shared(), SwaySession.WITNESS_APP_ID);
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
		witness.clearText();
	}

	@AfterEach
	void disconnect() {
		this.client.closeGracefully();
	}

	@Test
	void displaysAreTheOutputsInDevicePixels() {
		JsonNode displays = JSON.readTree(text(call(this.client, "list_displays", Map.of()))).path("displays");
		assertThat(displays).hasSize(2);
		assertThat(displays.get(0).path("name").asString()).isEqualTo("HEADLESS-1");
		assertThat(displays.get(0).path("bounds").toString()).isEqualTo("[0,0,1920,1080]");
		assertThat(displays.get(0).path("scale_factor").asDouble()).isEqualTo(1.25);
		assertThat(displays.get(0).path("screenshot_size").toString()).isEqualTo("[1280,720]");
		assertThat(displays.get(1).path("name").asString()).isEqualTo("HEADLESS-2");
		// layout x 1536 times the greatest scale 1.25
		assertThat(displays.get(1).path("bounds").toString()).isEqualTo("[1920,0,1280,1024]");
	}

	@Test
	void aClickOnTheRedSquareOfTheScreenshotLandsOnIt() {
		CallToolResult shot = call(this.client, "screenshot", Map.of("display_id", "HEADLESS-1"));
		BufferedImage image = McpTestClients.image(shot);
		assertThat(image.getWidth()).isEqualTo(1280);
		assertThat(image.getHeight()).isEqualTo(720);
		// the witness's red square: layout (300,200) 20x20 = device (375,250) 25x25 =
		// image
		// (250,166.7) 16.7x16.7
		int[] centre = redCentre(image);
		assertThat(centre[0]).isBetween(252, 264);
		assertThat(centre[1]).isBetween(169, 181);
		CallToolResult click = call(this.client, "left_click",
				Map.of("coordinate", List.of(centre[0], centre[1]), "display_id", "HEADLESS-1"));
		assertThat(click.isError()).as(text(click)).isNotEqualTo(Boolean.TRUE);
		JsonNode press = witness.await(WaylandWitness.button("press", 1), WAIT);
		// window-local layout units; the square is 100..120 on both axes
		assertThat(press.path("x").asDouble()).isBetween(100.0, 120.0);
		assertThat(press.path("y").asDouble()).isBetween(100.0, 120.0);
	}

	@Test
	void zoomShowsDevicePixelsAndTheDriverSaysWhatTheFailsafeSees() {
		call(this.client, "screenshot", Map.of("display_id", "HEADLESS-1"));
		// image (240,160)-(280,200) of the 1280x720 screenshot = device
		// (360,240)-(420,300)
		CallToolResult zoom = call(this.client, "zoom",
				Map.of("region", List.of(240, 160, 280, 200), "display_id", "HEADLESS-1"));
		assertThat(zoom.isError()).as(text(zoom)).isNotEqualTo(Boolean.TRUE);
		BufferedImage image = McpTestClients.image(zoom);
		assertThat(image.getWidth()).isEqualTo(60);
		assertThat(image.getHeight()).isEqualTo(60);
		// the red square's 25 device pixels, from (375,250): (15,10)..(39,34) of the zoom
		assertThat(redBox(image)).isEqualTo(List.of(15, 10, 25, 25));
		assertThat(this.driver.failsafeSees()).contains("sway binding");
	}

	@Test
	void typedTextArrivesExactly() {
		String text = "héllo Ωμέγα 日本語 🙂 ok";
		CallToolResult typed = call(this.client, "type", Map.of("text", text));
		assertThat(typed.isError()).as(text(typed)).isNotEqualTo(Boolean.TRUE);
		assertThat(witness.awaitText(text, WAIT)).isEqualTo(text);
	}

	@Test
	void aChordArrivesWithItsModifier() {
		CallToolResult pressed = call(this.client, "key", Map.of("text", "ctrl+a"));
		assertThat(pressed.isError()).as(text(pressed)).isNotEqualTo(Boolean.TRUE);
		JsonNode key = witness.await(WaylandWitness.key("press", "a"), WAIT);
		assertThat(key.path("mods").toString()).contains("\"ctrl\"");
	}

	@Test
	void theWitnessIsListedWhereItIs() {
		JsonNode windows = JSON.readTree(text(call(this.client, "list_windows", Map.of()))).path("windows");
		JsonNode found = null;
		for (JsonNode window : windows) {
			if (SwaySession.WITNESS_APP_ID.equals(window.path("app").asString())) {
				found = window;
			}
		}
		assertThat(found).as(windows.toString()).isNotNull();
		assertThat(found.path("display_id").asString()).isEqualTo("HEADLESS-1");
		// layout (200,100) 800x500 = device (250,125) 1000x625 = image (166.7,83.3)
		// 666.7x416.7
		assertThat(found.path("bounds").toString()).isEqualTo("[167,83,667,417]");
	}

	@Test
	void theClipboardGoesBothWays() {
		String written = "clip: héllo 日本 🙂";
		CallToolResult write = call(this.client, "write_clipboard", Map.of("text", written));
		assertThat(write.isError()).as(text(write)).isNotEqualTo(Boolean.TRUE);
		assertThat(SwaySession.shared().run(List.of("wl-paste", "--no-newline")).stdout()).isEqualTo(written);
		String outside = "from wl-copy: Ωμέγα";
		SwaySession.shared()
			.run(Duration.ofSeconds(10), outside.getBytes(java.nio.charset.StandardCharsets.UTF_8), List.of("wl-copy"));
		assertThat(text(call(this.client, "read_clipboard", Map.of()))).contains(outside);
	}

	/** The bounding box of pure red pixels, as [x, y, width, height]. */
	private static List<Integer> redBox(BufferedImage image) {
		int x0 = Integer.MAX_VALUE;
		int y0 = Integer.MAX_VALUE;
		int x1 = -1;
		int y1 = -1;
		for (int y = 0; y < image.getHeight(); y++) {
			for (int x = 0; x < image.getWidth(); x++) {
				if ((image.getRGB(x, y) & 0xffffff) == 0xff0000) {
					x0 = Math.min(x0, x);
					y0 = Math.min(y0, y);
					x1 = Math.max(x1, x);
					y1 = Math.max(y1, y);
				}
			}
		}
		return List.of(x0, y0, x1 - x0 + 1, y1 - y0 + 1);
	}

	private static int[] redCentre(BufferedImage image) {
		long sumX = 0;
		long sumY = 0;
		int count = 0;
		for (int y = 0; y < image.getHeight(); y++) {
			for (int x = 0; x < image.getWidth(); x++) {
				int rgb = image.getRGB(x, y);
				int r = (rgb >> 16) & 0xff;
				int g = (rgb >> 8) & 0xff;
				int b = rgb & 0xff;
				if (r > 200 && g < 60 && b < 60) {
					sumX += x;
					sumY += y;
					count++;
				}
			}
		}
		assertThat(count).as("red pixels in the screenshot").isGreaterThan(100);
		return new int[] { (int) (sumX / count), (int) (sumY / count) };
	}

}
