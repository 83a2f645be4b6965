package dev.deskhand.mcp;

import java.net.http.HttpResponse;

import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.deskhand.testing.TestDesktop;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code deskhand.mcp.json-responses=false}: every request to {@code /mcp} is answered
 * with an SSE stream again, as Spring AI's transport answers it.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = { "management.server.port=0",
		"deskhand.display.managed=false", "deskhand.audit.enabled=false", "deskhand.mcp.json-responses=false" })
class JsonResponsesOffLiveTests {

	@LocalServerPort
	private int port;

	@DynamicPropertySource
	static void display(DynamicPropertyRegistry registry) {
		registry.add("deskhand.display.name", () -> TestDesktop.shared().display());
	}

	@Test
	void aScreenshotIsAnSseStreamOfOneEvent() {
		JsonAndSseAnswersLiveTests.Raw raw = JsonAndSseAnswersLiveTests.Raw.open(this.port, false);
		HttpResponse<byte[]> answer = raw.post("{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"tools/call\","
				+ "\"params\":{\"name\":\"screenshot\",\"arguments\":{}}}");
		assertThat(answer.headers().firstValue("Content-Type"))
			.hasValueSatisfying((type) -> assertThat(type).startsWith("text/event-stream"));
		assertThat(JsonAndSseAnswersLiveTests.Raw.events(answer.body())).singleElement()
			.satisfies((event) -> assertThat(event.path("id").asInt()).isEqualTo(5));
		raw.close();
	}

}
