package dev.deskhand.security;

import java.net.http.HttpResponse;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.deskhand.testing.TestDesktop;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The shipped defaults (no agent tokens, loopback only): a client process of another OS
 * user of this machine is refused on every agent path with one sentence, while the
 * desktop's own user (this JVM's, root here) initializes as before.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "management.server.port=0", "server.address=127.0.0.1", "deskhand.display.managed=false",
				"deskhand.audit.enabled=false", "deskhand.security.operator-token=operator-token-b71c" })
class OtherUsersEndToEndTests {

	static final String REFUSAL = "this Deskhand serves only its desktop's user (uid 0); the connection comes from "
			+ "uid 65534: present an agent token (deskhand.security.agent-tokens) or set "
			+ "deskhand.security.allow-other-users=true";

	@LocalServerPort
	private int port;

	@DynamicPropertySource
	static void display(DynamicPropertyRegistry registry) {
		registry.add("deskhand.display.name", () -> TestDesktop.shared().display());
	}

	@BeforeEach
	void needsAnotherUser() {
		OtherUid.assumeAvailable();
	}

	@Test
	void anotherUserCannotInitialize() throws Exception {
		OtherUid.Answer answer = OtherUid.send("POST", url("/mcp"), null, RawMcp.initialize(1));
		assertThat(answer.status()).isEqualTo(403);
		assertThat(answer.body())
			.isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32600,\"message\":\"" + REFUSAL + "\"}}");
	}

	@Test
	void anotherUserCannotOpenTheLegacyTransport() throws Exception {
		OtherUid.Answer stream = OtherUid.send("GET", url("/sse"), null, null);
		assertThat(stream.status()).isEqualTo(403);
		assertThat(stream.body()).contains(REFUSAL);
		OtherUid.Answer message = OtherUid.send("POST", url("/mcp/message?sessionId=any"), null, RawMcp.initialized());
		assertThat(message.status()).isEqualTo(403);
		assertThat(message.body()).contains(REFUSAL);
	}

	@Test
	void anotherUserCannotCallAVendorEndpoint() throws Exception {
		OtherUid.Answer answer = OtherUid.send("POST", url("/agents/anthropic/computer"), null,
				"{\"action\":\"screenshot\"}");
		assertThat(answer.status()).isEqualTo(403);
		assertThat(answer.body()).isEqualTo("{\"error\":\"E_DENIED: " + REFUSAL + "\"}");
	}

	@Test
	void theDesktopsOwnUserInitializes() {
		HttpResponse<String> answer = new RawMcp(this.port).post(null, null, RawMcp.initialize(1));
		assertThat(answer.statusCode()).isEqualTo(200);
		assertThat(answer.headers().firstValue(RawMcp.SESSION_HEADER)).isPresent();
		assertThat(answer.body()).contains("\"protocolVersion\"");
	}

	private String url(String path) {
		return "http://127.0.0.1:" + this.port + path;
	}

}
