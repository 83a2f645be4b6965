package dev.deskhand.mcp;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.deskhand.testing.TestDesktop;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A running action does not outlive its caller. A {@code hold_key} of 20 s holds Shift on
 * a real Xvfb; the client cancels the request ({@code notifications/cancelled}) or
 * deletes its session, and the X server (XQueryKeymap, the witness) reports no key down
 * within seconds, and the call ends. Before, Shift stayed down until the hold ended. Raw
 * HTTP: the SDK clients send no cancellation for a call in flight.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = { "management.server.port=0",
		"deskhand.display.managed=false", "deskhand.audit.enabled=false", "deskhand.approval.policies.keyboard=allow" })
class CancellationLiveTests {

	// Far longer than the bounds below: only a cancellation can end it in time.
	private static final int HOLD_SECONDS = 20;

	private static final Logger logger = LoggerFactory.getLogger(CancellationLiveTests.class);

	private static final Duration WAIT = Duration.ofSeconds(8);

	@LocalServerPort
	private int port;

	private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

	private String session;

	@DynamicPropertySource
	static void display(DynamicPropertyRegistry registry) {
		registry.add("deskhand.display.name", () -> TestDesktop.shared().display());
	}

	@BeforeEach
	void initialize() throws Exception {
		HttpResponse<String> init = post("""
				{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18",\
				"capabilities":{},"clientInfo":{"name":"cancel-test","version":"1"}}}""");
		assertThat(init.statusCode()).isEqualTo(200);
		this.session = init.headers().firstValue("Mcp-Session-Id").orElseThrow();
		assertThat(post("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}").statusCode()).isEqualTo(202);
	}

	@AfterEach
	void endSessionAndReleaseAnyway() throws Exception {
		// The session holds the input lease until it ends: the next test's session needs
		// it.
		this.http.send(request().DELETE().build(), HttpResponse.BodyHandlers.discarding());
		TestDesktop.shared().run(Duration.ofSeconds(5), "xdotool", "keyup", "shift");
	}

	@Test
	void cancellingTheRequestReleasesTheHeldKeyAtOnce() throws Exception {
		CompletableFuture<HttpResponse<String>> hold = holdShift(7);
		awaitShiftDown();
		long cancelled = System.nanoTime();
		HttpResponse<String> cancel = post(
				"""
						{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":7,"reason":"user stopped it"}}""");
		assertThat(cancel.statusCode()).isEqualTo(202);
		awaitNoKeysDown();
		logger.info("Shift released {} ms after notifications/cancelled was posted",
				(System.nanoTime() - cancelled) / 1_000_000);
		assertThat(hold.get(WAIT.toMillis(), TimeUnit.MILLISECONDS).body()).contains("cancelled");
	}

	@Test
	void aCancellationNamingAnotherRequestChangesNothing() throws Exception {
		CompletableFuture<HttpResponse<String>> hold = holdShift(8);
		awaitShiftDown();
		post("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":9}}");
		Thread.sleep(500);
		assertThat(TestDesktop.shared().keysDown()).as("still held").isNotEmpty();
		post("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":8}}");
		awaitNoKeysDown();
		hold.get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
	}

	@Test
	void endingTheSessionReleasesTheHeldKeyAtOnce() throws Exception {
		CompletableFuture<HttpResponse<String>> hold = holdShift(11);
		awaitShiftDown();
		long ended = System.nanoTime();
		HttpResponse<String> deleted = this.http.send(request().DELETE().build(), HttpResponse.BodyHandlers.ofString());
		assertThat(deleted.statusCode()).isLessThan(300);
		awaitNoKeysDown();
		logger.info("Shift released {} ms after DELETE /mcp was sent", (System.nanoTime() - ended) / 1_000_000);
		hold.handle((response, failure) -> null).get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
	}

	private CompletableFuture<HttpResponse<String>> holdShift(int id) {
		return this.http.sendAsync(request().POST(HttpRequest.BodyPublishers.ofString("{\"jsonrpc\":\"2.0\",\"id\":"
				+ id + ",\"method\":\"tools/call\",\"params\":{\"name\":\"hold_key\",\"arguments\":{\"text\":\"shift\","
				+ "\"duration\":" + HOLD_SECONDS + "}}}"))
			.build(), HttpResponse.BodyHandlers.ofString());
	}

	private static void awaitShiftDown() throws InterruptedException {
		long deadline = System.nanoTime() + WAIT.toNanos();
		while (TestDesktop.shared().keysDown().isEmpty()) {
			assertThat(System.nanoTime()).as("Shift went down").isLessThan(deadline);
			Thread.sleep(20);
		}
	}

	private static void awaitNoKeysDown() throws InterruptedException {
		long deadline = System.nanoTime() + WAIT.toNanos();
		while (!TestDesktop.shared().keysDown().isEmpty()) {
			assertThat(System.nanoTime()).as("every key released well before the hold's end").isLessThan(deadline);
			Thread.sleep(20);
		}
	}

	private HttpResponse<String> post(String body) throws Exception {
		return this.http.send(request().POST(HttpRequest.BodyPublishers.ofString(body)).build(),
				HttpResponse.BodyHandlers.ofString());
	}

	private HttpRequest.Builder request() {
		HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + "/mcp"))
			.header("Content-Type", "application/json")
			.header("Accept", "application/json, text/event-stream")
			.timeout(Duration.ofSeconds(HOLD_SECONDS + 10));
		return (this.session != null) ? builder.header("Mcp-Session-Id", this.session) : builder;
	}

}
