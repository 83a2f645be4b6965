package dev.deskhand.approval;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.deskhand.audit.AuditTrail;
import dev.deskhand.audit.Redaction;
import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;

/**
 * The gate every tool call passes: policy per capability, session grants, and a human
 * asked when the policy says so. Nothing an agent sends can answer its own request:
 * answers come from an operator on the management port, or from the MCP client's user
 * (elicitation) only for agents in {@code deskhand.approval.elicitation-agents}. Nobody
 * answering is a deny at the ask timeout.
 */
public class ApprovalService {

	private static final Logger logger = LoggerFactory.getLogger(ApprovalService.class);

	/** The most of a request's summary one log line shows. */
	private static final int MAX_LOGGED_SUMMARY = 200;

	private final ApprovalProperties properties;

	private final AgentSessions sessions;

	private final AuditTrail audit;

	private final MeterRegistry registry;

	private final Clock clock;

	private final OperatorUrls operatorUrls;

	private final Map<String, PendingApproval> pending = new ConcurrentHashMap<>();

	private final AtomicLong ids = new AtomicLong();

	public ApprovalService(ApprovalProperties properties, AgentSessions sessions, AuditTrail audit,
			MeterRegistry registry, Clock clock) {
		// Where the server's address is not known: the paths alone, on the operators'
		// port.
		this(properties, sessions, audit, registry, clock, OperatorUrls.at("/actuator"));
	}

	/**
	 * @param operatorUrls where an operator answers, for the log line a waiting request
	 * writes
	 */
	public ApprovalService(ApprovalProperties properties, AgentSessions sessions, AuditTrail audit,
			MeterRegistry registry, Clock clock, OperatorUrls operatorUrls) {
		this.properties = properties;
		this.sessions = sessions;
		this.audit = audit;
		this.registry = registry;
		this.clock = clock;
		this.operatorUrls = operatorUrls;
		// At zero from the start, so a dashboard's rate() sees the first one.
		List.of("asked", "granted", "denied", "expired", "withdrawn").forEach(this::counter);
	}

	/**
	 * Returns when the request may proceed; blocks while a human is asked.
	 * @throws DeskhandException E_DENIED when a policy or a human said no, or nobody
	 * answered in time
	 */
	public void authorize(ApprovalRequest request, HumanChannel channel) {
		AgentSession session = request.session();
		Instant now = this.clock.instant();
		Set<Capability> toAsk = EnumSet.noneOf(Capability.class);
		for (Capability capability : request.capabilities()) {
			Policy policy = this.properties.policy(capability);
			if (policy == Policy.DENY) {
				record("approval-denied", request, Map.of("by", "policy", "capability", capability.key()));
				count("denied");
				throw new DeskhandException(ErrorCode.E_DENIED,
						"policy denies " + capability.key() + " (deskhand.approval.policies."
								+ capability.key().replace('_', '-') + "=deny); nothing happened");
			}
			if (policy == Policy.ASK && !session.hasGrant(capability, now)) {
				toAsk.add(capability);
			}
		}
		if (toAsk.isEmpty()) {
			return;
		}
		Decision decision = ask(request.withCapabilities(toAsk), channel);
		if (decision.scope() == Decision.Scope.SESSION) {
			session.grant(toAsk, this.clock.instant().plus(this.properties.grantTtl()));
		}
	}

	/**
	 * Asks a person whatever the policies and grants say, and grants nothing: for what a
	 * vendor's model itself flagged as needing a person's confirmation (OpenAI's
	 * {@code pending_safety_checks}, Gemini's {@code safety_decision}). Pass
	 * {@link HumanChannel#NONE} so that only the console or the operator API can answer,
	 * never the agent.
	 * @throws DeskhandException E_DENIED when the person said no or nobody answered in
	 * time
	 */
	public void confirm(ApprovalRequest request, HumanChannel channel) {
		ask(request, channel);
	}

	/**
	 * {@code request_access}: one approval for several capabilities, granted for the
	 * session, with input restricted to the apps named. Capabilities the policy denies
	 * are not granted; those it allows need no asking.
	 * @return the capabilities now granted or allowed
	 */
	public Set<Capability> requestAccess(AgentSession session, Set<Capability> wanted, List<String> apps,
			String summary, HumanChannel channel) {
		Instant now = this.clock.instant();
		Set<Capability> toAsk = EnumSet.noneOf(Capability.class);
		Set<Capability> granted = EnumSet.noneOf(Capability.class);
		for (Capability capability : wanted) {
			Policy policy = this.properties.policy(capability);
			if (policy == Policy.ALLOW || session.hasGrant(capability, now)) {
				granted.add(capability);
			}
			else if (policy == Policy.ASK) {
				toAsk.add(capability);
			}
		}
		if (!toAsk.isEmpty()) {
			ask(new ApprovalRequest(session, toAsk, "request_access", summary), channel);
			// Asking up front is for the session by nature; a "once" answer still covers
			// this session.
			session.grant(toAsk, this.clock.instant().plus(this.properties.grantTtl()));
			granted.addAll(toAsk);
		}
		session.restrictTo(apps, summary);
		return granted;
	}

	/** Requests waiting for a human, oldest first. */
	public List<PendingApproval> pending() {
		List<PendingApproval> list = new ArrayList<>(this.pending.values());
		list.sort(Comparator.comparing(PendingApproval::requestedAt));
		return list;
	}

	/**
	 * An operator's answer; {@code false} when there is no such request (or it was
	 * answered).
	 */
	public boolean decide(String id, Decision decision) {
		PendingApproval request = this.pending.get(id);
		return request != null && request.complete(decision);
	}

	/**
	 * Withdraws a request whose caller is gone (it cancelled the call, its session ended,
	 * its connection dropped): the request leaves {@link #pending()} at once, an
	 * operator's answer to it finds nothing, and the waiting call ends without running
	 * anything.
	 * @param reason why, for the audit and the call's error ("the client cancelled the
	 * call")
	 * @return whether it was waiting
	 */
	public boolean withdraw(String id, String reason) {
		PendingApproval request = this.pending.remove(id);
		return request != null && request.withdraw(reason);
	}

	/** Withdraws every request of a session that ended. */
	void withdrawAll(AgentSession session, String reason) {
		this.pending.values()
			.stream()
			.filter((request) -> request.request().session() == session)
			.forEach((request) -> withdraw(request.id(), reason));
	}

	/** Revokes a session's grants and app restriction. */
	public boolean revoke(String handle, String by) {
		Optional<AgentSession> session = this.sessions.find(handle);
		session.ifPresent((s) -> {
			s.clearGrants();
			this.audit.record("grant-revoked", s.principal(), Map.of("session", handle, "by", by));
		});
		return session.isPresent();
	}

	public AgentSessions sessions() {
		return this.sessions;
	}

	public ApprovalProperties properties() {
		return this.properties;
	}

	private Decision ask(ApprovalRequest request, HumanChannel channel) {
		Set<Approver> approvers = approvers(request, channel);
		if (!approvers.contains(Approver.ELICITATION) && this.operatorUrls.console() == null) {
			refuseUnanswerable(request);
		}
		PendingApproval pendingApproval = new PendingApproval("a" + this.ids.incrementAndGet(), request,
				this.clock.instant(), approvers);
		this.pending.put(pendingApproval.id(), pendingApproval);
		record("approval-asked", request, Map.of("id", pendingApproval.id(), "capabilities", keys(request)));
		count("asked");
		Duration timeout = this.properties.askTimeout();
		logWaiting(pendingApproval, timeout);
		try {
			channel.ask(pendingApproval);
			Decision decision = pendingApproval.decision().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
			String withdrawn = pendingApproval.withdrawnBecause(decision);
			if (withdrawn != null) {
				record("approval-withdrawn", request, Map.of("id", pendingApproval.id(), "reason", withdrawn));
				count("withdrawn");
				throw new DeskhandException(ErrorCode.E_FAIL, "the approval request for " + request.tool()
						+ " was withdrawn before anyone answered (" + withdrawn + "); nothing happened");
			}
			if (!decision.approved()) {
				record("approval-denied", request, Map.of("id", pendingApproval.id(), "by", decision.by()));
				count("denied");
				throw new DeskhandException(ErrorCode.E_DENIED, request.tool() + " was denied by "
						+ ("elicitation".equals(decision.by()) ? "the user" : decision.by()) + "; nothing happened");
			}
			record("approval-granted", request, Map.of("id", pendingApproval.id(), "by", decision.by(), "scope",
					decision.scope().name().toLowerCase(java.util.Locale.ROOT), "capabilities", keys(request)));
			count("granted");
			return decision;
		}
		catch (TimeoutException ex) {
			pendingApproval.complete(Decision.deny("timeout"));
			logger.info("approval {} for {} of agent '{}' expired: nobody answered within {} s, denied",
					pendingApproval.id(), request.tool(), request.session().principal(), timeout.toSeconds());
			record("approval-expired", request, Map.of("id", pendingApproval.id(), "by", "timeout"));
			count("expired");
			throw new DeskhandException(ErrorCode.E_DENIED, "nobody answered the approval request for " + request.tool()
					+ " within " + timeout.toSeconds() + " s; nothing happened" + whoCouldHave(pendingApproval));
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new DeskhandException(ErrorCode.E_DENIED, "interrupted while waiting for approval");
		}
		catch (ExecutionException ex) {
			throw new IllegalStateException(ex);
		}
		finally {
			this.pending.remove(pendingApproval.id());
		}
	}

	/**
	 * Nobody could answer: the caller's client is not asked and there is no operators'
	 * port (stdio's default). Waiting the ask timeout out would only delay the same deny.
	 */
	private void refuseUnanswerable(ApprovalRequest request) {
		record("approval-denied", request, Map.of("by", "nobody", "capabilities", keys(request)));
		count("denied");
		throw new DeskhandException(ErrorCode.E_DENIED, request.tool() + " needs a human's approval and nobody can "
				+ "give it: agent '" + request.session().principal() + "' is not asked through elicitation (its "
				+ "client does not answer it, or the agent is not in deskhand.approval.elicitation-agents) and the "
				+ "operators' port is off (management.server.port=-1, stdio's default); start Deskhand with "
				+ "--management.server.port=8081 to approve on the console, or set the capability's policy to "
				+ "allow; nothing happened");
	}

	/**
	 * One line when a request starts waiting, so that whoever watches the log (a newcomer
	 * whose client cannot answer elicitation, say) knows what waits and where to answer
	 * it. The summary is the audit's: typed text shows as its length and hash.
	 */
	private void logWaiting(PendingApproval pending, Duration timeout) {
		if (!logger.isInfoEnabled()) {
			return;
		}
		ApprovalRequest request = pending.request();
		AgentSession session = request.session();
		String agent = "'" + session.principal() + "'"
				+ ((session.client() != null) ? " (client " + Redaction.summary(session.client(), 80) + ")" : "");
		String who = pending.approvers().contains(Approver.ELICITATION)
				? "the agent's own client (elicitation) or an operator" : "an operator";
		logger.info(
				"approval {} waits for {}: agent {} asks for {} with {}: {}; answer it {}; denied if nobody "
						+ "answers within {} s",
				pending.id(), who, agent, request.kinds(), request.tool(),
				Redaction.summary(String.valueOf(request.auditSummary()), MAX_LOGGED_SUMMARY),
				this.operatorUrls.whereToAnswer(pending.id()), timeout.toSeconds());
	}

	/**
	 * Tells an agent whose own client is not asked why waiting longer would not have
	 * helped it: only an operator answers its requests.
	 */
	private String whoCouldHave(PendingApproval pending) {
		if (pending.approvers().contains(Approver.ELICITATION)) {
			return "";
		}
		return " (only an operator answers the requests of agent '" + pending.request().session().principal() + "': "
				+ this.operatorUrls.whereToAnswer(pending.id()) + "; its own client is asked only if the "
				+ "operator lists it in deskhand.approval.elicitation-agents)";
	}

	// The caller's client counts as an approver only when the channel asks it and the
	// agent is trusted with elicitation: a channel built for an untrusted agent by
	// mistake still cannot approve.
	private Set<Approver> approvers(ApprovalRequest request, HumanChannel channel) {
		String principal = request.session().principal();
		return (channel.asksTheCaller() && this.properties.trustsElicitationFrom(principal))
				? EnumSet.of(Approver.OPERATOR, Approver.ELICITATION) : EnumSet.of(Approver.OPERATOR);
	}

	private void record(String type, ApprovalRequest request, Map<String, Object> extra) {
		Map<String, Object> data = new LinkedHashMap<>();
		data.put("session", request.session().handle());
		data.put("tool", request.tool());
		data.put("summary", request.auditSummary());
		data.putAll(extra);
		this.audit.record(type, request.session().principal(), data);
	}

	private void count(String outcome) {
		counter(outcome).increment();
	}

	// asked, then one of granted, denied (by a human or a policy), expired (nobody
	// answered) or withdrawn (the caller went away).
	private Counter counter(String outcome) {
		return Counter.builder("deskhand.approvals")
			.description("Approval requests asked, and how they ended")
			.tag("outcome", outcome)
			.register(this.registry);
	}

	private static String keys(ApprovalRequest request) {
		return request.capabilities().stream().map(Capability::key).sorted().collect(Collectors.joining(","));
	}

}
