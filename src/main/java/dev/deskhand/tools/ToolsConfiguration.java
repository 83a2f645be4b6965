package dev.deskhand.tools;

import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import dev.deskhand.input.InputQueue;
import dev.deskhand.platform.DesktopDriver;
import dev.deskhand.screen.ScreenService;
import dev.deskhand.screen.ScreenshotProperties;

@Configuration(proxyBeanMethods = false)
class ToolsConfiguration {

	@Bean
	ToolRunner toolRunner(MeterRegistry registry) {
		return new ToolRunner(registry);
	}

	@Bean
	ActionFactory actionFactory(ScreenService screen, DesktopDriver driver) {
		return new ActionFactory(screen, driver);
	}

	@Bean
	ActionRunner actionRunner(InputQueue queue, ScreenService screen, ScreenshotProperties properties) {
		return new ActionRunner(queue, screen, properties.settle());
	}

	@Bean
	ScreenTools screenTools(ScreenService screen, ToolRunner runner) {
		return new ScreenTools(screen, runner);
	}

	@Bean
	PointerTools pointerTools(ActionFactory actions, ActionRunner actionRunner, ToolRunner runner) {
		return new PointerTools(actions, actionRunner, runner);
	}

	@Bean
	KeyboardTools keyboardTools(ActionFactory actions, ActionRunner actionRunner, ToolRunner runner) {
		return new KeyboardTools(actions, actionRunner, runner);
	}

	@Bean
	BatchTools batchTools(ActionFactory actions, ActionRunner actionRunner, ToolRunner runner) {
		return new BatchTools(new BatchParser(actions), actionRunner, runner);
	}

}
