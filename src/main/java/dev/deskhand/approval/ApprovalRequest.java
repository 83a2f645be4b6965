package dev.deskhand.approval;

import java.util.Set;

/**
 * What a tool call needs approved.
 *
 * @param session whose call it is
 * @param capabilities what it needs (one, or several for a batch or request_access)
 * @param tool the tool name
 * @param summary what will happen, in words a human can judge (typed text shortened)
 * @param auditSummary the same for the audit trail, where typed text appears only as a length and
 * a hash
 */
public record ApprovalRequest(AgentSession session, Set<Capability> capabilities, String tool, String summary,
		String auditSummary) {

	public ApprovalRequest {
		capabilities = Set.copyOf(capabilities);
	}

	/** A request whose summary holds nothing secret. */
	public ApprovalRequest(AgentSession session, Set<Capability> capabilities, String tool, String summary) {
		this(session, capabilities, tool, summary, summary);
	}

}
