package dev.deskhand.agents;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.MediaType;
import org.springframework.web.filter.OncePerRequestFilter;

import dev.deskhand.errors.ErrorCode;
import dev.deskhand.mcp.RequestBodyScreen;

/**
 * Reads the body posted to a vendor endpoint under the limits of {@code /mcp}
 * ({@link RequestBodyScreen}: size, read timeout, the shared budget of buffered bodies)
 * before Spring MVC sees it: a 10 MB body was read whole into the heap, and a slow one
 * held a worker thread. A refusal is the endpoints' own error shape, {@code {"error":
 * "E_CODE: ..."}}.
 */
class AgentRequestScreenFilter extends OncePerRequestFilter {

	private static final Logger logger = LoggerFactory.getLogger(AgentRequestScreenFilter.class);

	private final RequestBodyScreen bodies;

	AgentRequestScreenFilter(RequestBodyScreen bodies) {
		this.bodies = bodies;
	}

	@Override
	protected boolean shouldNotFilterAsyncDispatch() {
		// The dispatch that carries the body read here is this filter's too.
		return false;
	}

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		if (isAsyncDispatch(request)) {
			HttpServletRequest read = RequestBodyScreen.readBody(request);
			chain.doFilter((read != null) ? read : request, response);
			return;
		}
		if (!"POST".equals(request.getMethod())) {
			chain.doFilter(request, response);
			return;
		}
		this.bodies.read(request, response, this::refuse);
	}

	private void refuse(HttpServletRequest request, HttpServletResponse response, RequestBodyScreen.Refusal refusal)
			throws IOException {
		String error = switch (refusal) {
			case TOO_LARGE ->
				ErrorCode.E_ARGS + ": request body too large: at most " + this.bodies.maxBody() + " bytes";
			case TIMEOUT -> ErrorCode.E_TIMEOUT + ": request body not complete within "
					+ this.bodies.readTimeout().toSeconds() + " s";
			case TOO_MANY_BODIES ->
				ErrorCode.E_BUSY + ": too many request bodies are being received at once; retry shortly";
		};
		logger.warn("Vendor endpoint request refused: {} {} -> {} {}", request.getMethod(), request.getRequestURI(),
				refusal.status(), error);
		byte[] body = ("{\"error\":\"" + error + "\"}").getBytes(StandardCharsets.UTF_8);
		response.setStatus(refusal.status());
		response.setContentType(MediaType.APPLICATION_JSON_VALUE);
		response.setContentLength(body.length);
		response.getOutputStream().write(body);
	}

}
