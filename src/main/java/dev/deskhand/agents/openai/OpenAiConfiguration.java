package dev.deskhand.agents.openai;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import dev.deskhand.actions.ActionArguments;
import dev.deskhand.actions.DesktopActions;
import dev.deskhand.agents.AgentsProperties;
import dev.deskhand.agents.EndpointSessions;
import dev.deskhand.agents.VendorCalls;

@Configuration(proxyBeanMethods = false)
class OpenAiConfiguration {

	@Bean
	OpenAiComputer openAiComputer(EndpointSessions sessions, ActionArguments arguments, DesktopActions desktop,
			VendorCalls calls, AgentsProperties properties) {
		return new OpenAiComputer(sessions, arguments, desktop, calls, properties);
	}

}
