package dev.deskhand.tracing;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.zip.GZIPInputStream;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse;
import io.opentelemetry.proto.common.v1.AnyValue;
import io.opentelemetry.proto.common.v1.KeyValue;
import io.opentelemetry.proto.trace.v1.ResourceSpans;
import io.opentelemetry.proto.trace.v1.ScopeSpans;
import io.opentelemetry.proto.trace.v1.Span;

/**
 * A collector of one's own: an OTLP/HTTP endpoint on a loopback port that keeps every
 * span it is sent, decoded with the protocol's own message classes.
 */
final class OtlpReceiver implements AutoCloseable {

	static final String PATH = "/v1/traces";

	private final HttpServer server;

	private final List<ReceivedSpan> spans = new ArrayList<>();

	private OtlpReceiver(HttpServer server) {
		this.server = server;
	}

	static OtlpReceiver start() throws IOException {
		HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
		OtlpReceiver receiver = new OtlpReceiver(server);
		server.createContext(PATH, receiver::receive);
		server.start();
		return receiver;
	}

	String endpoint() {
		return "http://127.0.0.1:" + this.server.getAddress().getPort() + PATH;
	}

	synchronized List<ReceivedSpan> spans() {
		return List.copyOf(this.spans);
	}

	/** Waits until a span that matches has arrived. */
	ReceivedSpan await(Predicate<ReceivedSpan> match, Duration timeout) throws InterruptedException {
		long deadline = System.nanoTime() + timeout.toNanos();
		while (true) {
			for (ReceivedSpan span : spans()) {
				if (match.test(span)) {
					return span;
				}
			}
			if (System.nanoTime() > deadline) {
				throw new AssertionError("no such span within " + timeout + "; received: " + spans());
			}
			Thread.sleep(50);
		}
	}

	private void receive(HttpExchange exchange) throws IOException {
		try (exchange) {
			InputStream body = exchange.getRequestBody();
			if ("gzip".equalsIgnoreCase(exchange.getRequestHeaders().getFirst("Content-Encoding"))) {
				body = new GZIPInputStream(body);
			}
			ExportTraceServiceRequest request = ExportTraceServiceRequest.parseFrom(body.readAllBytes());
			List<ReceivedSpan> received = new ArrayList<>();
			for (ResourceSpans resource : request.getResourceSpansList()) {
				for (ScopeSpans scope : resource.getScopeSpansList()) {
					for (Span span : scope.getSpansList()) {
						received.add(ReceivedSpan.of(span));
					}
				}
			}
			synchronized (this) {
				this.spans.addAll(received);
			}
			byte[] answer = ExportTraceServiceResponse.getDefaultInstance().toByteArray();
			exchange.getResponseHeaders().add("Content-Type", "application/x-protobuf");
			exchange.sendResponseHeaders(200, answer.length);
			exchange.getResponseBody().write(answer);
		}
	}

	@Override
	public void close() {
		this.server.stop(0);
	}

	/** A span as it arrived: ids in lowercase hex, attributes as text. */
	record ReceivedSpan(String traceId, String spanId, String parentSpanId, String name,
			Map<String, String> attributes) {

		static ReceivedSpan of(Span span) {
			Map<String, String> attributes = new LinkedHashMap<>();
			for (KeyValue attribute : span.getAttributesList()) {
				attributes.put(attribute.getKey(), text(attribute.getValue()));
			}
			HexFormat hex = HexFormat.of();
			return new ReceivedSpan(hex.formatHex(span.getTraceId().toByteArray()),
					hex.formatHex(span.getSpanId().toByteArray()), hex.formatHex(span.getParentSpanId().toByteArray()),
					span.getName(), attributes);
		}

		private static String text(AnyValue value) {
			return switch (value.getValueCase()) {
				case STRING_VALUE -> value.getStringValue();
				case BOOL_VALUE -> String.valueOf(value.getBoolValue());
				case INT_VALUE -> String.valueOf(value.getIntValue());
				case DOUBLE_VALUE -> String.valueOf(value.getDoubleValue());
				default -> value.toString();
			};
		}

	}

}
