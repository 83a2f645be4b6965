package dev.deskhand.mcp;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import org.junit.jupiter.api.Test;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.ToolResponseMessage;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.model.Generation;
import org.springframework.ai.chat.prompt.ChatOptions;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.mcp.SyncMcpToolCallbackProvider;
import org.springframework.ai.model.tool.ToolCallingChatOptions;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.deskhand.testing.Pointer;
import dev.deskhand.testing.TestDesktop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A Spring AI application using Deskhand as a remote MCP server: Spring AI's client-side
 * adapter ({@link SyncMcpToolCallbackProvider}, what {@code spring-ai-starter-mcp-client}
 * wires) turns Deskhand's tools into {@link ToolCallback}s, called directly and through a
 * {@link ChatClient} tool loop, over Streamable HTTP with an agent token.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "management.server.port=0", "deskhand.display.managed=false", "deskhand.audit.enabled=false",
				"deskhand.approval.policies.pointer=allow",
				"deskhand.security.operator-token=spring-ai-client-test-operator",
				"deskhand.security.agent-tokens[0].name=spring-ai-app",
				"deskhand.security.agent-tokens[0].token=" + SpringAiMcpClientTests.TOKEN })
class SpringAiMcpClientTests {

	static final String TOKEN = "spring-ai-client-test-agent-token";

	@LocalServerPort
	private int port;

	@DynamicPropertySource
	static void display(DynamicPropertyRegistry registry) {
		registry.add("deskhand.display.name", () -> TestDesktop.shared().display());
	}

	@Test
	void deskhandToolsAreSpringAiToolCallbacks() {
		McpSyncClient client = client("Bearer " + TOKEN);
		try {
			client.initialize();
			ToolCallback[] callbacks = SyncMcpToolCallbackProvider.builder()
				.mcpClients(client)
				.build()
				.getToolCallbacks();
			assertThat(callbacks).extracting((callback) -> callback.getToolDefinition().name())
				.contains("screenshot", "cursor_position", "mouse_move", "left_click", "computer_batch");

			callback(callbacks, "mouse_move").call("{\"coordinate\":[400,300]}");
			// 1920x1080 desktop, 1280x720 screenshots: image (400,300) is screen
			// (600,450).
			assertThat(TestDesktop.shared().pointerLocation()).isEqualTo(new Pointer(600, 450));
			assertThat(callback(callbacks, "cursor_position").call("{}")).contains("[400,300]");
		}
		finally {
			client.closeGracefully();
		}
	}

	@Test
	void aChatClientToolLoopCallsDeskhand() {
		McpSyncClient client = client("Bearer " + TOKEN);
		try {
			client.initialize();
			callback(SyncMcpToolCallbackProvider.builder().mcpClients(client).build().getToolCallbacks(), "mouse_move")
				.call("{\"coordinate\":[640,360]}");
			String answer = ChatClient.create(new ScriptedModel("cursor_position"))
				.prompt()
				.user("Where is the pointer?")
				.tools(SyncMcpToolCallbackProvider.builder().mcpClients(client).build())
				.call()
				.content();
			assertThat(answer).startsWith("the tool said: ").contains("[640,360]");
		}
		finally {
			client.closeGracefully();
		}
	}

	@Test
	void withoutTheAgentTokenTheClientCannotConnect() {
		McpSyncClient client = client(null);
		try {
			// the server's 401, as the SDK reports it: not any failure (a refused
			// connection,
			// a 403 or a timeout would throw too)
			assertThatThrownBy(client::initialize)
				.satisfies((ex) -> assertThat(McpTestClients.authorizationStatus(ex)).isEqualTo(401));
		}
		finally {
			client.closeGracefully();
		}
	}

	private McpSyncClient client(String authorization) {
		HttpClientStreamableHttpTransport.Builder transport = HttpClientStreamableHttpTransport
			.builder("http://127.0.0.1:" + this.port)
			.endpoint("/mcp");
		if (authorization != null) {
			transport.httpRequestCustomizer(
					(request, method, endpoint, body, context) -> request.header("Authorization", authorization));
		}
		return McpClient.sync(transport.build())
			.clientInfo(new McpSchema.Implementation("spring-ai-client-test", "1.0"))
			.requestTimeout(Duration.ofSeconds(30))
			.initializationTimeout(Duration.ofSeconds(30))
			.build();
	}

	private static ToolCallback callback(ToolCallback[] callbacks, String name) {
		return Arrays.stream(callbacks)
			.filter((callback) -> callback.getToolDefinition().name().equals(name))
			.findFirst()
			.orElseThrow();
	}

	/**
	 * Stands in for an LLM: asks for one tool call, then answers with what the tool
	 * returned. The tool loop between the two is Spring AI's own.
	 */
	private record ScriptedModel(String tool) implements ChatModel {

		@Override
		public ChatResponse call(Prompt prompt) {
			List<Message> messages = prompt.getInstructions();
			if (messages.get(messages.size() - 1) instanceof ToolResponseMessage response) {
				return answer(AssistantMessage.builder()
					.content("the tool said: " + response.getResponses().get(0).responseData())
					.build());
			}
			return answer(AssistantMessage.builder()
				.content("")
				.toolCalls(List.of(new AssistantMessage.ToolCall("call-1", "function", this.tool, "{}")))
				.build());
		}

		@Override
		public ChatOptions getOptions() {
			return ToolCallingChatOptions.builder().build();
		}

		private static ChatResponse answer(AssistantMessage message) {
			return new ChatResponse(List.of(new Generation(message)));
		}

	}

}
