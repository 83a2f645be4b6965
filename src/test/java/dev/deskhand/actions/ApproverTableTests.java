package dev.deskhand.actions;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import dev.deskhand.agents.EndpointCaller;
import dev.deskhand.approval.AgentSession;
import dev.deskhand.approval.AgentSessions;
import dev.deskhand.approval.ApprovalProperties;
import dev.deskhand.approval.ApprovalRequest;
import dev.deskhand.approval.ApprovalService;
import dev.deskhand.approval.Approver;
import dev.deskhand.approval.CallTransport;
import dev.deskhand.approval.Capability;
import dev.deskhand.approval.Decision;
import dev.deskhand.approval.HumanChannel;
import dev.deskhand.approval.PendingApproval;
import dev.deskhand.approval.Policy;
import dev.deskhand.approval.SystemKeys;
import dev.deskhand.audit.AuditProperties;
import dev.deskhand.audit.AuditTrail;
import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.input.InputAction;

import static dev.deskhand.approval.Approver.ELICITATION;
import static dev.deskhand.approval.Approver.OPERATOR;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The security table's approval column: every kind of input action (each row of
 * {@link ActionRulesTests}) and every other request that can be asked (clipboard read,
 * {@code request_access}) × every transport a call can come over × an agent trusted with
 * elicitation or not → who may approve it: nobody (nothing to ask, or the policy refuses
 * it), the operator alone, or the operator and the agent's own client.
 * {@link #everyTransportHasARule()} fails when a transport is added without a row here;
 * {@link ActionRulesTests#everyKindAndArgumentHasARow()} when a kind is.
 */
class ApproverTableTests {

	private static final String TRUSTED = "desk-app";

	private static final String UNTRUSTED = "robot";

	/** Who may approve, per transport, for a trusted and for an untrusted agent. */
	record TransportRule(Set<Approver> trusted, Set<Approver> untrusted) {

	}

	static final Map<CallTransport, TransportRule> RULES = new EnumMap<>(CallTransport.class);

	static {
		RULES.put(CallTransport.MCP_STREAMABLE_HTTP,
				new TransportRule(EnumSet.of(OPERATOR, ELICITATION), EnumSet.of(OPERATOR)));
		RULES.put(CallTransport.MCP_LEGACY_SSE,
				new TransportRule(EnumSet.of(OPERATOR, ELICITATION), EnumSet.of(OPERATOR)));
		RULES.put(CallTransport.MCP_STDIO, new TransportRule(EnumSet.of(OPERATOR, ELICITATION), EnumSet.of(OPERATOR)));
		// No client at the other end: a trusted name changes nothing.
		RULES.put(CallTransport.IN_PROCESS, new TransportRule(EnumSet.of(OPERATOR), EnumSet.of(OPERATOR)));
		RULES.put(CallTransport.VENDOR_ENDPOINT, new TransportRule(EnumSet.of(OPERATOR), EnumSet.of(OPERATOR)));
	}

	// The default policies; the trusted agent listed in elicitation-agents.
	private static final ApprovalProperties DEFAULTS = new ApprovalProperties(null, Duration.ofMinutes(30),
			Duration.ofMinutes(2), Duration.ofMinutes(30), List.of(), List.of(TRUSTED, "local"));

	private final ActionRules rules = new ActionRules(
			new SystemKeys(
					List.of("ctrl+alt+Delete", "ctrl+alt+BackSpace", "ctrl+alt+F1-F12", "ctrl+alt+Escape", "super+l",
							"ctrl+alt+l", "alt+F4", "alt+F2", "ctrl+shift+Escape", "alt+Print", "super"),
					(key) -> true));

	/**
	 * What a request needs, by kind: each input action, and the requests that are not.
	 */
	record Kind(String name, InputAction action, Set<Capability> capabilities) {

		@Override
		public String toString() {
			return this.name;
		}

	}

	static List<Kind> kinds() {
		List<Kind> kinds = new ArrayList<>();
		for (ActionRulesTests.Row row : ActionRulesTests.rows()) {
			kinds.add(new Kind(row.toString(), row.action(), null));
		}
		kinds.add(new Kind("read_clipboard", null, Set.of(Capability.CLIPBOARD_READ)));
		kinds.add(new Kind("request_access", null, Set.of(Capability.POINTER, Capability.KEYBOARD)));
		kinds.add(new Kind("observe", null, Set.of(Capability.OBSERVE)));
		return kinds;
	}

	static Stream<Arguments> table() {
		List<Arguments> cells = new ArrayList<>();
		for (Kind kind : kinds()) {
			for (CallTransport transport : CallTransport.values()) {
				cells.add(Arguments.of(kind, transport, true));
				cells.add(Arguments.of(kind, transport, false));
			}
		}
		return cells.stream();
	}

	@ParameterizedTest(name = "{0} over {1}, trusted={2}")
	@MethodSource("table")
	void whoMayApprove(Kind kind, CallTransport transport, boolean trusted) {
		Set<Capability> needed = (kind.action() != null) ? this.rules.capabilities(kind.action()) : kind.capabilities();
		Set<Approver> expected = expected(needed, transport, trusted);
		String principal = trusted ? TRUSTED : UNTRUSTED;
		assertThat(DEFAULTS.approvers(transport, principal)).as("the rule")
			.isEqualTo(trusted ? RULES.get(transport).trusted() : RULES.get(transport).untrusted());

		// The service itself, with a client that answers "approve for the session" to
		// whatever it is sent, as a headless agent loop can. Where the transport has a
		// client the channel asks it whatever the trust (as if the wiring forgot to
		// check); the service still lets its answer count only where the table says so.
		ApprovalService service = new ApprovalService(DEFAULTS,
				new AgentSessions(Clock.systemUTC(), Duration.ofMinutes(30)),
				new AuditTrail(new AuditProperties(false, null), (event) -> {
				}, Clock.systemUTC()), new SimpleMeterRegistry(), Clock.systemUTC());
		AgentSession session = service.sessions().resolve(principal, "mcp-1", "agent-loop");
		List<Set<Approver>> asked = new ArrayList<>();
		HumanChannel channel = channel(transport, session, asked);
		boolean approved;
		try {
			service.authorize(new ApprovalRequest(session, needed, kind.name(), "do it"), channel);
			approved = true;
		}
		catch (DeskhandException ex) {
			assertThat(ex.code()).isEqualTo(ErrorCode.E_DENIED);
			approved = false;
		}
		Set<Approver> approvers = asked.isEmpty() ? Set.of() : asked.get(0);
		assertThat(approvers).as("who may approve").isEqualTo(expected);
		// Unasked, the policy decided; asked, only the client's "yes" could approve (the
		// operator here says no).
		assertThat(approved).as("approved")
			.isEqualTo(asked.isEmpty() ? !refused(needed) : expected.contains(ELICITATION));
	}

	@Test
	void everyTransportHasARule() {
		assertThat(RULES.keySet()).containsExactlyInAnyOrder(CallTransport.values());
	}

	@Test
	void theDefaultTrustsOnlyTheLoopbackUserWithElicitation() {
		ApprovalProperties defaults = new ApprovalProperties(null, Duration.ofMinutes(30), Duration.ofMinutes(2),
				Duration.ofMinutes(30), List.of(), List.of("local"));
		assertThat(defaults.trustsElicitationFrom("local")).isTrue();
		assertThat(defaults.trustsElicitationFrom(UNTRUSTED)).isFalse();
		assertThat(defaults.trustsElicitationFrom("in-process")).isFalse();
	}

	/**
	 * The channel a call over {@code transport} brings: a vendor endpoint's own (none);
	 * for the others one that asks the client when there is one, and the client approves
	 * everything; an answer that does not count is followed by the operator's deny, so no
	 * cell waits for the ask timeout.
	 */
	private static HumanChannel channel(CallTransport transport, AgentSession session, List<Set<Approver>> asked) {
		HumanChannel own = (transport == CallTransport.VENDOR_ENDPOINT) ? new EndpointCaller(session).channel()
				: HumanChannel.NONE;
		boolean asksTheClient = transport.hasClientToAsk();
		return new HumanChannel() {

			@Override
			public void ask(PendingApproval pending) {
				own.ask(pending);
				asked.add(pending.approvers());
				if (!(asksTheClient
						&& pending.complete(new Decision(true, Decision.Scope.SESSION, ELICITATION.key())))) {
					pending.complete(Decision.deny(OPERATOR.key()));
				}
			}

			@Override
			public boolean asksTheCaller() {
				return asksTheClient || own.asksTheCaller();
			}

		};
	}

	private static boolean refused(Set<Capability> needed) {
		return needed.stream().anyMatch((c) -> DEFAULTS.policy(c) == Policy.DENY);
	}

	private static Set<Approver> expected(Set<Capability> needed, CallTransport transport, boolean trusted) {
		boolean refused = needed.contains(Capability.SYSTEM_KEYS);
		boolean nothingToAsk = needed.isEmpty() || needed.equals(Set.of(Capability.OBSERVE));
		if (refused || nothingToAsk) {
			return Set.of();
		}
		TransportRule rule = RULES.get(transport);
		return trusted ? rule.trusted() : rule.untrusted();
	}

}
