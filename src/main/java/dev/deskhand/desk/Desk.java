package dev.deskhand.desk;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.function.Supplier;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.deskhand.audit.AuditTrail;
import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.input.Cancellation;
import dev.deskhand.input.FailsafeState;
import dev.deskhand.input.InputLease;
import dev.deskhand.input.InputQueue;

/**
 * Who has the desk. The operator, once they took over, until they hand back; else the
 * person at the desk, from their first input Deskhand did not inject until they have been
 * idle {@code deskhand.human.idle}; else the agent session holding the input lease; else
 * nobody. While a person has it, agents' input is refused with E_BUSY saying who and
 * until when (unless the failsafe is tripped: its E_FAILSAFE is the stronger answer), and
 * the running job is stopped at its next step; observation goes on. Thread-safe: the
 * watcher, operators and the input thread all ask.
 */
public class Desk {

	private static final Logger logger = LoggerFactory.getLogger(Desk.class);

	private final InputLease lease;

	private final InputQueue queue;

	private final Supplier<FailsafeState> failsafe;

	private final AuditTrail audit;

	private final Clock clock;

	private final Duration idle;

	private final Counter preemptions;

	// Guarded by this: written by the watcher and operators, read by every guard check.
	private Instant humanSince;

	private Instant humanLast;

	private String operator;

	private Instant operatorSince;

	// Guarded by this: agents' requests for the human, in the order they came.
	private final Map<HumanRequest, CompletableFuture<String>> requests = new LinkedHashMap<>();

	// What health says about noticing the human: set once at start-up.
	private volatile String detection = "off";

	/**
	 * @param failsafe the failsafe's state now: a tripped failsafe is the strongest
	 * reason to refuse
	 */
	public Desk(InputLease lease, InputQueue queue, Supplier<FailsafeState> failsafe, AuditTrail audit,
			MeterRegistry registry, Clock clock, Duration idle) {
		this.lease = lease;
		this.failsafe = failsafe;
		this.queue = queue;
		this.audit = audit;
		this.clock = clock;
		this.idle = idle;
		this.preemptions = Counter.builder("deskhand.human.preemptions")
			.description("Times the person at the desk took it from the agents")
			.register(registry);
		for (DeskHolder.Kind kind : DeskHolder.Kind.values()) {
			Gauge.builder("deskhand.desk.holder", this, (desk) -> (desk.holder().kind() == kind) ? 1 : 0)
				.description("Who has the desk: 1 for the holder, 0 for the others")
				.tag("holder", kind.key())
				.register(registry);
		}
	}

	/** Who has the desk now. */
	public synchronized DeskHolder holder() {
		Instant now = this.clock.instant();
		if (this.operator != null) {
			return new DeskHolder(DeskHolder.Kind.OPERATOR, this.operator, this.operatorSince, null);
		}
		if (humanActive(now)) {
			return new DeskHolder(DeskHolder.Kind.HUMAN, null, this.humanSince, this.humanLast.plus(this.idle));
		}
		if (!this.requests.isEmpty()) {
			HumanRequest first = this.requests.keySet().iterator().next();
			return new DeskHolder(DeskHolder.Kind.HUMAN, "requested by " + first.session(), first.requestedAt(), null);
		}
		String session = this.lease.holder();
		return (session != null) ? new DeskHolder(DeskHolder.Kind.AGENT, session, null, null) : DeskHolder.NOBODY;
	}

	/**
	 * Refuses agents' input while the failsafe is tripped or a person has the desk, the
	 * strongest reason first ({@link InputRefusal}); the input lease is not asked.
	 * @throws DeskhandException E_FAILSAFE or E_BUSY saying what has to end first
	 */
	public void check() {
		refuse(null);
	}

	/**
	 * {@link #check()}, and then whether another session than {@code session} holds the
	 * input lease: one answer with the strongest reason, so that a person holding the
	 * failsafe chord gets the failsafe's answer, not the desk's or the lease's.
	 * @throws DeskhandException E_FAILSAFE or E_BUSY saying what has to end first
	 */
	public void check(String session) {
		refuse(session);
	}

	private void refuse(String session) {
		// the lease and the failsafe have locks of their own: asked outside the desk's
		DeskhandException leaseBusy = (session != null) ? this.lease.busyFor(session).orElse(null) : null;
		FailsafeState failsafe = this.failsafe.get();
		InputRefusal refusal;
		Instant now;
		synchronized (this) {
			now = this.clock.instant();
			HumanRequest request = this.requests.isEmpty() ? null : this.requests.keySet().iterator().next();
			refusal = new InputRefusal(failsafe, this.operator, this.operatorSince,
					humanActive(now) ? this.humanSince : null, request, leaseBusy);
		}
		Optional<DeskhandException> refused = refusal.decide(now, this.idle);
		if (refused.isPresent()) {
			throw refused.get();
		}
	}

	/**
	 * The person at the desk did something Deskhand did not inject: the desk is theirs
	 * until they have been idle a while. The first input of a stretch stops the running
	 * job, is counted and audited; the rest only push the end back.
	 * @param what what they did, for the audit and the stopped job's caller ("moved the
	 * pointer")
	 */
	public void humanInput(String what) {
		boolean preempted;
		synchronized (this) {
			Instant now = this.clock.instant();
			preempted = !humanActive(now) && this.operator == null;
			if (!humanActive(now)) {
				this.humanSince = now;
			}
			this.humanLast = now;
		}
		if (!preempted) {
			return;
		}
		this.preemptions.increment();
		String stopped = this.queue.abortRunning(new DeskhandException(ErrorCode.E_BUSY,
				"the person at the desk started using it (" + what + ") and this action was stopped; every key and"
						+ " button was released; input resumes after " + describe(this.idle) + " of their inactivity"));
		logger.info("the person at the desk took it ({}){}", what,
				(stopped != null) ? "; stopped '" + stopped + "'" : "");
		this.audit.record("desk-preempted", "human",
				Map.of("input", what, "stopped", (stopped != null) ? stopped : ""));
	}

	/**
	 * The operator takes the desk: the running job stops, agents' input is refused until
	 * they hand it back; sessions, grants and the lease stay.
	 */
	public DeskHolder takeOver(String by) {
		synchronized (this) {
			if (this.operator == null) {
				this.operatorSince = this.clock.instant();
			}
			this.operator = by;
		}
		String stopped = this.queue.abortRunning(new DeskhandException(ErrorCode.E_BUSY, "the operator " + by
				+ " took over the desk and this action was stopped; every key and button was released"));
		this.audit.record("desk-taken", by, Map.of("stopped", (stopped != null) ? stopped : ""));
		return holder();
	}

	/**
	 * The operator hands the desk back to the agents.
	 * @return whether they had it
	 */
	public boolean handBack(String by) {
		String had;
		synchronized (this) {
			had = this.operator;
			this.operator = null;
			this.operatorSince = null;
		}
		int answered = answerAll("done", by);
		if (had == null) {
			return answered > 0;
		}
		this.audit.record("desk-handed-back", by, Map.of("taken_by", had));
		return true;
	}

	/**
	 * An agent asks for the person at the desk and waits: agents' input is refused until
	 * the human or the operator hands back ("done") or declines ("declined"), or the
	 * caller goes away ({@code cancellation} fires: the call was cancelled, its session
	 * ended, its connection dropped), which hands the desk back at once. One request per
	 * session at a time.
	 * @throws DeskhandException E_TIMEOUT when nobody answered within {@code timeout};
	 * E_BUSY when the session already waits for the person; the cancellation's reason
	 * when it fired
	 */
	public String requestHuman(String session, String principal, String reason, Duration timeout,
			Cancellation cancellation, Consumer<HumanRequest> asked) {
		Instant now = this.clock.instant();
		HumanRequest request = new HumanRequest("h-" + UUID.randomUUID().toString().substring(0, 8), session, principal,
				reason, now, now.plus(timeout));
		CompletableFuture<String> answer = new CompletableFuture<>();
		synchronized (this) {
			HumanRequest waiting = this.requests.keySet()
				.stream()
				.filter((r) -> r.session().equals(session))
				.findFirst()
				.orElse(null);
			if (waiting != null) {
				throw new DeskhandException(ErrorCode.E_BUSY,
						"this session already waits for the person at the desk (request " + waiting.id()
								+ "); one request at a time: wait for its answer, or cancel that call first");
			}
			this.requests.put(request, answer);
		}
		this.audit.record("human-requested", principal,
				Map.of("session", session, "request", request.id(), "reason", reason));
		logger.info("session {} asks for the person at the desk (request {})", session, request.id());
		try (Cancellation.Registration registration = cancellation
			.onCancel((cancelled) -> abandon(request, cancelled))) {
			asked.accept(request);
			return answer.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (TimeoutException ex) {
			throw new DeskhandException(ErrorCode.E_TIMEOUT,
					"nobody answered within " + describe(timeout) + "; the desk is the agents' again");
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new DeskhandException(ErrorCode.E_FAIL, "interrupted while waiting for the person at the desk");
		}
		catch (ExecutionException ex) {
			if (ex.getCause() instanceof DeskhandException abandoned) {
				throw abandoned;
			}
			throw new IllegalStateException(ex);
		}
		finally {
			synchronized (this) {
				this.requests.remove(request);
			}
		}
	}

	/**
	 * Ends the requests of a session that ended: nobody waits for their answer, and the
	 * desk is the agents' again.
	 */
	public void abandonSession(String session, String why) {
		for (HumanRequest request : requests()) {
			if (request.session().equals(session)) {
				abandon(request, new DeskhandException(ErrorCode.E_FAIL, why));
			}
		}
	}

	// The asker is gone: the request leaves at once (the desk is handed back before the
	// waiting call wakes), and the call ends with why.
	private void abandon(HumanRequest request, DeskhandException why) {
		CompletableFuture<String> answer;
		synchronized (this) {
			answer = this.requests.remove(request);
		}
		if (answer == null || !answer.completeExceptionally(why)) {
			return;
		}
		logger.info("request {} of session {} for the person at the desk was abandoned: {}", request.id(),
				request.session(), why.getMessage());
		this.audit.record("human-request-abandoned", request.principal(),
				Map.of("session", request.session(), "request", request.id(), "reason", why.getMessage()));
	}

	/** The agents' requests for the person at the desk that wait for an answer. */
	public synchronized List<HumanRequest> requests() {
		return List.copyOf(this.requests.keySet());
	}

	/**
	 * Answers one request.
	 * @param outcome {@code done} or {@code declined}
	 * @return whether it was waiting
	 */
	public boolean answer(String id, String outcome, String by) {
		CompletableFuture<String> answer;
		HumanRequest request;
		synchronized (this) {
			request = this.requests.keySet().stream().filter((r) -> r.id().equals(id)).findFirst().orElse(null);
			answer = (request != null) ? this.requests.get(request) : null;
		}
		if (answer == null || !answer.complete(outcome)) {
			return false;
		}
		this.audit.record("human-request-answered", by,
				Map.of("session", request.session(), "request", request.id(), "outcome", outcome));
		return true;
	}

	/** Answers every waiting request, e.g. when the operator hands the desk back. */
	public int answerAll(String outcome, String by) {
		int answered = 0;
		for (HumanRequest request : requests()) {
			if (answer(request.id(), outcome, by)) {
				answered++;
			}
		}
		return answered;
	}

	/** How the human is noticed on this desktop, for health: "on", or why not. */
	public String detection() {
		return this.detection;
	}

	void detection(String detection) {
		this.detection = detection;
	}

	public Duration idle() {
		return this.idle;
	}

	private boolean humanActive(Instant now) {
		return this.humanLast != null && now.isBefore(this.humanLast.plus(this.idle));
	}

	static String describe(Duration duration) {
		return (duration.toMillis() % 1000 == 0) ? duration.toSeconds() + " s" : duration.toMillis() + " ms";
	}

}
