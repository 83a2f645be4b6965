package dev.deskhand.mcp;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Random;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.jackson3.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockHttpServletResponse;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A tool result's large images go into the JSON answer straight from their strings: the
 * body must be byte for byte what the transports' mapper writes, whatever the result
 * holds.
 */
class ImageDataSpliceTests {

	private static final McpJsonMapper JSON = ByteFirstJsonMapper.forTransports(JsonMapper.builder().build());

	@Test
	void aScreenshotsAnswerIsTheMappersBytesWithItsLength() throws IOException {
		McpSchema.JSONRPCResponse answer = answer(7, List.of(image(700_000, 1), text("{\"width\":1280}")),
				Map.of("width", 1280, "height", 720));
		ImageDataSplice spliced = ImageDataSplice.of(answer, JSON);

		assertThat(spliced).isNotNull();
		assertThat(written(spliced)).isEqualTo(JSON.writeValueAsBytes(answer));
		assertThat(spliced.length()).isEqualTo(JSON.writeValueAsBytes(answer).length);
	}

	@Test
	void severalImagesSmallAndLargeAnnotatedOrNotKeepTheirPlacesAndOrder() throws IOException {
		McpSchema.ImageContent annotated = new McpSchema.ImageContent(
				new McpSchema.Annotations(List.of(McpSchema.Role.USER), 0.5), base64(40_000, 2), "image/jpeg",
				Map.of("shot", 2));
		for (int count = 1; count <= 12; count++) {
			List<McpSchema.Content> content = new java.util.ArrayList<>();
			for (int i = 0; i < count; i++) {
				content.add((i % 3 == 1) ? annotated : image(ImageDataSplice.MIN_SPLICED_CHARS + 3 * i + 1, i));
				content.add(text("image " + i));
				content.add(image(100, 100 + i));
			}
			McpSchema.JSONRPCResponse answer = answer("id-" + count, content, null);
			ImageDataSplice spliced = ImageDataSplice.of(answer, JSON);
			assertThat(spliced).as("%d images", count).isNotNull();
			assertThat(written(spliced)).as("%d images", count).isEqualTo(JSON.writeValueAsBytes(answer));
			assertThat(spliced.length()).isEqualTo(JSON.writeValueAsBytes(answer).length);
		}
	}

	@Test
	void dataThatJsonWouldEscapeOrEncodeIsLeftToTheMapper() throws IOException {
		String base64 = base64(50_000, 3);
		for (String odd : List.of("\"", "\\", "\n", "\u0000", "\u007f", "é", "\u4e2d", "\ud83d\ude00")) {
			String data = base64.substring(0, 30_000) + odd + base64.substring(30_000);
			assertThat(ImageDataSplice.verbatim(data)).as(odd).isFalse();
			assertThat(ImageDataSplice.of(answer(1, List.of(new McpSchema.ImageContent(null, data, "image/png")), null),
					JSON))
				.as(odd)
				.isNull();
		}
		assertThat(ImageDataSplice.verbatim(base64)).isTrue();
		assertThat(ImageDataSplice.verbatim(" !#$%&'()*+,-./09:;<=>?@AZ[]^_`az{|}~")).isTrue();
	}

	@Test
	void whatHasNoLargeImageIsLeftToTheMapper() throws IOException {
		assertThat(ImageDataSplice.of(answer(1, List.of(image(1000, 4), text("small")), null), JSON)).isNull();
		assertThat(ImageDataSplice.of(McpSchema.JSONRPCResponse.result(1, Map.of("content", List.of())), JSON))
			.isNull();
		assertThat(
				ImageDataSplice.of(new McpSchema.JSONRPCNotification("2.0", "notifications/progress", Map.of()), JSON))
			.isNull();
	}

	@Test
	void theJsonAnswerOfAScreenshotIsSplicedAndReadsBackAsTheSameResult() throws IOException {
		MockHttpServletResponse response = new MockHttpServletResponse();
		FirstMessageAnswer first = new FirstMessageAnswer(response, 9, "session-1", JSON);
		McpSchema.JSONRPCResponse answer = answer(9, List.of(image(300_000, 5), text("geometry")), null);
		first.sendMessage(answer).block();

		assertThat(response.getContentType()).isEqualTo("application/json");
		assertThat(response.getContentLengthLong()).isEqualTo(response.getContentAsByteArray().length);
		assertThat(response.getContentAsByteArray()).isEqualTo(JSON.writeValueAsBytes(answer));
		McpSchema.JSONRPCResponse read = JSON.readValue(response.getContentAsByteArray(),
				McpSchema.JSONRPCResponse.class);
		McpSchema.CallToolResult result = JSON.convertValue(read.result(), McpSchema.CallToolResult.class);
		assertThat(((McpSchema.ImageContent) result.content().get(0)).data())
			.isEqualTo(((McpSchema.ImageContent) ((McpSchema.CallToolResult) answer.result()).content().get(0)).data());
	}

	private static byte[] written(ImageDataSplice spliced) throws IOException {
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		spliced.writeTo(out);
		return out.toByteArray();
	}

	private static McpSchema.JSONRPCResponse answer(Object id, List<McpSchema.Content> content, Object structured) {
		return new McpSchema.JSONRPCResponse("2.0", id, new McpSchema.CallToolResult(content, false, structured, null),
				null);
	}

	private static McpSchema.ImageContent image(int chars, long seed) {
		return new McpSchema.ImageContent(null, base64(chars, seed), "image/png");
	}

	private static McpSchema.TextContent text(String text) {
		return new McpSchema.TextContent(text);
	}

	/** Base64 of random bytes, cut to {@code chars} characters. */
	private static String base64(int chars, long seed) {
		byte[] bytes = new byte[chars];
		new Random(seed).nextBytes(bytes);
		return Base64.getEncoder().encodeToString(bytes).substring(0, chars);
	}

}
