package dev.deskhand.security;

import java.security.Principal;
import java.util.HashMap;
import java.util.Map;

import io.modelcontextprotocol.common.McpTransportContext;
import org.springframework.web.servlet.function.ServerRequest;

/**
 * Who is calling a tool. The MCP transports copy the authenticated principal of each HTTP
 * request into the request's {@link McpTransportContext}, so tools read it without
 * touching HTTP or Spring Security, on Streamable HTTP and legacy SSE alike. Grants
 * belong to this name together with the session.
 */
public final class AgentPrincipals {

	/** The transport-context key the principal name is stored under. */
	public static final String KEY = "deskhand.principal";

	/**
	 * The transport-context key of the call's cancellation (an
	 * {@code input.Cancellation}), put on the HTTP request by the MCP cancellation filter
	 * when the request is a {@code tools/call}.
	 */
	public static final String CALL_KEY = "deskhand.call";

	/**
	 * The transport-context key naming the transport the call came over (an
	 * {@code approval.CallTransport} key): whether there is a client that could be asked
	 * to approve depends on it.
	 */
	public static final String TRANSPORT_KEY = "deskhand.transport";

	/**
	 * The principal when no agent tokens are configured and the agents' port listens on
	 * loopback only (the desktop's own user, or whoever presents the generated agent
	 * token where the OS cannot say who that is), and for calls that carry no transport
	 * context (in-process Spring AI tool calls).
	 */
	public static final String LOCAL = "local";

	/**
	 * The principal of in-process Spring AI tool calls (Deskhand's own tools and the
	 * vendors' vocabularies alike). No agent token may carry this name, so no request
	 * over HTTP ever runs as it: in-process sessions are named by the application, and
	 * only code in Deskhand's JVM reaches them.
	 */
	public static final String IN_PROCESS = "in-process";

	/**
	 * The in-process session of calls that name none. Here rather than in the in-process
	 * package, so the vendor endpoints (which open in-process sessions for the vendors'
	 * in-process tools) need not depend on it.
	 */
	public static final String IN_PROCESS_DEFAULT_SESSION = "default";

	/**
	 * The client name operators see for in-process sessions, whichever in-process tool
	 * opened them.
	 */
	public static final String IN_PROCESS_CLIENT = "spring-ai-in-process";

	private AgentPrincipals() {
	}

	/**
	 * @param context the transport context of the current MCP request, or {@code null}
	 * @return the principal name the request was authenticated as; {@link #LOCAL} when
	 * the context carries none
	 */
	public static String of(McpTransportContext context) {
		Object name = (context != null) ? context.get(KEY) : null;
		return (name instanceof String text && !text.isBlank()) ? text : LOCAL;
	}

	/**
	 * @param principal the authenticated principal of an HTTP request, or {@code null}
	 * @return its name; {@link #LOCAL} for none (a request allowed without a token:
	 * loopback, no agent tokens configured)
	 */
	public static String nameOf(Principal principal) {
		return (principal != null && !principal.getName().isBlank()) ? principal.getName() : LOCAL;
	}

	/**
	 * The context extractor for both WebMvc MCP transports. Spring Security has
	 * authenticated the request by the time the transport handles it and exposes the
	 * result as the servlet principal; a request allowed without a token (loopback, no
	 * agent tokens) has none.
	 * @param request the HTTP request carrying an MCP message
	 * @return a context holding the principal name under {@link #KEY}
	 */
	public static McpTransportContext transportContext(ServerRequest request) {
		return transportContext(request, null);
	}

	/**
	 * The same, naming the transport.
	 * @param request the HTTP request carrying an MCP message
	 * @param transport the transport's name, stored under {@link #TRANSPORT_KEY}, or
	 * {@code null}
	 * @return a context holding the principal name, the transport and the call's
	 * cancellation
	 */
	public static McpTransportContext transportContext(ServerRequest request, String transport) {
		Map<String, Object> entries = new HashMap<>();
		entries.put(KEY, nameOf(request.principal().orElse(null)));
		request.attribute(CALL_KEY).ifPresent((call) -> entries.put(CALL_KEY, call));
		if (transport != null) {
			entries.put(TRANSPORT_KEY, transport);
		}
		return McpTransportContext.create(Map.copyOf(entries));
	}

	/**
	 * @param context the transport context of the current MCP request, or {@code null}
	 * @return the transport's name it carries, or {@code null} for none
	 */
	public static String transportOf(McpTransportContext context) {
		Object name = (context != null) ? context.get(TRANSPORT_KEY) : null;
		return (name instanceof String text) ? text : null;
	}

}
