package dev.deskhand.desk;

import java.net.Socket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.modelcontextprotocol.client.McpSyncClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalManagementPort;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import dev.deskhand.mcp.McpTestClients;
import dev.deskhand.mcp.RawMcpSession;
import dev.deskhand.testing.OperatorApi;
import dev.deskhand.testing.Pointer;
import dev.deskhand.testing.TestDesktop;

import static dev.deskhand.mcp.McpTestClients.call;
import static dev.deskhand.mcp.McpTestClients.text;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A {@code request_human} whose caller is gone hands the desk back at once. The asker
 * waits with a timeout of 60 s, then cancels its call, ends its session or closes the
 * connection the call waits on; another session's {@code mouse_move} must then reach the
 * real X server (its pointer position, read by {@code xdotool}, is the witness) long
 * before that timeout. Before, every agent's input was E_BUSY until the request timed
 * out.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "management.server.port=0", "deskhand.display.managed=false",
				"deskhand.approval.policies.pointer=allow",
				"deskhand.security.operator-token=" + AbandonedHumanRequestLiveTests.OPERATOR_TOKEN })
class AbandonedHumanRequestLiveTests {

	static final String OPERATOR_TOKEN = "abandoned-request-operator-token";

	private static final Logger logger = LoggerFactory.getLogger(AbandonedHumanRequestLiveTests.class);

	private static final JsonMapper JSON = JsonMapper.builder().build();

	// What the asker would wait: only its going away can end the request sooner.
	private static final int REQUEST_TIMEOUT_SECONDS = 60;

	// Generous: "does not hang", never a speed claim; far below the request's timeout.
	private static final Duration BOUND = Duration.ofSeconds(5);

	@TempDir
	static Path auditDir;

	@LocalServerPort
	private int port;

	@LocalManagementPort
	private int managementPort;

	private McpSyncClient other;

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) {
		registry.add("deskhand.display.name", () -> TestDesktop.shared().display());
		registry.add("deskhand.audit.file", () -> auditDir.resolve("audit.jsonl").toString());
	}

	@BeforeEach
	void connectAnotherAgent() {
		this.other = McpTestClients.streamable(this.port);
	}

	@AfterEach
	void endEverything() {
		operator().send("POST", "/actuator/desk", "{\"action\":\"hand-back\"}");
		operator().revokeAllSessions();
		this.other.closeGracefully();
	}

	@Test
	void closingTheAskersSessionHandsTheDeskBack() {
		McpSyncClient asker = McpTestClients.streamable(this.port);
		CompletableFuture<String> asked = CompletableFuture.supplyAsync(() -> text(call(asker, "request_human",
				Map.of("reason", "Solve the captcha", "timeout", REQUEST_TIMEOUT_SECONDS))));
		awaitOneRequest();
		assertThat(moveOther(120, 90)).startsWith("E_BUSY: the desk is handed to a person at an agent's request");

		long closed = System.nanoTime();
		asker.closeGracefully();
		awaitOtherMovesThePointer(closed, 200, 150);
		asked.handle((answer, failure) -> null).orTimeout(BOUND.toMillis(), TimeUnit.MILLISECONDS).join();
		assertThat(auditTypes()).contains("human-request-abandoned");
	}

	@Test
	void cancellingTheCallHandsTheDeskBack() {
		try (RawMcpSession asker = RawMcpSession.open(this.port, "request-cancel-test")) {
			CompletableFuture<String> asked = asker.call(5, "request_human",
					"{\"reason\":\"Log in to the bank\",\"timeout\":" + REQUEST_TIMEOUT_SECONDS + "}");
			awaitOneRequest();
			assertThat(moveOther(120, 90)).startsWith("E_BUSY: the desk is handed to a person at an agent's request");

			long cancelled = System.nanoTime();
			assertThat(asker.cancel(5, "the SDK's own timeout")).isEqualTo(202);
			awaitOtherMovesThePointer(cancelled, 240, 170);
			assertThat(asked.orTimeout(BOUND.toMillis(), TimeUnit.MILLISECONDS).join())
				.contains("the client cancelled the call");
			assertThat(auditTypes()).contains("human-request-abandoned");
		}
	}

	@Test
	void hangingUpOnTheCallHandsTheDeskBack() throws Exception {
		try (RawMcpSession asker = RawMcpSession.open(this.port, "request-hang-up-test")) {
			Socket call = asker.callOnItsOwnConnection(7, "request_human",
					"{\"reason\":\"Approve the payment\",\"timeout\":" + REQUEST_TIMEOUT_SECONDS + "}");
			awaitOneRequest();
			assertThat(moveOther(120, 90)).startsWith("E_BUSY: the desk is handed to a person at an agent's request");

			long closed = System.nanoTime();
			call.close();
			awaitOtherMovesThePointer(closed, 260, 190);
			assertThat(auditTypes()).contains("human-request-abandoned");
		}
	}

	@Test
	void aSessionWaitsForOnePersonAtATime() {
		try (RawMcpSession asker = RawMcpSession.open(this.port, "request-twice-test")) {
			CompletableFuture<String> first = asker.call(5, "request_human",
					"{\"reason\":\"Solve the captcha\",\"timeout\":" + REQUEST_TIMEOUT_SECONDS + "}");
			awaitOneRequest();
			String second = asker.call(6, "request_human", "{\"reason\":\"Solve it again\",\"timeout\":30}")
				.orTimeout(BOUND.toMillis(), TimeUnit.MILLISECONDS)
				.join();
			assertThat(second).contains("E_BUSY: this session already waits for the person at the desk");
			assertThat(deskState().path("requests").size()).isEqualTo(1);
			asker.cancel(5, "done testing");
			first.orTimeout(BOUND.toMillis(), TimeUnit.MILLISECONDS).join();
		}
	}

	private void awaitOneRequest() {
		await().atMost(BOUND).until(() -> deskState().path("requests").size() == 1);
	}

	/**
	 * The other session's mouse_move, retried until it goes through; the X server's
	 * pointer must then be where it was sent.
	 */
	private void awaitOtherMovesThePointer(long since, int imageX, int imageY) {
		await().atMost(BOUND)
			.pollInterval(Duration.ofMillis(20))
			.until(() -> !moveOther(imageX, imageY).startsWith("E_"));
		logger.info("another session's input went through {} ms after the asker went away",
				TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - since));
		// the tools' image coordinates are the screen's at 2/3 (ApprovalLiveTests)
		Pointer at = TestDesktop.shared().pointerLocation();
		assertThat(at.x()).isCloseTo((int) (imageX * 1.5), org.assertj.core.data.Offset.offset(2));
		assertThat(at.y()).isCloseTo((int) (imageY * 1.5), org.assertj.core.data.Offset.offset(2));
		assertThat(deskState().path("requests").size()).isZero();
	}

	private String moveOther(int imageX, int imageY) {
		return text(call(this.other, "mouse_move", Map.of("coordinate", List.of(imageX, imageY))));
	}

	private JsonNode deskState() {
		return JSON.readTree(operator().get("/actuator/desk").body());
	}

	private List<String> auditTypes() {
		JsonNode events = JSON.readTree(operator().get("/actuator/auditevents").body()).path("events");
		List<String> types = new ArrayList<>();
		events.forEach((event) -> types.add(event.path("type").asString()));
		return types;
	}

	private OperatorApi operator() {
		return new OperatorApi(this.managementPort, OPERATOR_TOKEN);
	}

}
