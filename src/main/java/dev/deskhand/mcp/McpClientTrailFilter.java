package dev.deskhand.mcp;

import java.io.IOException;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Notes the connection of every request into a Streamable HTTP session
 * ({@link McpClientTrails}). After the session binding, so only the session's own
 * principal leaves a trail.
 */
class McpClientTrailFilter extends OncePerRequestFilter {

	private final McpClientTrails trails;

	private final String endpoint;

	McpClientTrailFilter(McpClientTrails trails, String endpoint) {
		this.trails = trails;
		this.endpoint = endpoint;
	}

	@Override
	protected boolean shouldNotFilter(HttpServletRequest request) {
		return !this.endpoint.equals(request.getRequestURI())
				|| request.getHeader(McpSessionEndFilter.SESSION_HEADER) == null;
	}

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		this.trails.record(request.getHeader(McpSessionEndFilter.SESSION_HEADER),
				McpCancellationFilter.connectionOf(request));
		chain.doFilter(request, response);
	}

}
