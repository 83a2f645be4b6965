package dev.deskhand.tracing;

import java.util.function.Supplier;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;

/**
 * A phase of a tool call, observed as a child of the call: a span of its own in the
 * call's trace and a timer tagged by outcome. A phase is observed only under an
 * observation current on its thread (a tool call, a vendor endpoint's request, an
 * operator's HTTP request); on a thread without one (the session record's writer) it is
 * not observed at all.
 */
public enum CallPhase {

	/** Deciding the call's capabilities: at once by policy, or waiting for a human. */
	APPROVAL("deskhand.call.approval", "approval wait"),

	/** Taking the input lease (E_BUSY when another session holds it). */
	LEASE("deskhand.call.lease", "lease"),

	/** Waiting on the input queue behind the jobs ahead. */
	QUEUE_WAIT("deskhand.call.queue", "queue wait"),

	/** The job on the input thread: guards, then the driver. */
	EXECUTION("deskhand.call.execution", "execution"),

	/** Encoding a screenshot (PNG or JPEG) that was not cached. */
	ENCODING("deskhand.call.encoding", "encoding");

	private final String observationName;

	private final String spanName;

	CallPhase(String observationName, String spanName) {
		this.observationName = observationName;
		this.spanName = spanName;
	}

	/** The observation's name, which is also its timer's. */
	public String observationName() {
		return this.observationName;
	}

	/** The span's name. */
	public String spanName() {
		return this.spanName;
	}

	/**
	 * Starts the phase as a child of the observation current on this thread; a no-op
	 * observation when there is none.
	 */
	public Observation start(ObservationRegistry registry) {
		if (registry.getCurrentObservation() == null) {
			return Observation.NOOP;
		}
		return Observation.createNotStarted(this.observationName, registry).contextualName(this.spanName).start();
	}

	/** Ends a phase started with {@link #start}, with how it ended. */
	public static void stop(Observation phase, RuntimeException failure) {
		phase.lowCardinalityKeyValue(CallKeys.OUTCOME, CallKeys.outcomeOf(failure));
		phase.stop();
	}

	/** Runs {@code body} as this phase. */
	public <T> T observe(ObservationRegistry registry, Supplier<T> body) {
		Observation phase = start(registry);
		RuntimeException failure = null;
		try {
			return body.get();
		}
		catch (RuntimeException ex) {
			failure = ex;
			throw ex;
		}
		finally {
			stop(phase, failure);
		}
	}

	/** Runs {@code body} as this phase. */
	public void observe(ObservationRegistry registry, Runnable body) {
		observe(registry, () -> {
			body.run();
			return null;
		});
	}

	static String codeOf(RuntimeException failure) {
		return (failure instanceof DeskhandException deskhand) ? deskhand.code().name() : ErrorCode.E_FAIL.name();
	}

}
