package dev.deskhand.ops;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import dev.deskhand.input.InputQueue;
import dev.deskhand.platform.DesktopDriver;

@Configuration(proxyBeanMethods = false)
class OpsConfiguration {

	@Bean("deskhand")
	DeskhandHealthIndicator deskhandHealthIndicator(DesktopDriver driver, InputQueue queue) {
		return new DeskhandHealthIndicator(driver, queue);
	}

	@Bean
	Gauge deskhandQueueDepth(MeterRegistry registry, InputQueue queue) {
		return Gauge.builder("deskhand.queue.depth", queue, (q) -> q.state().waiting())
			.description("Input actions waiting behind the running one")
			.register(registry);
	}

}
