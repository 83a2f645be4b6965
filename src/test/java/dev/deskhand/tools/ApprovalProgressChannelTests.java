package dev.deskhand.tools;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import dev.deskhand.approval.AgentSession;
import dev.deskhand.approval.AgentSessions;
import dev.deskhand.approval.ApprovalProperties;
import dev.deskhand.approval.ApprovalRequest;
import dev.deskhand.approval.ApprovalService;
import dev.deskhand.approval.Capability;
import dev.deskhand.approval.Decision;
import dev.deskhand.approval.HumanChannel;
import dev.deskhand.approval.PendingApproval;
import dev.deskhand.audit.AuditProperties;
import dev.deskhand.audit.AuditTrail;

import static org.assertj.core.api.Assertions.assertThat;

/** What a waiting call's progress says: who is asked, and where an operator answers. */
class ApprovalProgressChannelTests {

	private static final String CONSOLE = "http://127.0.0.1:8081/actuator/console";

	private final AgentSessions sessions = new AgentSessions(Clock.systemUTC(), Duration.ofMinutes(30));

	private final ApprovalService service = new ApprovalService(
			new ApprovalProperties(Map.of(), Duration.ofMinutes(30), Duration.ofMinutes(2), Duration.ofMinutes(30),
					List.of(), List.of("local")),
			this.sessions, new AuditTrail(new AuditProperties(false, null), (event) -> {
			}, Clock.systemUTC()), new SimpleMeterRegistry(), Clock.systemUTC());

	@Test
	void aClientThatCannotBeAskedIsToldAnOperatorDecidesAndWhere() {
		PendingApproval pending = pendingFrom(false, Capability.POINTER);
		assertThat(ApprovalProgressChannel.message(pending, CONSOLE))
			.isEqualTo("waiting for an operator to approve pointer input (left-click at (618, 450)): " + CONSOLE);
	}

	@Test
	void aClientThatIsAskedIsToldItMayAnswerToo() {
		PendingApproval pending = pendingFrom(true, Capability.POINTER, Capability.KEYBOARD);
		assertThat(ApprovalProgressChannel.message(pending, CONSOLE)).startsWith(
				"waiting for you (the approval prompt sent to this client) or an operator to approve pointer input and keyboard input (")
			.endsWith(CONSOLE);
	}

	@Test
	void withoutAnOperatorsPortItSaysNobodyCanAnswer() {
		assertThat(ApprovalProgressChannel.message(pendingFrom(false, Capability.POINTER), null))
			.endsWith("the operators' port is off (management.server.port=-1), so nobody can answer");
	}

	// A request as the service makes it, caught from the channel it asks and answered.
	private PendingApproval pendingFrom(boolean asksTheCaller, Capability... capabilities) {
		AgentSession session = this.sessions.resolve("local", "m1", "client");
		AtomicReference<PendingApproval> asked = new AtomicReference<>();
		HumanChannel channel = new HumanChannel() {

			@Override
			public void ask(PendingApproval pending) {
				asked.set(pending);
				pending.complete(new Decision(true, Decision.Scope.ONCE, "operator"));
			}

			@Override
			public boolean asksTheCaller() {
				return asksTheCaller;
			}

		};
		this.service.authorize(
				new ApprovalRequest(session, Set.of(capabilities), "left_click", "left-click at (618, 450)"), channel);
		return asked.get();
	}

}
