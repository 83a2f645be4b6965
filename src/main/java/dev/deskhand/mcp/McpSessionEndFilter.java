package dev.deskhand.mcp;

import java.io.IOException;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.web.filter.OncePerRequestFilter;

import dev.deskhand.approval.AgentSessions;
import dev.deskhand.security.AgentPrincipals;

/**
 * Ends the agent session when a Streamable HTTP client closes its MCP session
 * ({@code DELETE
 * /mcp}), so its input lease is free at once, and cancels the session's calls in flight:
 * a pending approval or {@code request_human} of a client that is gone is withdrawn.
 * Spring AI's transport has no session-closed callback; the request itself is the signal.
 * (Legacy SSE sessions end by going idle.)
 */
class McpSessionEndFilter extends OncePerRequestFilter {

	static final String SESSION_HEADER = "Mcp-Session-Id";

	private final AgentSessions sessions;

	private final McpCalls calls;

	private final McpClientTrails trails;

	private final String endpoint;

	McpSessionEndFilter(AgentSessions sessions, McpCalls calls, McpClientTrails trails, String endpoint) {
		this.sessions = sessions;
		this.calls = calls;
		this.trails = trails;
		this.endpoint = endpoint;
	}

	@Override
	protected boolean shouldNotFilter(HttpServletRequest request) {
		return !"DELETE".equals(request.getMethod()) || !this.endpoint.equals(request.getRequestURI());
	}

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		chain.doFilter(request, response);
		String mcpSession = request.getHeader(SESSION_HEADER);
		if (mcpSession != null && response.getStatus() < 300) {
			String principal = AgentPrincipals.nameOf(request.getUserPrincipal());
			this.calls.cancelSession(principal, mcpSession,
					"the client ended its MCP session; the call was stopped and every held key and button released");
			this.sessions.endMcpSession(principal, mcpSession);
			this.trails.forget(mcpSession);
		}
	}

}
