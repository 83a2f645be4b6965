package dev.deskhand.agents.openai;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import dev.deskhand.actions.BatchArguments;
import dev.deskhand.actions.DesktopActions;
import dev.deskhand.agents.AgentsProperties;
import dev.deskhand.agents.EndpointSessions;
import dev.deskhand.agents.VendorCalls;

@Configuration(proxyBeanMethods = false)
class OpenAiConfiguration {

	@Bean
	OpenAiComputer openAiComputer(EndpointSessions sessions, BatchArguments batches, DesktopActions desktop,
			VendorCalls calls, AgentsProperties properties) {
		return new OpenAiComputer(sessions, batches, desktop, calls, properties);
	}

}
