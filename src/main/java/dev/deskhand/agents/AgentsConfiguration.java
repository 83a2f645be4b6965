package dev.deskhand.agents;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import dev.deskhand.actions.DesktopActions;
import dev.deskhand.approval.AgentSessions;
import dev.deskhand.approval.ApprovalService;
import dev.deskhand.screen.ScreenService;
import dev.deskhand.security.SecurityProperties;
import dev.deskhand.security.TransportSecurity;
import dev.deskhand.trajectory.TrajectoryRecorder;

@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(AgentsProperties.class)
class AgentsConfiguration {

	@Bean
	EndpointSessions endpointSessions(AgentSessions sessions, ScreenService screen) {
		return new EndpointSessions(sessions, screen);
	}

	@Bean
	VendorCalls vendorCalls(DesktopActions desktop, ApprovalService approvals, AgentsProperties properties) {
		return new VendorCalls(desktop, approvals, properties);
	}

	@Bean
	EndpointSteps endpointSteps(TrajectoryRecorder trajectories, AgentSessions sessions) {
		return new EndpointSteps(trajectories, sessions);
	}

	@Bean
	AgentEndpoints agentEndpoints(SecurityProperties security, @Value("${server.address:#{null}}") String serverAddress,
			EndpointSteps steps) {
		return new AgentEndpoints(TransportSecurity.validator(security, serverAddress), steps);
	}

}
