package dev.deskhand.approval;

import java.util.Set;

/**
 * What a tool call needs approved.
 *
 * @param session whose call it is
 * @param capabilities what it needs (one, or several for a batch or request_access)
 * @param tool the tool name
 * @param summary what will happen, in words a human can judge (typed text shortened)
 */
public record ApprovalRequest(AgentSession session, Set<Capability> capabilities, String tool, String summary) {

	public ApprovalRequest {
		capabilities = Set.copyOf(capabilities);
	}

}
