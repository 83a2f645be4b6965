package dev.deskhand.mcp;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.Base64;
import java.util.Map;
import java.util.function.Function;
import java.util.function.UnaryOperator;

import javax.imageio.ImageIO;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.McpHttpClientTransportAuthorizationException;
import io.modelcontextprotocol.client.transport.HttpClientSseClientTransport;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import org.springframework.ai.mcp.client.webflux.transport.WebClientStreamableHttpTransport;
import org.springframework.http.client.reactive.JdkClientHttpConnector;
import org.springframework.web.reactive.function.client.WebClient;

/**
 * The official MCP Java SDK client on both transports (Streamable HTTP on the SDK's JDK
 * HttpClient transport or on Spring AI's WebClient transport), and helpers to read
 * results.
 */
public final class McpTestClients {

	private McpTestClients() {
	}

	public static McpSyncClient streamable(int port) {
		return initialized(
				HttpClientStreamableHttpTransport.builder("http://127.0.0.1:" + port).endpoint("/mcp").build(),
				"deskhand-test-streamable");
	}

	/**
	 * A Streamable HTTP client that declares elicitation and answers it with
	 * {@code handler}.
	 */
	public static McpSyncClient streamable(int port, String name,
			Function<McpSchema.ElicitFormRequest, McpSchema.ElicitResult> handler) {
		return customized(port, name,
				(spec) -> spec.capabilities(McpSchema.ClientCapabilities.builder().elicitation().build())
					.elicitation(handler));
	}

	/**
	 * A Streamable HTTP client named {@code name}, set up further by {@code customizer},
	 * initialized.
	 */
	public static McpSyncClient customized(int port, String name, UnaryOperator<McpClient.SyncSpec> customizer) {
		McpSyncClient client = customizer
			.apply(McpClient
				.sync(HttpClientStreamableHttpTransport.builder("http://127.0.0.1:" + port).endpoint("/mcp").build())
				.clientInfo(new McpSchema.Implementation(name, "1.0"))
				.requestTimeout(Duration.ofSeconds(60)))
			.build();
		client.initialize();
		return client;
	}

	/**
	 * A Streamable HTTP client that authenticates with an agent token, declares
	 * elicitation and answers it with {@code handler}: an agent loop's own client.
	 */
	public static McpSyncClient streamableWithToken(int port, String name, String token,
			Function<McpSchema.ElicitFormRequest, McpSchema.ElicitResult> handler) {
		McpSyncClient client = McpClient
			.sync(HttpClientStreamableHttpTransport.builder("http://127.0.0.1:" + port)
				.endpoint("/mcp")
				.httpRequestCustomizer((request, method, endpoint, body, context) -> request.header("Authorization",
						"Bearer " + token))
				.build())
			.clientInfo(new McpSchema.Implementation(name, "1.0"))
			.requestTimeout(Duration.ofSeconds(60))
			.capabilities(McpSchema.ClientCapabilities.builder().elicitation().build())
			.elicitation(handler)
			.build();
		client.initialize();
		return client;
	}

	/** An elicitation answer: accept with a decision and scope. */
	public static McpSchema.ElicitResult answer(String decision, String scope) {
		return new McpSchema.ElicitResult(McpSchema.ElicitResult.Action.ACCEPT,
				Map.of("decision", decision, "scope", scope));
	}

	/**
	 * The most a Spring AI agent's WebClient should buffer of one answer: a screenshot is
	 * one JSON message of about a megabyte at the default profile and several at
	 * {@code anthropic-hd} or full size, and WebClient's default of 256 KB refuses it
	 * (docs/clients.md).
	 */
	public static final int WEB_CLIENT_MAX_IN_MEMORY = 16 * 1024 * 1024;

	/**
	 * A Streamable HTTP client on Spring AI's WebClient transport, built as
	 * {@code spring-ai-starter-mcp-client-webflux} builds it (a clone of the context's
	 * {@code WebClient.Builder} with the connection's URL), from a builder that takes
	 * answers up to {@link #WEB_CLIENT_MAX_IN_MEMORY}.
	 */
	public static McpSyncClient webClientStreamable(int port) {
		return initialized(webClientTransport(port, screenshotSizedWebClient()), "deskhand-test-webclient");
	}

	/**
	 * The {@code WebClient.Builder} bean docs/clients.md tells Spring AI users to define.
	 * Its connector is WebClient's default: Reactor Netty, which is on the test
	 * classpath.
	 */
	public static WebClient.Builder screenshotSizedWebClient() {
		return WebClient.builder().codecs((codecs) -> codecs.defaultCodecs().maxInMemorySize(WEB_CLIENT_MAX_IN_MEMORY));
	}

	/**
	 * The same on WebClient's JDK HttpClient connector, WebClient's default when Reactor
	 * Netty is not on the classpath (as with {@code spring-ai-starter-mcp-client-webflux}
	 * alone).
	 */
	public static McpSyncClient webClientOnJdkHttpClient(int port) {
		return initialized(
				webClientTransport(port, screenshotSizedWebClient().clientConnector(new JdkClientHttpConnector())),
				"deskhand-test-webclient-jdk");
	}

	/**
	 * Spring AI's WebClient transport to Deskhand's {@code /mcp}, from a clone of
	 * {@code template}, as its auto-configuration makes one per connection.
	 */
	public static McpClientTransport webClientTransport(int port, WebClient.Builder template) {
		return WebClientStreamableHttpTransport.builder(template.clone().baseUrl("http://127.0.0.1:" + port))
			.endpoint("/mcp")
			.build();
	}

	public static McpSyncClient sse(int port) {
		return initialized(HttpClientSseClientTransport.builder("http://127.0.0.1:" + port).sseEndpoint("/sse").build(),
				"deskhand-test-sse");
	}

	private static McpSyncClient initialized(McpClientTransport transport, String name) {
		McpSyncClient client = McpClient.sync(transport)
			.clientInfo(new McpSchema.Implementation(name, "1.0"))
			.requestTimeout(Duration.ofSeconds(60))
			.build();
		client.initialize();
		return client;
	}

	public static CallToolResult call(McpSyncClient client, String tool, Map<String, Object> arguments) {
		return client.callTool(new McpSchema.CallToolRequest(tool, arguments));
	}

	public static String text(CallToolResult result) {
		StringBuilder text = new StringBuilder();
		for (McpSchema.Content content : result.content()) {
			if (content instanceof McpSchema.TextContent block) {
				if (text.length() > 0) {
					text.append('\n');
				}
				text.append(block.text());
			}
		}
		return text.toString();
	}

	public static McpSchema.ImageContent imageBlock(CallToolResult result) {
		return result.content()
			.stream()
			.filter(McpSchema.ImageContent.class::isInstance)
			.map(McpSchema.ImageContent.class::cast)
			.findFirst()
			.orElseThrow(() -> new AssertionError("no image block in " + text(result)));
	}

	public static BufferedImage image(CallToolResult result) {
		byte[] bytes = Base64.getDecoder().decode(imageBlock(result).data());
		try {
			BufferedImage image = ImageIO.read(new ByteArrayInputStream(bytes));
			if (image == null) {
				throw new AssertionError("image block does not decode");
			}
			return image;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * The HTTP status of the authorization failure the SDK client reports somewhere in
	 * this exception's cause chain (401 without a token, 403 refused), or -1 when the
	 * failure was something else (a refused connection, a timeout).
	 */
	public static int authorizationStatus(Throwable thrown) {
		for (Throwable cause = thrown; cause != null; cause = cause.getCause()) {
			if (cause instanceof McpHttpClientTransportAuthorizationException authorization) {
				return authorization.getResponseInfo().statusCode();
			}
		}
		return -1;
	}

}
