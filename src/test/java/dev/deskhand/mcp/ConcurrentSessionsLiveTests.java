package dev.deskhand.mcp;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.deskhand.testing.Pointer;
import dev.deskhand.testing.TestDesktop;

import static dev.deskhand.mcp.McpTestClients.call;
import static dev.deskhand.mcp.McpTestClients.text;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Eight agents at once, each with its own MCP session, each moving the pointer along its
 * own path: one session holds the input lease and every one of its moves lands, in order,
 * where it asked (xdotool reads the pointer after each); every move of the seven others
 * is E_BUSY and moves nothing.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = { "management.server.port=0",
		"deskhand.display.managed=false", "deskhand.audit.enabled=false", "deskhand.approval.policies.pointer=allow" })
class ConcurrentSessionsLiveTests {

	private static final int SESSIONS = 8;

	private static final int CALLS = 40;

	// 1920x1080 display, 1280x720 screenshots.
	private static final double SCALE = 1.5;

	@LocalServerPort
	private int port;

	@DynamicPropertySource
	static void display(DynamicPropertyRegistry registry) {
		registry.add("deskhand.display.name", () -> TestDesktop.shared().display());
	}

	record Outcome(int session, int moved, int busy, List<String> wrong) {

	}

	@Test
	void oneSessionHoldsTheInputAndItsMovesLandInOrder() throws Exception {
		ExecutorService agents = Executors.newFixedThreadPool(SESSIONS);
		CyclicBarrier start = new CyclicBarrier(SESSIONS);
		List<Future<Outcome>> futures = new ArrayList<>();
		for (int s = 0; s < SESSIONS; s++) {
			int session = s;
			futures.add(agents.submit((Callable<Outcome>) () -> agent(session, start)));
		}
		List<Outcome> outcomes = new ArrayList<>();
		for (Future<Outcome> future : futures) {
			outcomes.add(future.get(3, TimeUnit.MINUTES));
		}
		agents.shutdown();
		assertThat(outcomes).flatExtracting(Outcome::wrong).isEmpty();
		assertThat(outcomes).filteredOn((outcome) -> outcome.moved() > 0)
			.as("exactly one holder, all of whose moves ran")
			.singleElement()
			.satisfies((holder) -> assertThat(holder.moved()).isEqualTo(CALLS));
		assertThat(outcomes).filteredOn((outcome) -> outcome.moved() == 0)
			.hasSize(SESSIONS - 1)
			.allSatisfy((other) -> assertThat(other.busy()).isEqualTo(CALLS));
	}

	private Outcome agent(int session, CyclicBarrier start) throws Exception {
		McpSyncClient client = McpTestClients.customized(this.port, "agent-" + session, (spec) -> spec);
		int moved = 0;
		int busy = 0;
		List<String> wrong = new ArrayList<>();
		try {
			start.await(1, TimeUnit.MINUTES);
			for (int i = 0; i < CALLS; i++) {
				int x = 20 + session * 150 + i;
				int y = 40 + i * 15;
				CallToolResult result = call(client, "mouse_move", Map.of("coordinate", List.of(x, y)));
				if (!Boolean.TRUE.equals(result.isError())) {
					moved++;
					Pointer at = TestDesktop.shared().pointerLocation();
					if (Math.abs(at.x() - x * SCALE) > 1.5 || Math.abs(at.y() - y * SCALE) > 1.5) {
						wrong.add("session " + session + " move " + i + " to " + x + "," + y + " left the pointer at "
								+ at);
					}
				}
				else if (text(result).startsWith("E_BUSY: ")) {
					busy++;
				}
				else {
					wrong.add("session " + session + " move " + i + ": " + text(result));
				}
			}
		}
		finally {
			// Ends the session, which frees the lease for the tests after this one.
			client.closeGracefully();
		}
		return new Outcome(session, moved, busy, wrong);
	}

}
