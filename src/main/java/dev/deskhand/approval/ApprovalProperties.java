package dev.deskhand.approval;

import java.time.Duration;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code deskhand.approval.*}.
 *
 * @param policies allow | ask | deny per capability; unset capabilities keep the defaults
 * (observe allow; pointer, keyboard, launch, clipboard ask; system-keys deny)
 * @param grantTtl how long a session-wide "yes" lasts
 * @param askTimeout an unanswered ask becomes a deny after this long
 * @param sessionIdle a session unseen this long ends: its grants and input lease go
 * @param systemKeys chords classified as system keys (compared after alias resolution, so
 * {@code ctrl+alt+Delete} also matches {@code control+alt+delete}); an F-key range is
 * written {@code ctrl+alt+F1-F12}
 * @param elicitationAgents the agents (principal names: {@code local}, or an agent
 * token's name) whose own MCP client is asked to approve their requests through
 * elicitation, and whose client's answer counts. Everyone else's requests wait for the
 * operator (console or API) and are denied at {@code askTimeout}. List only agents whose
 * client is a person's app (Claude Desktop, VS Code, the Inspector): a client that
 * answers its own elicitations approves its own agent.
 */
@ConfigurationProperties("deskhand.approval")
public record ApprovalProperties(Map<Capability, Policy> policies, @DefaultValue("30m") Duration grantTtl,
		@DefaultValue("2m") Duration askTimeout, @DefaultValue("30m") Duration sessionIdle, @DefaultValue( {
				"ctrl+alt+Delete", "ctrl+alt+BackSpace", "ctrl+alt+F1-F12", "ctrl+alt+Escape", "super+l", "ctrl+alt+l",
				"alt+F4", "alt+F2", "ctrl+shift+Escape", "alt+Print" }) List<String> systemKeys,
		@DefaultValue("local") List<String> elicitationAgents){

	static final Map<Capability, Policy> DEFAULTS = Map.of(Capability.OBSERVE, Policy.ALLOW, Capability.POINTER,
			Policy.ASK, Capability.KEYBOARD, Policy.ASK, Capability.SYSTEM_KEYS, Policy.DENY, Capability.CLIPBOARD_READ,
			Policy.ASK, Capability.CLIPBOARD_WRITE, Policy.ASK, Capability.LAUNCH, Policy.ASK);

	public ApprovalProperties {
		Map<Capability, Policy> merged = new EnumMap<>(DEFAULTS);
		if (policies != null) {
			merged.putAll(policies);
		}
		policies = Map.copyOf(merged);
		systemKeys = List.copyOf(systemKeys);
		elicitationAgents = (elicitationAgents != null) ? List.copyOf(elicitationAgents) : List.of();
		if (askTimeout.isNegative() || askTimeout.isZero()) {
			throw new IllegalArgumentException("deskhand.approval.ask-timeout must be positive");
		}
	}

	public Policy policy(Capability capability) {
		return this.policies.get(capability);
	}

	/** Whether this agent's own client's elicitation answers count. */
	public boolean trustsElicitationFrom(String principal) {
		return this.elicitationAgents.contains(principal);
	}

	/**
	 * Who may answer an approval request from {@code principal}, calling over
	 * {@code transport}: the operator always; the caller's client as well when there is
	 * one to ask and the agent is trusted with it. Nobody else, so a request nobody in
	 * this set answers is denied at the ask timeout.
	 */
	public Set<Approver> approvers(CallTransport transport, String principal) {
		return (transport.hasClientToAsk() && trustsElicitationFrom(principal))
				? EnumSet.of(Approver.OPERATOR, Approver.ELICITATION) : EnumSet.of(Approver.OPERATOR);
	}

}
