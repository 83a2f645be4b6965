package dev.deskhand.agents;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;

import io.modelcontextprotocol.server.transport.ServerTransportSecurityException;
import io.modelcontextprotocol.server.transport.ServerTransportSecurityValidator;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;

import dev.deskhand.errors.DeskhandException;

/**
 * What the vendor endpoints share over HTTP: the Origin and Host rules of {@code /mcp},
 * the session handle in and out, and errors as {@code {"error": "E_CODE: ..."}}.
 */
public final class AgentEndpoints {

	private static final String PREFIX = "/agents/";

	private final ServerTransportSecurityValidator validator;

	private final EndpointSteps steps;

	public AgentEndpoints(ServerTransportSecurityValidator validator, EndpointSteps steps) {
		this.validator = validator;
		this.steps = steps;
	}

	/**
	 * The handle the request names: the header, else the body's {@code deskhand_session}.
	 */
	public static String handle(HttpServletRequest request, Map<String, Object> body) {
		String header = request.getHeader(EndpointSessions.HEADER);
		if (header != null && !header.isBlank()) {
			return header;
		}
		Object field = (body != null) ? body.get(EndpointSessions.FIELD) : null;
		return (field instanceof String text) ? text : null;
	}

	/**
	 * Runs {@code reply} when the request passes the transport checks, records it as a
	 * step of its session ({@code openai_computer} for {@code /agents/openai/computer}),
	 * and answers it with the session handle in a header as well as in the body.
	 * @param body the request body, for the record (typed text redacted)
	 */
	public ResponseEntity<Map<String, Object>> answer(HttpServletRequest request, Object body,
			Supplier<Map<String, Object>> reply) {
		try {
			this.validator.validateHeaders(headers(request));
		}
		catch (ServerTransportSecurityException ex) {
			return ResponseEntity.status(ex.getStatusCode()).body(Map.of("error", "E_DENIED: " + ex.getMessage()));
		}
		try {
			String via = request.getRequestURI();
			Map<String, Object> answer = this.steps.record(toolOf(via), via, body, reply);
			Object session = answer.get(EndpointSessions.FIELD);
			ResponseEntity.BodyBuilder ok = ResponseEntity.ok();
			if (session instanceof String handle) {
				ok.header(EndpointSessions.HEADER, handle);
			}
			return ok.body(answer);
		}
		catch (DeskhandException ex) {
			HttpStatus status = switch (ex.code()) {
				case E_NOT_FOUND -> HttpStatus.NOT_FOUND;
				case E_ARGS, E_UNSUPPORTED -> HttpStatus.BAD_REQUEST;
				case E_DENIED, E_NOT_GRANTED -> HttpStatus.FORBIDDEN;
				case E_BUSY -> HttpStatus.CONFLICT;
				default -> HttpStatus.INTERNAL_SERVER_ERROR;
			};
			return ResponseEntity.status(status).body(Map.of("error", ex.render()));
		}
	}

	/** {@code /agents/openai/computer} is recorded as {@code openai_computer}. */
	static String toolOf(String path) {
		String tail = path.startsWith(PREFIX) ? path.substring(PREFIX.length()) : path;
		return tail.replace('/', '_');
	}

	private static Map<String, List<String>> headers(HttpServletRequest request) {
		Map<String, List<String>> headers = new java.util.HashMap<>();
		for (String name : java.util.Collections.list(request.getHeaderNames())) {
			headers.put(name.toLowerCase(Locale.ROOT), java.util.Collections.list(request.getHeaders(name)));
		}
		return headers;
	}

}
