package dev.deskhand.tools;

import org.springframework.ai.mcp.annotation.context.McpSyncRequestContext;

/** The session a tool call belongs to: what per-session state (screenshot geometry) is keyed by. */
final class ToolSessions {

	/** Calls with no MCP session (stdio, stateless, in-process) share this one. */
	static final String DEFAULT = "default";

	private ToolSessions() {
	}

	static String of(McpSyncRequestContext context) {
		String id = (context != null) ? context.sessionId() : null;
		return (id == null || id.isBlank()) ? DEFAULT : id;
	}

}
