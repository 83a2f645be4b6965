package dev.deskhand.approval;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.deskhand.mcp.McpTestClients;
import dev.deskhand.testing.TestDesktop;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What asking a human costs, apart from the human: a mouse_move whose approval is
 * answered at once through elicitation ("approve, once") against one already granted for
 * the session and an MCP ping, interleaved in the same run. Run with
 * {@code ./mvnw verify -Pbench}; prints, asserts no time.
 */
@Tag("benchmark")
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "management.server.port=0", "deskhand.display.managed=false", "deskhand.audit.enabled=false",
				"deskhand.security.operator-token=bench", "deskhand.input.lease-idle=1ms" })
class ApprovalLatencyBenchmark {

	private static final Logger logger = LoggerFactory.getLogger(ApprovalLatencyBenchmark.class);

	private static final int WARMUP = 15;

	private static final int ROUNDS = 40;

	@LocalServerPort
	private int port;

	@DynamicPropertySource
	static void display(DynamicPropertyRegistry registry) {
		registry.add("deskhand.display.name", () -> TestDesktop.shared().display());
	}

	@Test
	void measure() {
		McpSyncClient asking = McpTestClients.streamable(this.port, "asks-every-time",
				(request) -> McpTestClients.answer("approve", "once"));
		McpSyncClient granted = McpTestClients.streamable(this.port, "granted-for-session",
				(request) -> McpTestClients.answer("approve", "session"));
		try {
			Map<String, Runnable> cases = new LinkedHashMap<>();
			cases.put("mcp ping (transport floor)", granted::ping);
			cases.put("mouse_move, granted for the session",
					() -> ok(McpTestClients.call(granted, "mouse_move", Map.of("coordinate", List.of(200, 200)))));
			cases.put("mouse_move, asked and approved (elicitation)",
					() -> ok(McpTestClients.call(asking, "mouse_move", Map.of("coordinate", List.of(220, 200)))));
			Map<String, List<Double>> samples = new LinkedHashMap<>();
			for (int round = 0; round < WARMUP + ROUNDS; round++) {
				List<String> order = new ArrayList<>(cases.keySet());
				Collections.shuffle(order);
				for (String name : order) {
					long start = System.nanoTime();
					cases.get(name).run();
					if (round >= WARMUP) {
						samples.computeIfAbsent(name, (k) -> new ArrayList<>()).add((System.nanoTime() - start) / 1e6);
					}
				}
			}
			StringBuilder table = new StringBuilder(
					String.format("%n%-48s %8s %8s%n", "case (" + ROUNDS + " rounds)", "p50 ms", "p95 ms"));
			samples.forEach((name, values) -> {
				Collections.sort(values);
				table.append(String.format("%-48s %8.2f %8.2f%n", name, values.get(values.size() / 2),
						values.get((int) (values.size() * 0.95))));
			});
			logger.info("{}", table);
		}
		finally {
			asking.closeGracefully();
			granted.closeGracefully();
		}
	}

	private static void ok(CallToolResult result) {
		assertThat(result.isError()).as(McpTestClients.text(result)).isNotEqualTo(Boolean.TRUE);
	}

}
