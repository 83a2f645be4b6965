package dev.deskhand.mcp;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.jackson3.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockHttpServletResponse;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The first message decides how a request is answered: its own result alone is one JSON
 * body; anything before it makes the answer an event stream from that message on.
 */
class FirstMessageAnswerTests {

	private static final McpJsonMapper JSON = new JacksonMcpJsonMapper(JsonMapper.builder().build());

	private final MockHttpServletResponse response = new MockHttpServletResponse();

	private final FirstMessageAnswer answer = new FirstMessageAnswer(this.response, 7, "session-1", JSON);

	@Test
	void theResultFirstIsOneJsonBodyWithItsLength() throws IOException {
		McpSchema.JSONRPCResponse result = result(7);
		this.answer.sendMessage(result).block();

		assertThat(this.answer.kind()).isEqualTo(FirstMessageAnswer.Kind.JSON);
		assertThat(this.response.getStatus()).isEqualTo(200);
		assertThat(this.response.getContentType()).isEqualTo("application/json");
		assertThat(this.response.getContentLength()).isEqualTo(this.response.getContentAsByteArray().length);
		assertThat(this.response.getContentAsByteArray()).isEqualTo(JSON.writeValueAsBytes(result));
	}

	@Test
	void nothingIsWrittenAfterTheJsonBody() throws IOException {
		this.answer.sendMessage(result(7)).block();
		int length = this.response.getContentAsByteArray().length;
		this.answer.sendMessage(progress()).block();
		assertThat(this.response.getContentAsByteArray()).hasSize(length);
	}

	@Test
	void aNotificationFirstMakesItAStreamThatEndsWithTheResult() throws IOException {
		this.answer.sendMessage(progress(), "event-1").block();
		assertThat(this.answer.kind()).isEqualTo(FirstMessageAnswer.Kind.EVENT_STREAM);
		assertThat(this.response.getContentType()).startsWith("text/event-stream");
		assertThat(this.response.getHeader("Cache-Control")).isEqualTo("no-cache");
		// flushed at once: an elicitation waits for the client to read it
		assertThat(this.response.isCommitted()).isTrue();

		this.answer.sendMessage(result(7)).block();
		List<Map.Entry<String, String>> events = events(this.response.getContentAsString(StandardCharsets.UTF_8));
		assertThat(events).extracting(Map.Entry::getKey).containsExactly("event-1", "session-1");
		assertThat(JSON.readValue(events.get(0).getValue(), McpSchema.JSONRPCNotification.class).method())
			.isEqualTo("notifications/progress");
		assertThat(JSON.readValue(events.get(1).getValue(), McpSchema.JSONRPCResponse.class).id()).isEqualTo(7);
	}

	@Test
	void anotherRequestsResponseFirstIsNotThisOnesJsonAnswer() throws IOException {
		this.answer.sendMessage(result(8)).block();
		assertThat(this.answer.kind()).isEqualTo(FirstMessageAnswer.Kind.EVENT_STREAM);
	}

	@Test
	void aClosedAnswerTakesNothing() throws IOException {
		this.answer.closeGracefully().block();
		this.answer.sendMessage(result(7)).block();
		assertThat(this.answer.kind()).isEqualTo(FirstMessageAnswer.Kind.UNDECIDED);
		assertThat(this.response.getContentAsByteArray()).isEmpty();
	}

	@Test
	void dataWithLineBreaksGoesOutAsOneDataFieldPerLine() throws IOException {
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		FirstMessageAnswer.writeEvent(out, "a\nb", "one\ntwo\r\nthree\rfour".getBytes(StandardCharsets.UTF_8));
		assertThat(out.toString(StandardCharsets.UTF_8))
			.isEqualTo("id: a b\nevent: message\ndata: one\ndata: two\ndata: three\ndata: four\n\n");
		out.reset();
		FirstMessageAnswer.writeEvent(out, "x", "{}".getBytes(StandardCharsets.UTF_8));
		assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo("id: x\nevent: message\ndata: {}\n\n");
	}

	private static McpSchema.JSONRPCResponse result(Object id) {
		return McpSchema.JSONRPCResponse.result(id, Map.of("content", List.of()));
	}

	private static McpSchema.JSONRPCNotification progress() {
		return new McpSchema.JSONRPCNotification("2.0", "notifications/progress",
				Map.of("progressToken", "t", "progress", 1));
	}

	/** (id, data) of each event, as an SSE reader joins its data lines. */
	private static List<Map.Entry<String, String>> events(String stream) {
		List<Map.Entry<String, String>> events = new ArrayList<>();
		for (String block : stream.split("\n\n")) {
			String id = null;
			List<String> data = new ArrayList<>();
			for (String line : block.split("\n")) {
				if (line.startsWith("id: ")) {
					id = line.substring(4);
				}
				else if (line.startsWith("data: ")) {
					data.add(line.substring(6));
				}
			}
			if (!data.isEmpty()) {
				events.add(Map.entry(id, String.join("\n", data)));
			}
		}
		return events;
	}

}
