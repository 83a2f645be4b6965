package dev.deskhand.approval;

/**
 * How a tool call reached Deskhand. What matters to approvals is whether there is a
 * client at the other end that could be asked (elicitation); whether its answer counts is
 * the agent's trust, not the transport's ({@link ApprovalProperties#approvers}).
 */
public enum CallTransport {

	/** {@code /mcp}. */
	MCP_STREAMABLE_HTTP("streamable-http", true),

	/** {@code /sse} and {@code /mcp/message}. */
	MCP_LEGACY_SSE("sse", true),

	/** The {@code stdio} profile: the client started this process. */
	MCP_STDIO("stdio", true),

	/**
	 * Spring AI tool callbacks in Deskhand's own JVM: there is no client, only the
	 * application's model loop.
	 */
	IN_PROCESS("in-process", false),

	/**
	 * {@code /agents/{vendor}/computer}: plain HTTP requests from a vendor's agent loop,
	 * with no channel back to a person.
	 */
	VENDOR_ENDPOINT("vendor-endpoint", false);

	private final String key;

	private final boolean hasClientToAsk;

	CallTransport(String key, boolean hasClientToAsk) {
		this.key = key;
		this.hasClientToAsk = hasClientToAsk;
	}

	/** The name the transport context carries. */
	public String key() {
		return this.key;
	}

	/** Whether a client on the other end could be sent an elicitation. */
	public boolean hasClientToAsk() {
		return this.hasClientToAsk;
	}

	/**
	 * @param key a transport's {@link #key()}, or {@code null} when the call's context
	 * names none
	 * @return that transport; {@link #MCP_STDIO} for none, the one MCP transport whose
	 * context Deskhand does not build (its caller runs as {@code local})
	 */
	public static CallTransport of(String key) {
		if (key == null) {
			return MCP_STDIO;
		}
		for (CallTransport transport : values()) {
			if (transport.key.equals(key)) {
				return transport;
			}
		}
		throw new IllegalArgumentException("unknown call transport '" + key + "'");
	}

}
