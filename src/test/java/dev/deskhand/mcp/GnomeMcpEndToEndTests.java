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
import dev.deskhand.platform.Rect;
import dev.deskhand.testing.ColourPixels;
import dev.deskhand.testing.GnomeSession;
import dev.deskhand.testing.GnomeWitness;
import dev.deskhand.testing.WitnessEvents;

import static dev.deskhand.mcp.McpTestClients.call;
import static dev.deskhand.mcp.McpTestClients.text;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Deskhand on a GNOME session, end to end: the whole application picks the GNOME driver
 * from the session's variables ({@code XDG_CURRENT_DESKTOP=GNOME}), a real MCP client
 * calls it, and a GTK witness fullscreen on the headless mutter's Meta-0 (1280x800 pixels
 * at scale 1.25) reports what arrived; pixels are checked against a screencast of the
 * test's own ({@link GnomeSession#screenshot}, GLib's D-Bus and gst-launch).
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "management.server.port=0", "deskhand.platform.os=linux", "deskhand.screenshot.settle=50ms",
				"deskhand.approval.policies.pointer=allow", "deskhand.approval.policies.keyboard=allow",
				"deskhand.approval.policies.clipboard_write=allow", "deskhand.approval.policies.clipboard_read=allow",
				"deskhand.audit.enabled=false", "deskhand.gnome.text-outside-layout=unicode-entry" })
class GnomeMcpEndToEndTests {

	private static final Duration WAIT = Duration.ofSeconds(10);

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private static GnomeWitness witness;

	@LocalServerPort
	private int port;

	@Autowired
	private DesktopDriver driver;

	private McpSyncClient client;

	@DynamicPropertySource
	static void session(DynamicPropertyRegistry registry) {
		Map<String, String> environment = GnomeSession.shared().clientEnvironment();
		// the test JVM's own DISPLAY or session type must not choose the driver
		registry.add("deskhand.platform.display-server", () -> "wayland");
		registry.add("XDG_CURRENT_DESKTOP", () -> "GNOME");
		for (String name : List.of("WAYLAND_DISPLAY", "XDG_RUNTIME_DIR", "DBUS_SESSION_BUS_ADDRESS")) {
			registry.add(name, () -> environment.get(name));
		}
	}

	@BeforeAll
	static void openWitness() {
		witness = GnomeWitness.open(GnomeSession.shared(), "Meta-0", GnomeWitness.Option.ACCESSIBLE,
				GnomeWitness.Option.INPUT_METHOD);
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
		if (!witness.log().hasFocus()) {
			GnomeSession.shared().clickAsAPerson("Meta-0", 8, 8);
			witness.log().await(WitnessEvents.kind("focus"), WAIT);
		}
		witness.log().clearText();
	}

	@AfterEach
	void disconnect() {
		this.client.closeGracefully();
	}

	@Test
	void theGnomeDriverShowsMuttersMonitorsInLayoutUnits() {
		assertThat(this.driver.name()).isEqualTo("gnome");
		JsonNode displays = JSON.readTree(text(call(this.client, "list_displays", Map.of()))).path("displays");
		assertThat(displays).hasSize(2);
		assertThat(displays.get(0).path("name").asString()).isEqualTo("Meta-0");
		assertThat(displays.get(0).path("bounds").toString()).isEqualTo("[0,0,1024,640]");
		assertThat(displays.get(0).path("scale_factor").asDouble()).isEqualTo(1.25);
		assertThat(displays.get(1).path("name").asString()).isEqualTo("Meta-1");
		assertThat(displays.get(1).path("bounds").toString()).isEqualTo("[1024,0,1024,768]");
	}

	@Test
	void theScreenshotShowsWhatAnOutsideScreencastShowsAndAClickOnItLands() {
		CallToolResult shot = call(this.client, "screenshot", Map.of("display_id", "Meta-0"));
		assertThat(shot.isError()).as(text(shot)).isNotEqualTo(Boolean.TRUE);
		BufferedImage image = McpTestClients.image(shot);
		BufferedImage reference = GnomeSession.shared().screenshot("Meta-0");
		// the witness's red square, layout (100,100) 20x20 on Meta-0, in both pictures
		// at the same place relative to each picture's size
		double[] shown = ColourPixels.centre(image, 0xff0000);
		double[] outside = ColourPixels.centre(reference, 0xff0000);
		assertThat(shown[0] / image.getWidth()).isCloseTo(outside[0] / reference.getWidth(),
				org.assertj.core.data.Offset.offset(0.005));
		assertThat(shown[1] / image.getHeight()).isCloseTo(outside[1] / reference.getHeight(),
				org.assertj.core.data.Offset.offset(0.005));
		double[] blue = ColourPixels.centre(image, 0x0000ff);
		double[] blueOutside = ColourPixels.centre(reference, 0x0000ff);
		assertThat(blue[0] / image.getWidth()).isCloseTo(blueOutside[0] / reference.getWidth(),
				org.assertj.core.data.Offset.offset(0.005));

		witness.log().clearEvents();
		CallToolResult click = call(this.client, "left_click",
				Map.of("coordinate", List.of((int) shown[0], (int) shown[1]), "display_id", "Meta-0"));
		assertThat(click.isError()).as(text(click)).isNotEqualTo(Boolean.TRUE);
		JsonNode press = witness.log().await(WitnessEvents.button("press", 1), WAIT);
		Rect square = witness.redSquare();
		assertThat(witness.desktopX(press)).isBetween((double) square.x(), (double) square.right());
		assertThat(witness.desktopY(press)).isBetween((double) square.y(), (double) square.bottom());
	}

	@Test
	void typedTextAndAChordArrive() {
		String text = "Hello, GNOME! [x] {y} ~ 42";
		CallToolResult typed = call(this.client, "type", Map.of("text", text));
		assertThat(typed.isError()).as(text(typed)).isNotEqualTo(Boolean.TRUE);
		assertThat(witness.log().awaitText(text, WAIT)).isEqualTo(text);
		CallToolResult pressed = call(this.client, "key", Map.of("text", "ctrl+a"));
		assertThat(pressed.isError()).as(text(pressed)).isNotEqualTo(Boolean.TRUE);
		JsonNode key = witness.log().await(WitnessEvents.key("press", "a"), WAIT);
		assertThat(key.path("mods").toString()).contains("\"ctrl\"");
	}

	@Test
	void unicodeOutsideTheLayoutIsEnteredByCodePoint() {
		// US English layout: the accents, Greek, CJK and the emoji are entered with
		// Ctrl+Shift+U, which the witness's GTK input method commits as the characters
		String text = "héllo Ωμέγα 日本語 🙂 ok";
		CallToolResult typed = call(this.client, "type", Map.of("text", text));
		assertThat(typed.isError()).as(text(typed)).isNotEqualTo(Boolean.TRUE);
		assertThat(witness.log().awaitText(text, WAIT)).isEqualTo(text);
	}

	@Test
	void theWitnessIsListedAndFocused() {
		JsonNode windows = JSON.readTree(text(call(this.client, "list_windows", Map.of()))).path("windows");
		JsonNode found = null;
		for (JsonNode window : windows) {
			if (window.toString().contains("gnome-witness.Meta-0")) {
				found = window;
			}
		}
		assertThat(found).as(windows.toString()).isNotNull();
		assertThat(found.path("focused").asBoolean()).as(found.toString()).isTrue();
	}

}
