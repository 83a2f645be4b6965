package dev.deskhand.mcp;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.server.McpTransportContextExtractor;
import io.modelcontextprotocol.server.transport.ServerTransportSecurityException;
import io.modelcontextprotocol.server.transport.ServerTransportSecurityValidator;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpStreamableServerSession;
import jakarta.servlet.http.HttpServletResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.MediaType;
import org.springframework.web.servlet.function.HandlerFilterFunction;
import org.springframework.web.servlet.function.HandlerFunction;
import org.springframework.web.servlet.function.ServerRequest;
import org.springframework.web.servlet.function.ServerResponse;
import org.springframework.web.util.WebUtils;

/**
 * Answers a JSON-RPC request posted to {@code /mcp} with one {@code application/json}
 * body instead of Spring AI's one-event SSE stream, whenever the server has nothing else
 * to send for it (see {@link FirstMessageAnswer}). Clients read a JSON body at the speed
 * of their JSON parser; SSE parsers are often slower on a screenshot's megabyte-long
 * {@code data:} line. A request that asks for progress ({@code _meta.progressToken}) is
 * left to Spring AI's transport, so its notifications stream as they happen; so is
 * everything this class does not recognise as such a request in a live session, and any
 * request the transport's own checks would refuse: it then answers (or refuses) as
 * always.
 * <p>
 * Also forgets a session once its {@code DELETE} succeeded.
 */
final class McpJsonAnswers implements HandlerFilterFunction<ServerResponse, ServerResponse> {

	private static final Logger logger = LoggerFactory.getLogger(McpJsonAnswers.class);

	static final String SESSION_HEADER = "Mcp-Session-Id";

	private final McpStreamableSessions sessions;

	private final McpJsonMapper json;

	private final ServerTransportSecurityValidator validator;

	private final McpTransportContextExtractor<ServerRequest> contextExtractor;

	McpJsonAnswers(McpStreamableSessions sessions, McpJsonMapper json, ServerTransportSecurityValidator validator,
			McpTransportContextExtractor<ServerRequest> contextExtractor) {
		this.sessions = sessions;
		this.json = json;
		this.validator = validator;
		this.contextExtractor = contextExtractor;
	}

	@Override
	public ServerResponse filter(ServerRequest request, HandlerFunction<ServerResponse> next) throws Exception {
		String method = request.method().name();
		if ("DELETE".equals(method)) {
			ServerResponse answer = next.handle(request);
			if (answer.statusCode().is2xxSuccessful()) {
				this.sessions.forget(request.headers().firstHeader(SESSION_HEADER));
			}
			return answer;
		}
		if (!"POST".equals(method)) {
			return next.handle(request);
		}
		McpStreamableServerSession session = this.sessions.find(request.headers().firstHeader(SESSION_HEADER));
		McpSchema.JSONRPCRequest call = (session != null) ? jsonAnswerable(request) : null;
		if (call == null || !passesTransportChecks(request)) {
			return next.handle(request);
		}
		McpTransportContext context = this.contextExtractor.extract(request);
		return ServerResponse.ok().build((servletRequest, servletResponse) -> {
			answer(session, call, context, servletResponse);
			return null;
		});
	}

	/**
	 * The request, when it is one this class answers: a request (not a notification or a
	 * response), not {@code initialize} (which needs no session and Spring AI answers
	 * with JSON already), without a progress token, from a client that takes JSON.
	 */
	private McpSchema.JSONRPCRequest jsonAnswerable(ServerRequest request) {
		ReadBodyRequest screened = WebUtils.getNativeRequest(request.servletRequest(), ReadBodyRequest.class);
		if (screened == null || !acceptsJson(request)) {
			return null;
		}
		McpSchema.JSONRPCMessage message;
		try {
			message = McpSchema.deserializeJsonRpcMessage(this.json,
					new String(screened.body(), StandardCharsets.UTF_8));
		}
		catch (IOException | IllegalArgumentException ex) {
			return null;
		}
		if (!(message instanceof McpSchema.JSONRPCRequest call) || McpSchema.METHOD_INITIALIZE.equals(call.method())
				|| asksForProgress(call)) {
			return null;
		}
		return call;
	}

	static boolean asksForProgress(McpSchema.JSONRPCRequest call) {
		return call.params() instanceof Map<?, ?> params && params.get("_meta") instanceof Map<?, ?> meta
				&& meta.get("progressToken") != null;
	}

	static boolean acceptsJson(ServerRequest request) {
		return request.headers()
			.accept()
			.stream()
			.anyMatch((type) -> MediaType.APPLICATION_JSON.equalsTypeAndSubtype(type) && type.getQualityValue() > 0);
	}

	/** Origin and Host, as Spring AI's transport checks them before anything else. */
	private boolean passesTransportChecks(ServerRequest request) {
		Map<String, List<String>> headers = request.headers()
			.asHttpHeaders()
			.headerSet()
			.stream()
			.collect(Collectors.toUnmodifiableMap((header) -> header.getKey().toLowerCase(Locale.ROOT),
					Map.Entry::getValue, (a, b) -> a));
		try {
			this.validator.validateHeaders(headers);
			return true;
		}
		catch (ServerTransportSecurityException ex) {
			return false;
		}
	}

	private void answer(McpStreamableServerSession session, McpSchema.JSONRPCRequest call, McpTransportContext context,
			HttpServletResponse response) throws IOException {
		FirstMessageAnswer answer = new FirstMessageAnswer(response, call.id(), session.getId(), this.json);
		try {
			session.responseStream(call, answer)
				.contextWrite((ctx) -> ctx.put(McpTransportContext.KEY, context))
				.block();
		}
		catch (RuntimeException ex) {
			logger.error("request {} ({}) of MCP session {} failed: {}", call.id(), call.method(), session.getId(),
					ex.toString());
			if (!response.isCommitted()) {
				response.resetBuffer();
				response.setStatus(HttpServletResponse.SC_INTERNAL_SERVER_ERROR);
				response.setContentType(FirstMessageAnswer.JSON);
				response.getOutputStream()
					.write(this.json.writeValueAsBytes(
							McpSchema.JSONRPCResponse.error(call.id(), new McpSchema.JSONRPCResponse.JSONRPCError(
									McpSchema.ErrorCodes.INTERNAL_ERROR, "Internal error", null))));
			}
		}
	}

}
