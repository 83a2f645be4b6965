package dev.deskhand.agents;

import jakarta.servlet.DispatcherType;
import io.micrometer.observation.ObservationRegistry;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;

import dev.deskhand.actions.DesktopActions;
import dev.deskhand.approval.AgentSessions;
import dev.deskhand.approval.ApprovalService;
import dev.deskhand.mcp.RequestBodyScreen;
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
	EndpointSteps endpointSteps(TrajectoryRecorder trajectories, AgentSessions sessions,
			ObservationRegistry observations) {
		return new EndpointSteps(trajectories, sessions, observations);
	}

	@Bean
	AgentEndpoints agentEndpoints(SecurityProperties security, @Value("${server.address:#{null}}") String serverAddress,
			EndpointSteps steps) {
		return new AgentEndpoints(TransportSecurity.validator(security, serverAddress), steps);
	}

	@Bean
	FilterRegistrationBean<AgentRequestScreenFilter> agentRequestScreenFilter(RequestBodyScreen bodies) {
		FilterRegistrationBean<AgentRequestScreenFilter> registration = new FilterRegistrationBean<>(
				new AgentRequestScreenFilter(bodies));
		registration.addUrlPatterns("/agents/*");
		// ASYNC too: the call goes on to the endpoint on the dispatch that follows the
		// reading of its body. After Spring Security: an unauthenticated body is not
		// read.
		registration.setDispatcherTypes(DispatcherType.REQUEST, DispatcherType.ASYNC);
		registration.setOrder(Ordered.LOWEST_PRECEDENCE - 1);
		return registration;
	}

}
