package dev.deskhand.tracing;

import io.micrometer.tracing.Tracer;
import io.opentelemetry.sdk.logs.export.LogRecordExporter;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.ConfigDataApplicationContextInitializer;
import org.springframework.boot.micrometer.observation.autoconfigure.ObservationAutoConfiguration;
import org.springframework.boot.micrometer.tracing.autoconfigure.MicrometerTracingAutoConfiguration;
import org.springframework.boot.micrometer.tracing.opentelemetry.autoconfigure.OpenTelemetryTracingAutoConfiguration;
import org.springframework.boot.micrometer.tracing.opentelemetry.autoconfigure.otlp.OtlpTracingAutoConfiguration;
import org.springframework.boot.opentelemetry.autoconfigure.OpenTelemetrySdkAutoConfiguration;
import org.springframework.boot.opentelemetry.autoconfigure.logging.OpenTelemetryLoggingAutoConfiguration;
import org.springframework.boot.opentelemetry.autoconfigure.logging.otlp.OtlpLoggingAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.util.ClassUtils;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Secure by default: with Deskhand's configuration as it ships (the built-in defaults and
 * config/application.yml), calls are traced but nothing is exported until an OTLP
 * endpoint is set, and nothing pushes metrics anywhere.
 */
class TracingDefaultsTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withInitializer(new ConfigDataApplicationContextInitializer())
		.withConfiguration(AutoConfigurations.of(ObservationAutoConfiguration.class,
				MicrometerTracingAutoConfiguration.class, OpenTelemetrySdkAutoConfiguration.class,
				OpenTelemetryTracingAutoConfiguration.class, OtlpTracingAutoConfiguration.class,
				OpenTelemetryLoggingAutoConfiguration.class, OtlpLoggingAutoConfiguration.class));

	@Test
	void tracesAreMadeButNotExportedUntilAnEndpointIsSet() {
		this.runner.run((context) -> {
			assertThat(context).hasSingleBean(Tracer.class);
			assertThat(context.getEnvironment().getProperty("management.tracing.sampling.probability"))
				.isEqualTo("1.0");
			assertThat(context).doesNotHaveBean(SpanExporter.class).doesNotHaveBean(LogRecordExporter.class);
		});
		this.runner
			.withPropertyValues("management.opentelemetry.tracing.export.otlp.endpoint=http://127.0.0.1:4318/v1/traces")
			.run((context) -> assertThat(context).hasSingleBean(SpanExporter.class));
	}

	@Test
	void noMetricsArePushedOverOtlp() {
		assertThat(ClassUtils.isPresent("io.micrometer.registry.otlp.OtlpMeterRegistry", null)).isFalse();
	}

}
