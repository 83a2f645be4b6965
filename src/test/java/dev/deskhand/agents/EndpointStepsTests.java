package dev.deskhand.agents;

import java.util.Base64;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.deskhand.trajectory.SentImage;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * How a vendor reply ends and which image it carried, in each vendor's shape, for the
 * step of the session's record.
 */
class EndpointStepsTests {

	private static final byte[] PNG = { (byte) 0x89, 'P', 'N', 'G', 1, 2, 3 };

	private static final String BASE64 = Base64.getEncoder().encodeToString(PNG);

	@Test
	void openAisComputerCallOutput() {
		Map<String, Object> reply = Map.of("type", "computer_call_output", "output",
				Map.of("type", "computer_screenshot", "image_url", "data:image/png;base64," + BASE64), "deskhand",
				Map.of("executed", 1, "actions",
						List.of(Map.of("index", 0, "status", "done"),
								Map.of("index", 1, "status", "failed", "error", "E_FAILSAFE: the failsafe tripped")),
						"error", "E_FAILSAFE: the failsafe tripped"));
		assertThat(EndpointSteps.failureOf(reply)).isEqualTo("E_FAILSAFE: the failsafe tripped");
		assertImage(EndpointSteps.imagesOf(reply));
		assertThat(EndpointSteps.failureOf(Map.of("deskhand", Map.of("executed", 2)))).isNull();
	}

	@Test
	void geminisFunctionResponses() {
		Map<String, Object> reply = Map.of("function_responses",
				List.of(Map.of("name", "click_at", "response", Map.of("status", "done"), "parts",
						List.of(Map.of("inline_data", Map.of("mime_type", "image/png", "data", BASE64)))),
						Map.of("name", "wait_5_seconds", "response", Map.of("error", "E_FAILSAFE: stopped")),
						Map.of("name", "type_text_at", "response", Map.of("status", "not_executed"))));
		assertThat(EndpointSteps.failureOf(reply)).isEqualTo("E_FAILSAFE: stopped");
		assertImage(EndpointSteps.imagesOf(reply));
	}

	@Test
	void anthropicsToolResults() {
		Map<String, Object> reply = Map.of("tool_results", List.of(
				Map.of("type", "tool_result", "is_error", false, "content",
						List.of(Map.of("type", "image", "source",
								Map.of("type", "base64", "media_type", "image/png", "data", BASE64)))),
				Map.of("type", "tool_result", "is_error", true, "content",
						List.of(Map.of("type", "text", "text", "E_FAILSAFE: stopped")))));
		assertThat(EndpointSteps.failureOf(reply)).isEqualTo("E_FAILSAFE: stopped");
		assertImage(EndpointSteps.imagesOf(reply));
	}

	@Test
	void theEndpointsAreRecordedByTheirPath() {
		assertThat(AgentEndpoints.toolOf("/agents/openai/computer")).isEqualTo("openai_computer");
		assertThat(AgentEndpoints.toolOf("/agents/gemini/computer")).isEqualTo("gemini_computer");
	}

	private static void assertImage(List<SentImage> images) {
		assertThat(images).singleElement().satisfies((image) -> {
			assertThat(image.bytes()).isEqualTo(PNG);
			assertThat(image.mimeType()).isEqualTo("image/png");
		});
	}

}
