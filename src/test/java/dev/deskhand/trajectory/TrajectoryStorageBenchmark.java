package dev.deskhand.trajectory;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.deskhand.mcp.McpTestClients;
import dev.deskhand.testing.ScreenRect;
import dev.deskhand.testing.TestDesktop;
import dev.deskhand.testing.witness.WitnessWindow;

import static dev.deskhand.mcp.McpTestClients.answer;
import static dev.deskhand.mcp.McpTestClients.call;
import static dev.deskhand.mcp.McpTestClients.text;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Storage per 100 actions (docs/replay.md): a real MCP client runs the usual agent loop
 * on the shared Xvfb desktop (1920x1200, screenshots 1280x800 PNG) 100 times, a
 * screenshot and then one desktop-changing call (left clicks at moving points on the
 * witness window, typing a few characters into it, alternately), and the size of the
 * session's directory is printed. Run it with
 * {@code ./mvnw -B test -Pbench -Dtest=TrajectoryStorageBenchmark}.
 */
@Tag("benchmark")
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = { "management.server.port=0",
		"deskhand.display.managed=false", "deskhand.screenshot.settle=50ms" })
class TrajectoryStorageBenchmark {

	private static final int ACTIONS = 100;

	@TempDir
	static Path dir;

	@LocalServerPort
	private int port;

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) {
		registry.add("deskhand.display.name", () -> TestDesktop.shared().display());
		registry.add("deskhand.audit.file", () -> dir.resolve("audit.jsonl").toString());
		registry.add("deskhand.trajectory.dir", () -> dir.resolve("trajectories").toString());
	}

	@Test
	void storagePer100Actions(@Autowired TrajectoryRecorder recorder) throws Exception {
		WitnessWindow witness = WitnessWindow.open(TestDesktop.shared(), "Deskhand storage witness", 150, 150, 900,
				600);
		McpSyncClient client = McpTestClients.streamable(this.port, "storage-agent",
				(request) -> answer("approve", "session"));
		try {
			witness.focus();
			ScreenRect area = witness.bounds();
			for (int i = 0; i < ACTIONS; i++) {
				call(client, "screenshot", Map.of());
				CallToolResult result = (i % 2 == 0)
						? call(client, "left_click",
								Map.of("coordinate",
										List.of((int) ((area.x() + 40 + (i * 37) % 800) / 1.5),
												(int) ((area.y() + 40 + (i * 53) % 500) / 1.5))))
						: call(client, "type", Map.of("text", "step " + i + " "));
				assertThat(result.isError()).as(text(result)).isNotEqualTo(Boolean.TRUE);
			}
			recorder.drain(Duration.ofSeconds(30));
			Path root = dir.resolve("trajectories");
			long total = TrajectoryFiles.sizeOf(root);
			long steps;
			long images;
			long jsonl;
			try (Stream<Path> files = Files.walk(root)) {
				List<Path> all = files.filter(Files::isRegularFile).toList();
				images = all.stream().filter((p) -> p.getParent().getFileName().toString().equals("images")).count();
				jsonl = all.stream()
					.filter((p) -> p.getFileName().toString().equals(TrajectoryFiles.STEPS))
					.mapToLong((p) -> p.toFile().length())
					.sum();
				steps = all.stream()
					.filter((p) -> p.getFileName().toString().equals(TrajectoryFiles.STEPS))
					.mapToLong((p) -> {
						try (Stream<String> lines = Files.lines(p)) {
							return lines.count();
						}
						catch (java.io.IOException ex) {
							return 0;
						}
					})
					.sum();
			}
			assertThat(steps).isEqualTo(2L * ACTIONS);
			System.out.printf(
					"trajectory storage: %d actions (+%d screenshots), %d steps, %d images, "
							+ "%d bytes in all (%.1f MiB), steps.jsonl %d bytes, per 100 actions %.1f MiB%n",
					ACTIONS, ACTIONS, steps, images, total, total / 1048576.0, jsonl,
					total * 100.0 / ACTIONS / 1048576.0);
		}
		finally {
			client.closeGracefully();
			witness.close();
		}
	}

}
