package dev.deskhand.tools;

import java.util.List;
import java.util.Map;

import io.modelcontextprotocol.client.McpSyncClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.deskhand.mcp.McpTestClients;
import dev.deskhand.testing.AtspiDesktop;
import dev.deskhand.testing.AtspiWitness;

import static dev.deskhand.mcp.McpTestClients.call;
import static dev.deskhand.mcp.McpTestClients.text;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A masked application is as closed to element tools as to pixels: its elements are not
 * listed or found, its window cannot be listed, and the point over it names no element.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "management.server.port=0", "deskhand.display.managed=false", "deskhand.platform.os=linux",
				"deskhand.platform.display-server=x11", "deskhand.audit.enabled=false",
				"deskhand.privacy.masked-apps=deskhand-atspi-witness" })
class ElementMaskLiveTests {

	private static AtspiWitness witness;

	@LocalServerPort
	private int port;

	private McpSyncClient client;

	@DynamicPropertySource
	static void desktop(DynamicPropertyRegistry registry) {
		AtspiDesktop.pointApplicationAt(registry);
	}

	@BeforeAll
	static void openWitness() {
		witness = AtspiWitness.open(AtspiDesktop.shared(), "Deskhand masked witness", false);
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
	}

	@AfterEach
	void disconnect() {
		this.client.closeGracefully();
	}

	@Test
	void aMaskedAppsElementsAreNeitherListedNorFound() {
		assertThat(text(call(this.client, "list_elements", Map.of("window", witness.window().hexId()))))
			.startsWith("E_NOT_GRANTED");
		String found = text(call(this.client, "find_elements", Map.of("role", List.of("push button"))));
		assertThat(found).doesNotContain("Press me");
		assertThat(text(call(this.client, "find_elements", Map.of("app", "deskhand-atspi-witness"))))
			.startsWith("E_NOT_GRANTED");
		// the button's centre, in image pixels of the 1920x1080 display's 1280x720
		// screenshot
		var button = witness.widgetRects().get("button");
		List<Integer> centre = List.of((button.x() + button.width() / 2) * 2 / 3,
				(button.y() + button.height() / 2) * 2 / 3);
		assertThat(text(call(this.client, "element_at", Map.of("coordinate", centre)))).startsWith("E_NOT_GRANTED");
	}

}
