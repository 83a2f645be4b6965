package dev.deskhand.bench;

import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.SpringApplication;
import org.springframework.context.ConfigurableApplicationContext;

import dev.deskhand.DeskhandApplication;
import dev.deskhand.mcp.McpTestClients;
import dev.deskhand.platform.DesktopDriver;
import dev.deskhand.platform.WorkingMode;
import dev.deskhand.testing.TestDesktop;

import static dev.deskhand.mcp.McpTestClients.call;
import static dev.deskhand.mcp.McpTestClients.image;
import static dev.deskhand.mcp.McpTestClients.text;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The agent's click and look (a {@code left_click}, then a {@code screenshot}) in the
 * {@code shared} and the {@code own-display} working modes, through a real MCP client, in
 * the same interleaved rounds (shuffled order each round). Two servers in this JVM, each
 * on a 1280x800 screen: shared on a person's Xvfb, own-display on an Xephyr of the same
 * size nested in another person's Xvfb. Prints p50 and p95 of each; asserts no time, only
 * that each call worked and each image has the screen's size.
 */
@Tag("benchmark")
class OwnDisplayBenchmark {

	private static final Logger logger = LoggerFactory.getLogger(OwnDisplayBenchmark.class);

	private static final int WARMUP = Integer.getInteger("deskhand.bench.warmup", 10);

	private static final int ROUNDS = Integer.getInteger("deskhand.bench.rounds", 40);

	@TempDir
	Path state;

	@Test
	void clickAndLookInOwnDisplayAgainstShared() {
		try (TestDesktop sharedScreen = TestDesktop.start("1280x800x24");
				TestDesktop personScreen = TestDesktop.start("1280x800x24");
				ConfigurableApplicationContext shared = start("shared", sharedScreen.display(),
						"--deskhand.working-mode=shared");
				ConfigurableApplicationContext own = start("own", personScreen.display(),
						"--deskhand.working-mode=own-display", "--deskhand.own-display.viewer=xephyr",
						"--deskhand.own-display.size=1280x800", "--deskhand.own-display.first-number=690",
						"--deskhand.own-display.lock-file=" + this.state.resolve("own/own-display.lock"))) {
			assertThat(own.getBean(DesktopDriver.class).workingMode()).isEqualTo(WorkingMode.OWN_DISPLAY);
			Map<String, McpSyncClient> clients = new LinkedHashMap<>();
			clients.put("shared", McpTestClients.streamable(port(shared)));
			clients.put("own-display", McpTestClients.streamable(port(own)));
			Map<String, List<Long>> clicks = new LinkedHashMap<>();
			Map<String, List<Long>> looks = new LinkedHashMap<>();
			clients.keySet().forEach((mode) -> {
				clicks.put(mode, new ArrayList<>());
				looks.put(mode, new ArrayList<>());
			});
			Random random = new Random(Long.getLong("deskhand.bench.seed", 30));
			try {
				for (int round = 0; round < WARMUP + ROUNDS; round++) {
					List<String> order = new ArrayList<>(clients.keySet());
					Collections.shuffle(order, random);
					for (String mode : order) {
						McpSyncClient client = clients.get(mode);
						int x = 200 + (round % 20) * 10;
						long start = System.nanoTime();
						CallToolResult clicked = call(client, "left_click", Map.of("coordinate", List.of(x, 300)));
						long clickedAt = System.nanoTime();
						BufferedImage screen = image(call(client, "screenshot", Map.of()));
						long lookedAt = System.nanoTime();
						assertThat(text(clicked)).as(mode).doesNotStartWith("E_");
						assertThat(screen.getWidth()).isEqualTo(1280);
						if (round >= WARMUP) {
							clicks.get(mode).add(clickedAt - start);
							looks.get(mode).add(lookedAt - clickedAt);
						}
					}
				}
			}
			finally {
				clients.values().forEach(McpSyncClient::closeGracefully);
			}
			Stats sharedClick = Stats.ofNanos(clicks.get("shared"));
			Stats ownClick = Stats.ofNanos(clicks.get("own-display"));
			Stats sharedLook = Stats.ofNanos(looks.get("shared"));
			Stats ownLook = Stats.ofNanos(looks.get("own-display"));
			String report = String.format(
					"own-display vs shared, %d interleaved rounds (after %d warm-up), 1280x800 each:%n"
							+ "  left_click  shared p50 %.1f ms p95 %.1f ms | own-display p50 %.1f ms p95 %.1f ms"
							+ " | ratio p50 %.2f p95 %.2f%n"
							+ "  screenshot  shared p50 %.1f ms p95 %.1f ms | own-display p50 %.1f ms p95 %.1f ms"
							+ " | ratio p50 %.2f p95 %.2f",
					ROUNDS, WARMUP, sharedClick.p50(), sharedClick.p95(), ownClick.p50(), ownClick.p95(),
					ownClick.p50() / sharedClick.p50(), ownClick.p95() / sharedClick.p95(), sharedLook.p50(),
					sharedLook.p95(), ownLook.p50(), ownLook.p95(), ownLook.p50() / sharedLook.p50(),
					ownLook.p95() / sharedLook.p95());
			logger.info(report);
			System.out.println(report);
		}
	}

	private ConfigurableApplicationContext start(String name, String display, String... more) {
		Path dir = this.state.resolve(name);
		List<String> arguments = new ArrayList<>(List.of("--server.port=0", "--management.server.port=0",
				"--deskhand.display.managed=false", "--deskhand.display.name=" + display,
				"--deskhand.human.enabled=false", "--deskhand.approval.policies.pointer=allow",
				"--deskhand.audit.file=" + dir.resolve("audit.jsonl"),
				"--deskhand.audit.key-file=" + dir.resolve("audit-key"),
				"--deskhand.trajectory.dir=" + dir.resolve("trajectories"),
				"--deskhand.security.operator-token=bench-" + name));
		arguments.addAll(List.of(more));
		return new SpringApplication(DeskhandApplication.class).run(arguments.toArray(String[]::new));
	}

	private static int port(ConfigurableApplicationContext context) {
		return context.getEnvironment().getRequiredProperty("local.server.port", Integer.class);
	}

}
