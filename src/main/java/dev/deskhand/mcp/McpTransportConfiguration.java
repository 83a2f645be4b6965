package dev.deskhand.mcp;

import java.time.Clock;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import java.util.function.Function;

import jakarta.servlet.DispatcherType;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.McpTransportContextExtractor;
import io.modelcontextprotocol.server.transport.ServerTransportSecurityValidator;
import io.modelcontextprotocol.spec.McpSchema;
import org.springframework.ai.mcp.customizer.McpSyncServerCustomizer;
import org.springframework.ai.mcp.server.common.autoconfigure.properties.McpServerProperties;
import org.springframework.ai.mcp.server.common.autoconfigure.properties.McpServerStreamableHttpProperties;
import org.springframework.ai.mcp.server.webmvc.transport.WebMvcSseServerTransportProvider;
import org.springframework.ai.mcp.server.webmvc.transport.WebMvcStreamableServerTransportProvider;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Primary;
import org.springframework.core.Ordered;
import org.springframework.web.servlet.function.RouterFunction;
import org.springframework.web.servlet.function.ServerRequest;
import org.springframework.web.servlet.function.ServerResponse;
import tools.jackson.databind.json.JsonMapper;

import dev.deskhand.approval.AgentSessions;
import dev.deskhand.approval.CallTransport;
import dev.deskhand.input.DepartedClients;

import dev.deskhand.platform.ClientConnections;
import dev.deskhand.security.AgentPrincipals;
import dev.deskhand.security.SecurityProperties;
import dev.deskhand.security.TransportSecurity;

/**
 * Both MCP transports in one app: Streamable HTTP at {@code /mcp} (Spring AI's
 * auto-configured server, on our transport bean so it validates Origin and Host), and the
 * legacy HTTP+SSE transport at {@code /sse} + {@code /mcp/message} as a second server
 * sharing the same tools. Off in the stdio profile ({@link McpStdioConfiguration}).
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@ConditionalOnProperty(name = "spring.ai.mcp.server.stdio", havingValue = "false", matchIfMissing = true)
class McpTransportConfiguration {

	static final String SSE_ENDPOINT = "/sse";

	static final String MESSAGE_ENDPOINT = "/mcp/message";

	// Each transport names itself in the call's context: whether its client may be asked
	// to approve (elicitation) is decided per transport and agent.
	private static final McpTransportContextExtractor<ServerRequest> STREAMABLE_CONTEXT = (request) -> AgentPrincipals
		.transportContext(request, CallTransport.MCP_STREAMABLE_HTTP.key());

	private static final McpTransportContextExtractor<ServerRequest> SSE_CONTEXT = (request) -> AgentPrincipals
		.transportContext(request, CallTransport.MCP_LEGACY_SSE.key());

	@Bean
	ServerTransportSecurityValidator mcpTransportSecurityValidator(SecurityProperties security,
			@Value("${server.address:#{null}}") String serverAddress) {
		return TransportSecurity.validator(security, serverAddress);
	}

	// Replaces the auto-configured provider (it is @ConditionalOnMissingBean), whose
	// validator is NOOP.
	@Bean
	WebMvcStreamableServerTransportProvider webMvcStreamableServerTransportProvider(
			@Qualifier("mcpServerJsonMapper") JsonMapper jsonMapper, McpServerStreamableHttpProperties properties,
			ServerTransportSecurityValidator validator) {
		return WebMvcStreamableServerTransportProvider.builder()
			.jsonMapper(ByteFirstJsonMapper.forTransports(jsonMapper))
			.mcpEndpoint(properties.getMcpEndpoint())
			.keepAliveInterval(properties.getKeepAliveInterval())
			.disallowDelete(properties.isDisallowDelete())
			.securityValidator(validator)
			.contextExtractor(STREAMABLE_CONTEXT)
			.build();
	}

	/**
	 * The transport provider the MCP server is built on (the auto-config takes the one
	 * transport provider there is, so this one is primary): the provider above, with its
	 * sessions where {@link McpJsonAnswers} finds them.
	 */
	@Bean
	@Primary
	McpStreamableSessions mcpStreamableSessions(WebMvcStreamableServerTransportProvider provider, McpProperties mcp,
			McpSessionOwners owners, AgentSessions agentSessions, McpCalls calls, McpClientTrails trails) {
		return new McpStreamableSessions(provider, McpStreamableSessions.providerRemoval(provider), mcp.sessionIdle(),
				mcp.maxSessions(), Clock.systemUTC(), (id) -> {
					// As a DELETE would: the id answers 404, the agent session's grants
					// and lease go.
					String owner = owners.ownerOf(id);
					owners.forget(id);
					if (owner != null) {
						agentSessions.endMcpSession(owner, id);
					}
					calls.forget(id);
					trails.forget(id);
				}, calls::activeSince);
	}

	@Bean
	McpStreamsShutdown mcpStreamsShutdown(McpStreamableSessions sessions, McpCalls calls,
			ObjectProvider<LegacySseServer> legacy) {
		return new McpStreamsShutdown(sessions, calls::inFlight, legacy);
	}

	/** Who opened each MCP session, on both transports. */
	@Bean
	McpSessionOwners mcpSessionOwners() {
		return new McpSessionOwners();
	}

	/**
	 * {@code /mcp}'s routes, replacing the auto-configured ones (by name): the
	 * provider's, with requests answered as JSON where they can be
	 * ({@code deskhand.mcp.json-responses}).
	 */
	@Bean
	RouterFunction<ServerResponse> webMvcStreamableServerRouterFunction(
			WebMvcStreamableServerTransportProvider provider, McpStreamableSessions sessions, McpProperties mcp,
			@Qualifier("mcpServerJsonMapper") JsonMapper jsonMapper, ServerTransportSecurityValidator validator) {
		RouterFunction<ServerResponse> routes = provider.getRouterFunction();
		if (mcp.jsonResponses()) {
			routes = routes.filter(new McpJsonAnswers(sessions, ByteFirstJsonMapper.forTransports(jsonMapper),
					validator, STREAMABLE_CONTEXT));
		}
		// Outermost: a request answered as JSON keeps its session alive too.
		return routes.filter(sessions::screen);
	}

	/**
	 * The legacy transport and its server. The transport is not a bean, so the
	 * auto-config still sees exactly one transport provider. The server is built only
	 * after every singleton exists: building it earlier would resolve the tool
	 * specifications before the tool beans are registered with the annotation scanner,
	 * and both servers would list no tools.
	 */
	static final class LegacySseServer implements SmartInitializingSingleton, DisposableBean {

		private final WebMvcSseServerTransportProvider transport;

		private final Function<WebMvcSseServerTransportProvider, McpSyncServer> serverFactory;

		private volatile McpSyncServer server;

		private final AtomicBoolean closed = new AtomicBoolean();

		LegacySseServer(WebMvcSseServerTransportProvider transport,
				Function<WebMvcSseServerTransportProvider, McpSyncServer> serverFactory) {
			this.transport = transport;
			this.serverFactory = serverFactory;
		}

		WebMvcSseServerTransportProvider transport() {
			return this.transport;
		}

		@Override
		public void afterSingletonsInstantiated() {
			this.server = this.serverFactory.apply(this.transport);
		}

		@Override
		public void destroy() {
			close();
		}

		/** Closes the server and its SSE streams, once. */
		void close() {
			McpSyncServer current = this.server;
			if (current != null && this.closed.compareAndSet(false, true)) {
				current.closeGracefully();
			}
		}

	}

	@Bean
	@ConditionalOnProperty(name = "deskhand.mcp.legacy-sse", havingValue = "true", matchIfMissing = true)
	LegacySseServer legacySseServer(@Qualifier("mcpServerJsonMapper") JsonMapper jsonMapper,
			ObjectProvider<List<SyncToolSpecification>> toolSpecifications, McpServerProperties properties,
			ServerTransportSecurityValidator validator, ObjectProvider<McpSyncServerCustomizer> customizer) {
		WebMvcSseServerTransportProvider transport = WebMvcSseServerTransportProvider.builder()
			.jsonMapper(ByteFirstJsonMapper.forTransports(jsonMapper))
			.sseEndpoint(SSE_ENDPOINT)
			.messageEndpoint(MESSAGE_ENDPOINT)
			.securityValidator(validator)
			.contextExtractor(SSE_CONTEXT)
			.build();
		return new LegacySseServer(transport, (provider) -> {
			McpServer.SyncSpecification<?> server = McpServer.sync(provider)
				.serverInfo(properties.getName(), properties.getVersion())
				.instructions(properties.getInstructions())
				.capabilities(McpSchema.ServerCapabilities.builder().tools(true).logging().build())
				.tools(toolSpecifications.stream().flatMap(List::stream).toList())
				.requestTimeout(properties.getRequestTimeout())
				// The tools validate their arguments and answer E_ARGS
				// (tools.ToolArgumentErrors).
				.validateToolInputs(false)
				// As the auto-config does for servlet apps: run tools on the request
				// thread.
				.immediateExecution(true);
			// What the auto-config's server gets after its own settings (Deskhand's
			// icon in serverInfo, tools.ToolDeclarations), this one gets too.
			customizer.ifAvailable((customize) -> customize.customize(server));
			return server.build();
		});
	}

	@Bean
	FilterRegistrationBean<McpSessionBindingFilter> mcpSessionBindingFilter(
			McpServerStreamableHttpProperties properties, McpSessionOwners owners) {
		FilterRegistrationBean<McpSessionBindingFilter> registration = new FilterRegistrationBean<>(
				new McpSessionBindingFilter(owners, properties.getMcpEndpoint(), SSE_ENDPOINT, MESSAGE_ENDPOINT));
		registration.addUrlPatterns(properties.getMcpEndpoint(), SSE_ENDPOINT, MESSAGE_ENDPOINT);
		// After Spring Security, so the request carries its authenticated principal;
		// before the session-end filter, so a refused DELETE ends nothing.
		registration.setOrder(Ordered.LOWEST_PRECEDENCE - 2);
		return registration;
	}

	@Bean
	FilterRegistrationBean<McpRequestScreenFilter> mcpRequestScreenFilter(McpServerStreamableHttpProperties properties,
			RequestBodyScreen bodies, ObjectProvider<McpSyncServer> server) {
		Supplier<Set<String>> methods = () -> McpServerMethods.of(server.getObject().getServerCapabilities());
		// The vendor endpoints read their bodies into the same budget
		// (RequestBodyScreen).
		FilterRegistrationBean<McpRequestScreenFilter> registration = new FilterRegistrationBean<>(
				new McpRequestScreenFilter(properties.getMcpEndpoint(), MESSAGE_ENDPOINT, methods, bodies.maxBody(),
						bodies.readTimeout(), bodies.budget()));
		registration.addUrlPatterns(properties.getMcpEndpoint(), MESSAGE_ENDPOINT);
		// ASYNC too: the message goes on to the transport on the dispatch that follows
		// the reading of its body (McpBodyReader).
		registration.setDispatcherTypes(DispatcherType.REQUEST, DispatcherType.ASYNC);
		// After the session binding: a message into another principal's session is not
		// even read.
		registration.setOrder(Ordered.LOWEST_PRECEDENCE - 1);
		return registration;
	}

	// The calls in flight: cancelled by notifications/cancelled and by the end of their
	// session.
	@Bean
	McpCalls mcpCalls() {
		return new McpCalls();
	}

	// Where the OS cannot say whether a client hung up, only its cancellation or the end
	// of its session stops a waiting call.
	@Bean
	McpCallConnections mcpCallConnections(ObjectProvider<ClientConnections> connections) {
		return new McpCallConnections(connections.getIfAvailable(ClientConnections::unsupported));
	}

	@Bean
	McpClientTrails mcpClientTrails(ObjectProvider<ClientConnections> connections) {
		return new McpClientTrails(connections.getIfAvailable(ClientConnections::unsupported));
	}

	/**
	 * A Streamable HTTP session whose client closed every connection it used (a one-shot
	 * client that exited without {@code DELETE /mcp}) holds the input lease no longer.
	 */
	@Bean
	DepartedClients mcpDepartedClients(McpClientTrails trails, AgentSessions sessions) {
		return (handle) -> sessions.mcpSessionOf(handle).map(trails::departed).orElse(false);
	}

	@Bean
	FilterRegistrationBean<McpClientTrailFilter> mcpClientTrailFilter(McpClientTrails trails,
			McpServerStreamableHttpProperties properties) {
		FilterRegistrationBean<McpClientTrailFilter> registration = new FilterRegistrationBean<>(
				new McpClientTrailFilter(trails, properties.getMcpEndpoint()));
		registration.addUrlPatterns(properties.getMcpEndpoint());
		// After the session binding, which refuses requests into another principal's
		// session.
		registration.setOrder(Ordered.LOWEST_PRECEDENCE);
		return registration;
	}

	@Bean
	FilterRegistrationBean<McpSessionEndFilter> mcpSessionEndFilter(AgentSessions sessions, McpCalls calls,
			McpClientTrails trails, McpServerStreamableHttpProperties properties) {
		FilterRegistrationBean<McpSessionEndFilter> registration = new FilterRegistrationBean<>(
				new McpSessionEndFilter(sessions, calls, trails, properties.getMcpEndpoint()));
		registration.addUrlPatterns(properties.getMcpEndpoint());
		// After Spring Security, so the request carries its authenticated principal.
		registration.setOrder(Ordered.LOWEST_PRECEDENCE);
		return registration;
	}

	@Bean
	FilterRegistrationBean<McpCancellationFilter> mcpCancellationFilter(McpCalls calls, McpCallConnections connections,
			McpServerStreamableHttpProperties properties) {
		FilterRegistrationBean<McpCancellationFilter> registration = new FilterRegistrationBean<>(
				new McpCancellationFilter(calls, connections, properties.getMcpEndpoint(), "/mcp/message"));
		registration.addUrlPatterns(properties.getMcpEndpoint(), "/mcp/message");
		// A message reaches this filter on the dispatch that follows the reading of its
		// body.
		registration.setDispatcherTypes(DispatcherType.REQUEST, DispatcherType.ASYNC);
		// After Spring Security: a cancellation counts only from the principal that made
		// the call.
		registration.setOrder(Ordered.LOWEST_PRECEDENCE);
		return registration;
	}

	@Bean
	@ConditionalOnProperty(name = "deskhand.mcp.legacy-sse", havingValue = "true", matchIfMissing = true)
	RouterFunction<ServerResponse> legacySseRouterFunction(LegacySseServer legacy) {
		return legacy.transport().getRouterFunction();
	}

}
