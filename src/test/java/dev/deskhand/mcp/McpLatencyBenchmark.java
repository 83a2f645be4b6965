package dev.deskhand.mcp;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.deskhand.testing.TestDesktop;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Latency through a real MCP client, end to end at the client, with peer command-line pipelines run
 * in the same rounds for a baseline. Not a test: run it with {@code ./mvnw verify -Pbench}. It
 * prints medians and ratios; nothing asserts a time.
 */
@Tag("benchmark")
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "management.server.port=0", "deskhand.display.managed=false",
				"deskhand.approval.policies.pointer=allow", "deskhand.approval.policies.keyboard=allow",
				"deskhand.audit.enabled=false" })
class McpLatencyBenchmark {

	private static final int WARMUP = 10;

	private static final int ROUNDS = 40;

	@LocalServerPort
	private int port;

	@DynamicPropertySource
	static void display(DynamicPropertyRegistry registry) {
		registry.add("deskhand.display.name", () -> TestDesktop.shared().display());
	}

	@Test
	void measure() {
		TestDesktop desktop = TestDesktop.shared();
		McpSyncClient client = McpTestClients.streamable(this.port);
		try {
			Map<String, Supplier<Object>> cases = new java.util.LinkedHashMap<>();
			cases.put("mcp screenshot (png 1280x720)", () -> ok(McpTestClients.call(client, "screenshot", Map.of())));
			cases.put("mcp screenshot (jpeg)",
					() -> ok(McpTestClients.call(client, "screenshot", Map.of("format", "jpeg"))));
			cases.put("mcp mouse_move", () -> ok(McpTestClients.call(client, "mouse_move",
					Map.of("coordinate", List.of(100 + (int) (Math.random() * 500), 300)))));
			cases.put("mcp left_click", () -> ok(McpTestClients.call(client, "left_click",
					Map.of("coordinate", List.of(1200, 700)))));
			cases.put("peer: import | convert -resize | base64",
					() -> desktop.run(Duration.ofSeconds(20), "sh", "-c",
							"import -window root png:- | convert png:- -resize 1280x720! png:- | base64 -w0 | wc -c"));
			cases.put("peer: xdotool mousemove + click",
					() -> desktop.run(Duration.ofSeconds(20), "xdotool", "mousemove", "1200", "700", "click", "1"));
			Map<String, List<Double>> samples = new java.util.LinkedHashMap<>();
			cases.keySet().forEach((name) -> samples.put(name, new ArrayList<>()));
			for (int round = 0; round < WARMUP + ROUNDS; round++) {
				List<String> order = new ArrayList<>(cases.keySet());
				Collections.shuffle(order);
				for (String name : order) {
					long start = System.nanoTime();
					cases.get(name).get();
					double millis = (System.nanoTime() - start) / 1e6;
					if (round >= WARMUP) {
						samples.get(name).add(millis);
					}
				}
			}
			double screenshot = median(samples.get("mcp screenshot (png 1280x720)"));
			System.out.printf("%n%-42s %8s %8s %8s%n", "case (" + ROUNDS + " interleaved rounds)", "p50 ms", "p90 ms",
					"÷ mcp png");
			samples.forEach((name, values) -> System.out.printf("%-42s %8.2f %8.2f %8.2f%n", name, median(values),
					percentile(values, 0.9), median(values) / screenshot));
		}
		finally {
			client.closeGracefully();
		}
	}

	private static Object ok(CallToolResult result) {
		assertThat(result.isError()).as(McpTestClients.text(result)).isNotEqualTo(Boolean.TRUE);
		return result;
	}

	private static double median(List<Double> values) {
		return percentile(values, 0.5);
	}

	private static double percentile(List<Double> values, double p) {
		List<Double> sorted = new ArrayList<>(values);
		Collections.sort(sorted);
		return sorted.get((int) Math.min(sorted.size() - 1, Math.floor(p * sorted.size())));
	}

}
