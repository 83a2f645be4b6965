package dev.deskhand.tracing;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.tracing.Span;
import io.micrometer.tracing.handler.TracingObservationHandler;

/**
 * The trace id of an observed call, for the records that must line up with its trace (the
 * audit record, the session record). {@code null} when tracing is off or nothing is
 * observed: then there is no trace to point at.
 */
public final class TraceIds {

	private TraceIds() {
	}

	/** The trace of the observation current on this thread. */
	public static String current(ObservationRegistry registry) {
		Observation observation = registry.getCurrentObservation();
		return (observation != null) ? of(observation) : null;
	}

	/** The trace an observation's span belongs to. */
	public static String of(Observation observation) {
		TracingObservationHandler.TracingContext tracing = observation.getContextView()
			.get(TracingObservationHandler.TracingContext.class);
		Span span = (tracing != null) ? tracing.getSpan() : null;
		if (span == null || span.isNoop()) {
			return null;
		}
		String id = span.context().traceId();
		return (id == null || id.isEmpty()) ? null : id;
	}

}
