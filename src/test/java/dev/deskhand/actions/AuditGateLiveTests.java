package dev.deskhand.actions;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.deskhand.mcp.McpTestClients;
import dev.deskhand.testing.Pointer;
import dev.deskhand.testing.TestDesktop;

import static dev.deskhand.mcp.McpTestClients.call;
import static dev.deskhand.mcp.McpTestClients.text;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Input never runs unaudited: with the audit file on a device that refuses every write
 * ({@code /dev/full}, ENOSPC), the first action that finds it out is the last to run; the
 * next is refused with E_FAIL and the pointer (xdotool, the witness) stays where it was,
 * while observation goes on. Before, 40 clicks ran on a full disk and the chain lost
 * their records.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "management.server.port=0", "deskhand.display.managed=false",
				"deskhand.approval.policies.pointer=allow", "deskhand.audit.retry-interval=1h" })
class AuditGateLiveTests {

	@TempDir
	static Path directory;

	@LocalServerPort
	private int port;

	private McpSyncClient client;

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) throws Exception {
		Path full = Files.createSymbolicLink(directory.resolve("audit.jsonl"), Path.of("/dev/full"));
		registry.add("deskhand.audit.file", full::toString);
		registry.add("deskhand.audit.key-file", () -> directory.resolve("audit-key").toString());
		registry.add("deskhand.display.name", () -> TestDesktop.shared().display());
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
	void inputIsRefusedWhileTheAuditCannotBeWrittenAndObservationGoesOn() {
		// The first action runs; writing its record fails (or an earlier record already
		// did).
		call(this.client, "mouse_move", Map.of("coordinate", List.of(100, 100)));
		Pointer before = TestDesktop.shared().pointerLocation();
		CallToolResult refused = call(this.client, "mouse_move", Map.of("coordinate", List.of(600, 400)));
		assertThat(text(refused)).startsWith("E_FAIL: input is refused: the audit trail cannot be written");
		CallToolResult typed = call(this.client, "left_click", Map.of("coordinate", List.of(600, 400)));
		assertThat(text(typed)).startsWith("E_FAIL: ");
		assertThat(TestDesktop.shared().pointerLocation()).isEqualTo(before);
		assertThat(TestDesktop.shared().buttonsDownMask()).isZero();
		CallToolResult shot = call(this.client, "screenshot", Map.of());
		assertThat(shot.isError()).as(text(shot)).isNotEqualTo(Boolean.TRUE);
	}

}
