/**
 * One trace per tool call: the names and keys of the call's observation and of its phases
 * (approval wait, lease, queue wait, execution, encoding), and the trace id that ties a
 * call's audit record and session record to its trace. Micrometer Observation is the one
 * instrument: Boot turns each observation into a timer and, with Micrometer Tracing's
 * OpenTelemetry bridge, into a span exported over OTLP when an endpoint is configured.
 */
package dev.deskhand.tracing;
