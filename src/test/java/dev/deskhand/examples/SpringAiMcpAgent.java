package dev.deskhand.examples;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.client.ChatClientRequest;
import org.springframework.ai.chat.client.ChatClientResponse;
import org.springframework.ai.chat.client.advisor.ToolCallingAdvisor;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.UserMessage;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.chat.model.ToolContext;
import org.springframework.ai.content.Media;
import org.springframework.ai.mcp.SyncMcpToolCallbackProvider;
import org.springframework.ai.model.tool.ToolCallingManager;
import org.springframework.ai.model.tool.ToolExecutionResult;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.definition.ToolDefinition;
import org.springframework.util.MimeType;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;

/**
 * A Spring AI agent loop that reaches Deskhand over MCP (Streamable HTTP): Spring AI's
 * MCP client adapter turns Deskhand's tools into {@link ToolCallback}s, a
 * {@link ChatClient} runs the tool loop, and each screenshot is shown to the model as an
 * image in the next message. Run it against a running Deskhand (docs/agents.md):
 *
 * <pre>
 * ./mvnw -q test-compile dependency:build-classpath -Dmdep.includeScope=test -Dmdep.outputFile=target/test.classpath
 * DESKHAND_URL=http://127.0.0.1:8080 DESKHAND_TOKEN=... \
 *     java -cp target/test-classes:target/classes:$(cat target/test.classpath) dev.deskhand.examples.SpringAiMcpAgent
 * </pre>
 *
 * The model here replays {@code examples/spring-ai-mcp.json}; put your own
 * {@link ChatModel} in its place.
 */
public final class SpringAiMcpAgent {

	private SpringAiMcpAgent() {
	}

	public static void main(String[] args) {
		String url = System.getenv().getOrDefault("DESKHAND_URL", "http://127.0.0.1:8080");
		ChatModel model = RecordedChatModel.replaying("/examples/spring-ai-mcp.json");
		System.out.println(run(url, System.getenv("DESKHAND_TOKEN"), model, "Click into the witness window."));
	}

	/** Runs one task to the model's final answer, and returns that answer. */
	public static String run(String url, String token, ChatModel model, String task) {
		McpSyncClient deskhand = McpClient.sync(HttpClientStreamableHttpTransport.builder(url)
			.endpoint("/mcp")
			.httpRequestCustomizer((request, method, uri, body, context) -> {
				if (token != null) {
					request.header("Authorization", "Bearer " + token);
				}
			})
			.build())
			.clientInfo(new McpSchema.Implementation("spring-ai-mcp-agent", "1.0"))
			// a click the policy asks a human about waits for the answer
			.requestTimeout(Duration.ofMinutes(5))
			.build();
		deskhand.initialize();
		try {
			LatestImage screen = new LatestImage();
			ToolCallback[] tools = Arrays
				.stream(SyncMcpToolCallbackProvider.builder().mcpClients(deskhand).build().getToolCallbacks())
				.map(screen::keepImagesOf)
				.toArray(ToolCallback[]::new);
			ChatClient chat = ChatClient.builder(model)
				.defaultToolCallbacks(tools)
				.defaultAdvisors(new ScreenshotsInTheLoop(screen))
				.build();
			return chat.prompt().user(task).call().content();
		}
		finally {
			deskhand.closeGracefully();
		}
	}

	/**
	 * Spring AI's own tool loop, with one addition: when a tool produced an image, it
	 * goes to the model as a user message right after the tool results. A Spring AI tool
	 * result is text only, and the vendors' computer-use loops show the screen this way.
	 */
	static final class ScreenshotsInTheLoop extends ToolCallingAdvisor {

		private final LatestImage screen;

		ScreenshotsInTheLoop(LatestImage screen) {
			super(ToolCallingManager.builder().build(), DEFAULT_TOOL_EXECUTION_ELIGIBILITY_CHECKER, DEFAULT_ORDER,
					true);
			this.screen = screen;
		}

		@Override
		protected List<Message> doGetNextInstructionsForToolCall(ChatClientRequest request, ChatClientResponse response,
				ToolExecutionResult result) {
			List<Message> next = new ArrayList<>(super.doGetNextInstructionsForToolCall(request, response, result));
			this.screen.take()
				.ifPresent((image) -> next.add(UserMessage.builder().text("The screen now.").media(image).build()));
			return next;
		}

	}

	/**
	 * Takes the images out of MCP tool results. Spring AI's MCP adapter returns a tool
	 * result as the JSON of its content blocks, base64 image data included: a model would
	 * read a screenshot as a megabyte of text.
	 */
	static final class LatestImage {

		private static final JsonMapper JSON = JsonMapper.builder().build();

		private final AtomicReference<Media> latest = new AtomicReference<>();

		Optional<Media> take() {
			return Optional.ofNullable(this.latest.getAndSet(null));
		}

		ToolCallback keepImagesOf(ToolCallback tool) {
			return new ToolCallback() {

				@Override
				public ToolDefinition getToolDefinition() {
					return tool.getToolDefinition();
				}

				@Override
				public String call(String input) {
					return call(input, null);
				}

				@Override
				public String call(String input, ToolContext context) {
					return withoutImages(tool.call(input, context));
				}

			};
		}

		private String withoutImages(String result) {
			if (result == null || !result.startsWith("[")) {
				return result;
			}
			ArrayNode array = (ArrayNode) JSON.readTree(result);
			ArrayNode text = JSON.createArrayNode();
			for (JsonNode block : array) {
				// spring-ai-mcp 2.0.1 writes an image block without its "type"
				if (block.has("data") && block.path("mimeType").asString().startsWith("image/")) {
					this.latest.set(Media.builder()
						.mimeType(MimeType.valueOf(block.get("mimeType").asString()))
						.data(Base64.getDecoder().decode(block.get("data").asString()))
						.build());
					text.add(JSON.createObjectNode().put("text", "[the image follows]"));
				}
				else {
					text.add(block);
				}
			}
			return JSON.writeValueAsString(text);
		}

	}

}
