package dev.deskhand.mcp;

/**
 * How many Streamable HTTP sessions are open and how many may be
 * ({@code deskhand.mcp.max-sessions}), for {@code /actuator/deskhand}; there is none in
 * the stdio profile.
 */
public interface McpSessionCount {

	/**
	 * The sessions open now, those idle past {@code deskhand.mcp.session-idle} ended
	 * first.
	 */
	int open();

	int max();

}
