package dev.deskhand.security;

import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.deskhand.testing.TestDesktop;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code deskhand.security.allow-other-users=true} restores the old behaviour: any
 * process on this machine, whatever its user, is the agent {@code local}.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "management.server.port=0", "server.address=127.0.0.1", "deskhand.display.managed=false",
				"deskhand.audit.enabled=false", "deskhand.security.operator-token=operator-token-b71c",
				"deskhand.security.allow-other-users=true" })
class OtherUsersAllowedEndToEndTests {

	@LocalServerPort
	private int port;

	@DynamicPropertySource
	static void display(DynamicPropertyRegistry registry) {
		registry.add("deskhand.display.name", () -> TestDesktop.shared().display());
	}

	@Test
	void anotherUserInitializes() throws Exception {
		OtherUid.assumeAvailable();
		OtherUid.Answer answer = OtherUid.send("POST", "http://127.0.0.1:" + this.port + "/mcp", null,
				RawMcp.initialize(1));
		assertThat(answer.status()).isEqualTo(200);
		assertThat(answer.body()).contains("\"protocolVersion\"");
	}

}
