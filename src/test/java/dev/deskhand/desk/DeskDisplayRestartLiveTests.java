package dev.deskhand.desk;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import io.micrometer.core.instrument.MeterRegistry;
import io.modelcontextprotocol.client.McpSyncClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
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
import static org.awaitility.Awaitility.await;

/**
 * The person-at-the-desk watcher across a restart of the X server on the same number, on
 * a private Xvfb through a real MCP client: the new server puts the pointer in the middle
 * of the screen, away from where Deskhand last put it, and that is no person's input
 * (xdotool's pointer location is the witness). A long {@code deskhand.human.idle} keeps a
 * wrong verdict visible to the next call however slow the machine.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "management.server.port=0", "deskhand.display.managed=false", "deskhand.display.call-timeout=2s",
				"deskhand.human.enabled=true", "deskhand.human.idle=60s", "deskhand.approval.policies.pointer=allow",
				"deskhand.approval.policies.keyboard=allow" })
class DeskDisplayRestartLiveTests {

	// Generous: "does not hang", never a speed claim.
	private static final Duration RECOVERY = Duration.ofSeconds(30);

	/**
	 * The watcher's sensor tries to reconnect once a second and then reads every 25 ms:
	 * by then it has read the new server many times.
	 */
	private static final Duration WATCHER_LOOKS = Duration.ofMillis(2500);

	// No @AfterAll closing it: the cached context would reconnect to whatever server
	// takes the number next. Stopped at JVM exit.
	private static final Supplier<TestDesktop> DESKTOP = TestDesktop.onFirstUse("1024x768x24");

	@TempDir
	static Path auditDir;

	@LocalServerPort
	private int port;

	@Autowired
	private MeterRegistry registry;

	private McpSyncClient client;

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) {
		registry.add("deskhand.display.name", () -> DESKTOP.get().display());
		registry.add("deskhand.audit.file", () -> auditDir.resolve("audit.jsonl").toString());
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
	void aDisplayRestartedOnTheSameNumberIsNoPersonAtTheDesk() throws InterruptedException {
		TestDesktop desktop = DESKTOP.get();
		for (int round = 0; round < 3; round++) {
			Pointer corner = new Pointer(100 + round, 100);
			assertThat(moveTo(corner)).doesNotStartWith("E_");
			assertThat(desktop.pointerLocation()).isEqualTo(corner);

			desktop.killServer();
			desktop.restartServer();
			await().atMost(RECOVERY)
				.pollInterval(Duration.ofMillis(300))
				.until(() -> !text(call(this.client, "cursor_position", Map.of())).startsWith("E_"));
			assertThat(desktop.pointerLocation()).as("the new server's pointer is not where Deskhand left it")
				.isNotEqualTo(corner);
			Thread.sleep(WATCHER_LOOKS.toMillis());

			// The input connection learns of the restart on its first call, which
			// answers E_NO_DESKTOP and reconnects; none of them may say E_BUSY.
			Pointer target = new Pointer(300 + round, 200);
			String answer = moveTo(target);
			for (int attempt = 0; attempt < 5 && answer.startsWith("E_NO_DESKTOP: "); attempt++) {
				answer = moveTo(target);
			}
			assertThat(answer).as("round %d", round).doesNotStartWith("E_");
			assertThat(desktop.pointerLocation()).isEqualTo(target);
		}
		assertThat(this.registry.get("deskhand.human.preemptions").counter().count()).isZero();
	}

	private String moveTo(Pointer point) {
		return text(call(this.client, "mouse_move", Map.of("coordinate", List.of(point.x(), point.y()))));
	}

}
