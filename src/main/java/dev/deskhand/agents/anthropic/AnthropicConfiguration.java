package dev.deskhand.agents.anthropic;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import dev.deskhand.actions.BatchArguments;
import dev.deskhand.actions.DesktopActions;
import dev.deskhand.agents.EndpointSessions;
import dev.deskhand.screen.ScreenService;

@Configuration(proxyBeanMethods = false)
class AnthropicConfiguration {

	@Bean
	AnthropicComputer anthropicComputer(EndpointSessions sessions, BatchArguments batches, DesktopActions desktop,
			ScreenService screen) {
		return new AnthropicComputer(sessions, batches, desktop, screen);
	}

}
