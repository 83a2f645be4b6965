package dev.deskhand.approval;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;
import org.springframework.boot.actuate.audit.listener.AuditApplicationEvent;

import dev.deskhand.audit.AuditProperties;
import dev.deskhand.fake.MutableClock;
import dev.deskhand.audit.AuditTrail;
import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Policy resolution, grants and their expiry, with a settable clock and a scripted human.
 */
class ApprovalServiceTests {

	private final MutableClock clock = new MutableClock(Instant.parse("2026-11-30T12:00:00Z"));

	private final List<Object> events = new ArrayList<>();

	private final AgentSessions sessions = new AgentSessions(this.clock, Duration.ofMinutes(30));

	private final List<PendingApproval> asked = new ArrayList<>();

	private ApprovalService service(Map<Capability, Policy> policies, Duration askTimeout) {
		ApprovalProperties properties = new ApprovalProperties(policies, Duration.ofMinutes(30), askTimeout,
				Duration.ofMinutes(30), List.of("ctrl+alt+Delete"), List.of("local"));
		return new ApprovalService(properties, this.sessions,
				new AuditTrail(new AuditProperties(false, null), this.events::add, Clock.systemUTC()),
				new SimpleMeterRegistry(), this.clock);
	}

	private HumanChannel answering(Decision decision) {
		return (pending) -> {
			this.asked.add(pending);
			pending.complete(decision);
		};
	}

	@Test
	void defaultsAllowObservationAskForInputAndDenySystemKeys() {
		ApprovalProperties defaults = new ApprovalProperties(null, Duration.ofMinutes(30), Duration.ofMinutes(2),
				Duration.ofMinutes(30), List.of(), List.of("local"));
		assertThat(defaults.policy(Capability.OBSERVE)).isEqualTo(Policy.ALLOW);
		assertThat(defaults.policy(Capability.POINTER)).isEqualTo(Policy.ASK);
		assertThat(defaults.policy(Capability.KEYBOARD)).isEqualTo(Policy.ASK);
		assertThat(defaults.policy(Capability.CLIPBOARD_READ)).isEqualTo(Policy.ASK);
		assertThat(defaults.policy(Capability.LAUNCH)).isEqualTo(Policy.ASK);
		assertThat(defaults.policy(Capability.SYSTEM_KEYS)).isEqualTo(Policy.DENY);
		ApprovalProperties overridden = new ApprovalProperties(Map.of(Capability.POINTER, Policy.ALLOW),
				Duration.ofMinutes(30), Duration.ofMinutes(2), Duration.ofMinutes(30), List.of(), List.of("local"));
		assertThat(overridden.policy(Capability.POINTER)).isEqualTo(Policy.ALLOW);
		assertThat(overridden.policy(Capability.KEYBOARD)).isEqualTo(Policy.ASK);
	}

	@Test
	void allowPassesWithoutAskingAndDenyRefusesWithoutAsking() {
		ApprovalService service = service(Map.of(Capability.POINTER, Policy.ALLOW, Capability.KEYBOARD, Policy.DENY),
				Duration.ofSeconds(1));
		AgentSession session = this.sessions.resolve("alice", "m1", "client");
		service.authorize(request(session, Capability.POINTER), answering(Decision.deny("test")));
		assertThatThrownBy(() -> service.authorize(request(session, Capability.KEYBOARD),
				answering(new Decision(true, Decision.Scope.SESSION, "test"))))
			.isInstanceOf(DeskhandException.class)
			.hasMessageContaining("policy denies keyboard")
			.extracting((ex) -> ((DeskhandException) ex).code())
			.isEqualTo(ErrorCode.E_DENIED);
		assertThat(this.asked).isEmpty();
	}

	@Test
	void aSessionGrantCoversLaterCallsUntilItExpires() {
		ApprovalService service = service(Map.of(), Duration.ofSeconds(1));
		AgentSession session = this.sessions.resolve("alice", "m1", "client");
		HumanChannel yes = answering(new Decision(true, Decision.Scope.SESSION, "test"));
		service.authorize(request(session, Capability.POINTER), yes);
		service.authorize(request(session, Capability.POINTER), yes);
		assertThat(this.asked).hasSize(1);
		this.clock.advance(Duration.ofMinutes(31));
		service.authorize(request(session, Capability.POINTER), yes);
		assertThat(this.asked).hasSize(2);
	}

	@Test
	void aOnceAnswerIsNotRemembered() {
		ApprovalService service = service(Map.of(), Duration.ofSeconds(1));
		AgentSession session = this.sessions.resolve("alice", "m1", "client");
		HumanChannel once = answering(new Decision(true, Decision.Scope.ONCE, "test"));
		service.authorize(request(session, Capability.KEYBOARD), once);
		service.authorize(request(session, Capability.KEYBOARD), once);
		assertThat(this.asked).hasSize(2);
	}

	@Test
	void grantsBelongToThePrincipalAndTheSessionTogether() {
		ApprovalService service = service(Map.of(), Duration.ofMillis(200));
		AgentSession alice = this.sessions.resolve("alice", "m1", "client");
		service.authorize(request(alice, Capability.POINTER),
				answering(new Decision(true, Decision.Scope.SESSION, "t")));
		// Same MCP session id, another principal: a different session, no grant.
		AgentSession mallory = this.sessions.resolve("mallory", "m1", "client");
		assertThat(mallory.handle()).isNotEqualTo(alice.handle());
		assertThatThrownBy(() -> service.authorize(request(mallory, Capability.POINTER), HumanChannel.NONE))
			.hasMessageContaining("nobody answered");
	}

	@Test
	void withNoOperatorsPortAndNoElicitationNobodyIsAskedAndTheDenyIsAtOnce() {
		ApprovalProperties properties = new ApprovalProperties(Map.of(), Duration.ofMinutes(30), Duration.ofMinutes(5),
				Duration.ofMinutes(30), List.of("ctrl+alt+Delete"), List.of("local"));
		ApprovalService service = new ApprovalService(properties, this.sessions,
				new AuditTrail(new AuditProperties(false, null), this.events::add, Clock.systemUTC()),
				new SimpleMeterRegistry(), this.clock, OperatorUrls.at(null));
		AgentSession session = this.sessions.resolve("local", "m1", "client");
		assertThatThrownBy(() -> service.authorize(request(session, Capability.POINTER), HumanChannel.NONE))
			.isInstanceOfSatisfying(DeskhandException.class, (ex) -> {
				assertThat(ex.code()).isEqualTo(ErrorCode.E_DENIED);
				assertThat(ex.getMessage()).contains("nobody can give it", "--management.server.port=8081");
			});
		assertThat(service.pending()).isEmpty();
		assertThat(this.events).map((e) -> ((AuditApplicationEvent) e).getAuditEvent().getType())
			.containsExactly("approval-denied");
		// A client that is asked still gets the question with no operators' port.
		HumanChannel elicitation = new HumanChannel() {

			@Override
			public void ask(PendingApproval pending) {
				pending.complete(new Decision(true, Decision.Scope.ONCE, "elicitation"));
			}

			@Override
			public boolean asksTheCaller() {
				return true;
			}

		};
		service.authorize(request(session, Capability.POINTER), elicitation);
		assertThat(this.events).map((e) -> ((AuditApplicationEvent) e).getAuditEvent().getType())
			.endsWith("approval-granted");
	}

	@Test
	void anUnansweredAskIsADenyAndIsAudited() {
		ApprovalService service = service(Map.of(), Duration.ofMillis(100));
		AgentSession session = this.sessions.resolve("alice", "m1", "client");
		assertThatThrownBy(() -> service.authorize(request(session, Capability.POINTER), HumanChannel.NONE))
			.extracting((ex) -> ((DeskhandException) ex).code())
			.isEqualTo(ErrorCode.E_DENIED);
		assertThat(service.pending()).isEmpty();
		assertThat(this.events).map((e) -> ((AuditApplicationEvent) e).getAuditEvent().getType())
			.containsExactly("approval-asked", "approval-expired");
	}

	@Test
	void anOperatorAnswersAPendingRequest() throws Exception {
		ApprovalService service = service(Map.of(), Duration.ofSeconds(5));
		AgentSession session = this.sessions.resolve("alice", "m1", "client");
		Thread operator = new Thread(() -> {
			while (service.pending().isEmpty()) {
				Thread.onSpinWait();
			}
			assertThat(
					service.decide(service.pending().get(0).id(), new Decision(true, Decision.Scope.ONCE, "operator")))
				.isTrue();
		});
		operator.start();
		service.authorize(request(session, Capability.POINTER), HumanChannel.NONE);
		operator.join(5000);
		assertThat(service.decide("a999", Decision.deny("operator"))).isFalse();
	}

	@Test
	void requestAccessGrantsForTheSessionRestrictsAppsAndKeepsDenials() {
		ApprovalService service = service(Map.of(), Duration.ofSeconds(1));
		AgentSession session = this.sessions.resolve("alice", "m1", "client");
		Set<Capability> granted = service.requestAccess(session,
				Set.of(Capability.POINTER, Capability.KEYBOARD, Capability.SYSTEM_KEYS), List.of("xterm"), "edit",
				answering(new Decision(true, Decision.Scope.ONCE, "test")));
		assertThat(granted).containsExactlyInAnyOrder(Capability.POINTER, Capability.KEYBOARD);
		assertThat(session.apps()).containsExactly("xterm");
		service.authorize(request(session, Capability.KEYBOARD), HumanChannel.NONE);
		assertThat(service.revoke(session.handle(), "operator")).isTrue();
		assertThat(session.apps()).isNull();
		assertThat(session.grants(this.clock.instant())).isEmpty();
	}

	@Test
	void idleSessionsEndAndTellTheirListeners() {
		List<String> ended = new ArrayList<>();
		this.sessions.onEnd((session) -> ended.add(session.handle()));
		AgentSession old = this.sessions.resolve("alice", "m1", "client");
		this.clock.advance(Duration.ofMinutes(31));
		this.sessions.resolve("bob", "m2", "client");
		assertThat(ended).containsExactly(old.handle());
		assertThat(this.sessions.find(old.handle())).isEmpty();
	}

	@Test
	void aWithdrawnRequestRunsNothingAndNoAnswerReachesIt() {
		ApprovalService service = service(Map.of(), Duration.ofSeconds(30));
		AgentSession session = this.sessions.resolve("alice", "m1", "client");
		// the caller goes away while the request waits: its card leaves at once
		HumanChannel goneAtOnce = (pending) -> {
			assertThat(service.withdraw(pending.id(), "the client cancelled the call")).isTrue();
			assertThat(service.pending()).isEmpty();
			assertThat(service.decide(pending.id(), new Decision(true, Decision.Scope.ONCE, "operator"))).isFalse();
		};
		assertThatThrownBy(() -> service.authorize(request(session, Capability.POINTER), goneAtOnce))
			.isInstanceOf(DeskhandException.class)
			.hasMessage("the approval request for tool was withdrawn before anyone answered"
					+ " (the client cancelled the call); nothing happened");
		assertThat(session.grants(this.clock.instant())).isEmpty();
		assertThat(this.events).map((e) -> ((AuditApplicationEvent) e).getAuditEvent())
			.extracting((e) -> e.getType() + " " + e.getData().get("reason"))
			.containsExactly("approval-asked null", "approval-withdrawn the client cancelled the call");
	}

	@Test
	void anAnsweredRequestIsNotWithdrawnAndAnEndedSessionsRequestsAre() {
		ApprovalService service = service(Map.of(), Duration.ofSeconds(30));
		AgentSession session = this.sessions.resolve("alice", "m1", "client");
		HumanChannel answeredThenGone = (pending) -> {
			pending.complete(new Decision(true, Decision.Scope.ONCE, "operator"));
			assertThat(pending.withdraw("too late")).isFalse();
		};
		service.authorize(request(session, Capability.POINTER), answeredThenGone);

		HumanChannel sessionEnds = (pending) -> service.withdrawAll(session, "its session ended");
		assertThatThrownBy(() -> service.authorize(request(session, Capability.KEYBOARD), sessionEnds))
			.hasMessageContaining("withdrawn before anyone answered (its session ended)");
	}

	private static ApprovalRequest request(AgentSession session, Capability capability) {
		return new ApprovalRequest(session, Set.of(capability), "tool", "do something");
	}

}
