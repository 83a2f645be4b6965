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
import dev.deskhand.platform.Frame;
import dev.deskhand.platform.Rect;
import dev.deskhand.testing.ColourPixels;
import dev.deskhand.testing.DriverWitness.PointerEvent;
import dev.deskhand.testing.KwinDriverWitness;
import dev.deskhand.testing.KwinSession;
import dev.deskhand.testing.Pause;

import static dev.deskhand.mcp.McpTestClients.call;
import static dev.deskhand.mcp.McpTestClients.text;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Deskhand on KDE Plasma's KWin, end to end: the whole application picks the KDE driver
 * from the session's variables ({@code XDG_CURRENT_DESKTOP=KDE}), a real MCP client calls
 * it, and the GTK witness KWin's rule places on Virtual-0 reports what arrived; pixels
 * are checked against KWin's ScreenShot2 called by a Python client of the test's own.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "management.server.port=0", "deskhand.platform.os=linux", "deskhand.screenshot.settle=50ms",
				"deskhand.approval.policies.pointer=allow", "deskhand.approval.policies.keyboard=allow",
				"deskhand.audit.enabled=false", "deskhand.kde.text-outside-layout=unicode-entry" })
class KdeMcpEndToEndTests {

	private static final Duration WAIT = Duration.ofSeconds(10);

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private static KwinDriverWitness witness;

	@LocalServerPort
	private int port;

	@Autowired
	private DesktopDriver driver;

	private McpSyncClient client;

	@DynamicPropertySource
	static void session(DynamicPropertyRegistry registry) {
		Map<String, String> environment = KwinSession.shared().environment();
		// the test JVM's own DISPLAY or session type must not choose the driver
		registry.add("deskhand.platform.display-server", () -> "wayland");
		for (String name : List.of("WAYLAND_DISPLAY", "XDG_RUNTIME_DIR", "DBUS_SESSION_BUS_ADDRESS",
				"XDG_CURRENT_DESKTOP")) {
			registry.add(name, () -> environment.get(name));
		}
	}

	@BeforeAll
	static void openWitness() {
		// GTK's own input method: code-point entry (Ctrl+Shift+U) becomes the characters
		witness = KwinDriverWitness.open(KwinSession.shared(), KwinSession.WITNESS_APP_ID, "--input-method");
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
		witness.reset();
	}

	@AfterEach
	void disconnect() {
		this.client.closeGracefully();
	}

	@Test
	void theKdeDriverShowsKwinsOutputs() {
		assertThat(this.driver.name()).isEqualTo("kde");
		JsonNode displays = JSON.readTree(text(call(this.client, "list_displays", Map.of()))).path("displays");
		assertThat(displays).hasSize(2);
		assertThat(displays.get(0).path("name").asString()).isEqualTo("Virtual-0");
		assertThat(displays.get(0).path("bounds").toString()).isEqualTo("[0,0,1280,800]");
		assertThat(displays.get(1).path("name").asString()).isEqualTo("Virtual-1");
		assertThat(displays.get(1).path("bounds").toString()).isEqualTo("[1280,0,1280,800]");
	}

	@Test
	void theScreenshotShowsTheWitnessWhereKwinDoesAndAClickOnItLands() {
		Rect square = witness.redSquare();
		Frame outside = witness.screenshot(square);
		assertThat(outside.rgb(square.width() / 2, square.height() / 2) & 0xffffff).as("ScreenShot2 at the square")
			.isEqualTo(0xff0000);

		CallToolResult shot = call(this.client, "screenshot", Map.of("display_id", "Virtual-0"));
		assertThat(shot.isError()).as(text(shot)).isNotEqualTo(Boolean.TRUE);
		BufferedImage image = McpTestClients.image(shot);
		double[] shown = ColourPixels.centre(image, 0xff0000);
		double perPoint = image.getWidth() / 1280.0;
		assertThat(shown[0] / perPoint).isCloseTo(square.x() + square.width() / 2.0,
				org.assertj.core.data.Offset.offset(2.0));
		assertThat(shown[1] / perPoint).isCloseTo(square.y() + square.height() / 2.0,
				org.assertj.core.data.Offset.offset(2.0));

		CallToolResult click = call(this.client, "left_click",
				Map.of("coordinate", List.of((int) shown[0], (int) shown[1]), "display_id", "Virtual-0"));
		assertThat(click.isError()).as(text(click)).isNotEqualTo(Boolean.TRUE);
		PointerEvent press = awaitPress();
		assertThat(press.x()).isBetween((double) square.x(), (double) square.right());
		assertThat(press.y()).isBetween((double) square.y(), (double) square.bottom());
	}

	@Test
	void typedTextArrivesIncludingWhatTheLayoutLacks() {
		String text = "Hello, KWin! [x] {y} ~ 42 h\u00e9llo \u03a9";
		CallToolResult typed = call(this.client, "type", Map.of("text", text));
		assertThat(typed.isError()).as(text(typed)).isNotEqualTo(Boolean.TRUE);
		long deadline = System.nanoTime() + WAIT.toNanos();
		while (!witness.text().equals(text)) {
			assertThat(System.nanoTime()).as("the witness has '%s', not '%s'", witness.text(), text)
				.isLessThan(deadline);
			Pause.millis(20);
		}
	}

	@Test
	void theWitnessIsListedAndFocused() {
		JsonNode windows = JSON.readTree(text(call(this.client, "list_windows", Map.of()))).path("windows");
		JsonNode found = null;
		for (JsonNode window : windows) {
			if (window.toString().contains(KwinSession.WITNESS_APP_ID)) {
				found = window;
			}
		}
		assertThat(found).as(windows.toString()).isNotNull();
		assertThat(found.path("focused").asBoolean()).as(found.toString()).isTrue();
	}

	private static PointerEvent awaitPress() {
		long deadline = System.nanoTime() + WAIT.toNanos();
		while (witness.buttons().isEmpty()) {
			assertThat(System.nanoTime()).as("a press at the witness: %s", witness.describe()).isLessThan(deadline);
			Pause.millis(20);
		}
		PointerEvent press = witness.buttons().get(0);
		assertThat(press.pressed()).isTrue();
		return press;
	}

}
