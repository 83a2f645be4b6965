package dev.deskhand.approval;

import java.util.Set;
import java.util.stream.Collectors;

/**
 * What a tool call needs approved.
 *
 * @param session whose call it is
 * @param capabilities what it needs (one, or several for a batch or request_access)
 * @param tool the tool name
 * @param summary what will happen, in words a human can judge (typed text shortened)
 * @param auditSummary the same for the audit trail, where typed text appears only as a
 * length and a hash
 * @param target where the first action with coordinates will land, or {@code null} when
 * none has coordinates (typing, keys, a click where the pointer is, clipboard, launch)
 */
public record ApprovalRequest(AgentSession session, Set<Capability> capabilities, String tool, String summary,
		String auditSummary, ApprovalTarget target) {

	public ApprovalRequest {
		capabilities = Set.copyOf(capabilities);
	}

	/** A request that points nowhere on the screen. */
	public ApprovalRequest(AgentSession session, Set<Capability> capabilities, String tool, String summary,
			String auditSummary) {
		this(session, capabilities, tool, summary, auditSummary, null);
	}

	/**
	 * A request whose summary holds nothing secret, and that points nowhere on the
	 * screen.
	 */
	public ApprovalRequest(AgentSession session, Set<Capability> capabilities, String tool, String summary) {
		this(session, capabilities, tool, summary, summary, null);
	}

	/**
	 * What it asks for, as a person reads it: {@code pointer input and keyboard input}.
	 */
	public String kinds() {
		return this.capabilities.stream().sorted().map(Capability::phrase).collect(Collectors.joining(" and "));
	}

	/** The same request for fewer capabilities (those still to be asked). */
	public ApprovalRequest withCapabilities(Set<Capability> narrowed) {
		return new ApprovalRequest(this.session, narrowed, this.tool, this.summary, this.auditSummary, this.target);
	}

}
