package dev.deskhand.agents.gemini;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import dev.deskhand.actions.ActionArguments;
import dev.deskhand.actions.DesktopActions;
import dev.deskhand.agents.AgentsProperties;
import dev.deskhand.agents.EndpointSessions;
import dev.deskhand.agents.VendorCalls;
import dev.deskhand.screen.ScreenService;

@Configuration(proxyBeanMethods = false)
class GeminiConfiguration {

	@Bean
	GeminiComputer geminiComputer(EndpointSessions sessions, ActionArguments arguments, DesktopActions desktop,
			VendorCalls calls, ScreenService screen, AgentsProperties properties) {
		return new GeminiComputer(sessions, arguments, desktop, calls, screen, properties);
	}

}
