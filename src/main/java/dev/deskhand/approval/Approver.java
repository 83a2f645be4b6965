package dev.deskhand.approval;

/**
 * Who may answer an approval request. The operator (the console or the operator API on
 * the management port) always may; the calling agent's own MCP client (elicitation) only
 * when the agent is named in {@code deskhand.approval.elicitation-agents} and its
 * transport has a client to ask ({@link ApprovalProperties#approvers}).
 */
public enum Approver {

	/** The console or {@code /actuator/approvals}, with the operator token. */
	OPERATOR("operator"),

	/**
	 * The caller's own MCP client, through elicitation: a person only when that client is
	 * a person's app, which is what listing the agent as trusted asserts.
	 */
	ELICITATION("elicitation");

	private final String key;

	Approver(String key) {
		this.key = key;
	}

	/** The name in a {@link Decision}'s {@code by} and in the audit record. */
	public String key() {
		return this.key;
	}

}
