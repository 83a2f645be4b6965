package dev.deskhand.security;

import jakarta.servlet.DispatcherType;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.security.autoconfigure.actuate.web.servlet.EndpointRequest;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.core.env.Environment;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.security.authentication.ProviderManager;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configurers.AbstractHttpConfigurer;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.web.AuthenticationEntryPoint;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.authentication.AuthenticationEntryPointFailureHandler;
import org.springframework.security.web.access.intercept.AuthorizationFilter;
import org.springframework.security.web.authentication.AuthenticationFilter;
import org.springframework.security.web.header.writers.ReferrerPolicyHeaderWriter.ReferrerPolicy;

import dev.deskhand.platform.ConnectionOwners;
import dev.deskhand.platform.OperatingSystem;

/**
 * Two filter chains. The operators' chain covers the actuator endpoints (on the
 * management port) and admits only the operator token, so an agent can never answer its
 * own approvals. The agents' chain covers everything else (MCP on the server port) and
 * admits the agent tokens, or, when none are configured, anyone on a loopback-only server
 * as {@code local} — but only from the desktop's own OS user unless
 * {@code allow-other-users} is set (see {@link OtherUsersPolicy}); where the OS cannot
 * say who that is, only a client presenting the generated token of
 * {@link LocalAgentToken} ({@link TokenlessRoute} picks the way per OS). Both are
 * stateless bearer-token chains without CSRF: neither MCP clients nor operator scripts
 * hold cookies, and the MCP transports check Origin themselves.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
class SecurityConfiguration {

	private static final Logger logger = LoggerFactory.getLogger(SecurityConfiguration.class);

	/**
	 * The operator console's Content-Security-Policy, sent on every operator response:
	 * scripts and styles only from the console's own files, requests only to this origin,
	 * images only from this origin or blob: URLs the script made, no frames, no forms.
	 * Agent-controlled text (an approval's summary) can therefore never run as script,
	 * even if a bug put it into markup.
	 */
	static final String CONSOLE_POLICY = "default-src 'none'; script-src 'self'; style-src 'self'; "
			+ "img-src 'self' blob:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

	/*
	 * Also keeps Boot from creating its default user with a generated password: that
	 * auto-config backs off when an AuthenticationProvider bean exists.
	 */
	@Bean
	TokenAuthenticationProvider tokenAuthenticationProvider(SecurityProperties properties,
			@Value("${server.address:#{null}}") String serverAddress, @Value("${server.port:8080}") int serverPort,
			Environment environment) {
		// Before the tokens are resolved, so a refused start writes no token file.
		if (TrialProfile.isActive(environment)) {
			TrialProfile.requireLoopback(serverAddress, serverPort);
		}
		if (properties.agentTokens().isEmpty()) {
			requireLoopback(serverAddress);
		}
		String localToken = (route(properties, environment) == TokenlessRoute.GENERATED_TOKEN)
				? LocalAgentToken.resolve(properties) : null;
		return new TokenAuthenticationProvider(properties.agentTokens(), localToken,
				OperatorTokens.resolve(properties));
	}

	@Bean
	@Order(1)
	SecurityFilterChain operatorSecurityFilterChain(HttpSecurity http, TokenAuthenticationProvider tokens) {
		http.securityMatcher(EndpointRequest.toAnyEndpoint())
			.authorizeHttpRequests(
					(requests) -> requests.dispatcherTypeMatchers(DispatcherType.ASYNC, DispatcherType.ERROR)
						.permitAll()
						// Open so load balancers and supervisors can probe; details only
						// for the operator
						// (management.endpoint.health.show-details=when-authorized,
						// roles=OPERATOR).
						.requestMatchers(EndpointRequest.to("health"))
						.permitAll()
						// The console's page, script and style sheet hold no data: its
						// script fetches everything with the operator token, which never
						// travels in a cookie.
						.requestMatchers(EndpointRequest.to("console"))
						.permitAll()
						.anyRequest()
						.hasRole(TokenAuthenticationProvider.OPERATOR_ROLE))
			.headers((headers) -> headers.contentSecurityPolicy((csp) -> csp.policyDirectives(CONSOLE_POLICY))
				.referrerPolicy((referrer) -> referrer.policy(ReferrerPolicy.NO_REFERRER)));
		return bearerTokens(statelessApi(http), tokens).build();
	}

	@Bean
	@Order(2)
	SecurityFilterChain agentSecurityFilterChain(HttpSecurity http, SecurityProperties properties,
			TokenAuthenticationProvider tokens, ObjectProvider<ConnectionOwners> connectionOwners,
			Environment environment) {
		boolean tokensConfigured = !properties.agentTokens().isEmpty();
		TokenlessRoute route = route(properties, environment);
		http.authorizeHttpRequests((requests) -> requests
			// The SSE stream and Streamable GET continue on async dispatches of an
			// already authorized request; error pages render after one.
			.dispatcherTypeMatchers(DispatcherType.ASYNC, DispatcherType.ERROR)
			.permitAll()
			.anyRequest()
			.hasRole(TokenAuthenticationProvider.AGENT_ROLE));
		statelessApi(http);
		if (tokensConfigured) {
			bearerTokens(http, tokens);
		}
		else {
			if (route == TokenlessRoute.GENERATED_TOKEN) {
				// The generated token makes a client local; one without it goes on as
				// local too, to be refused below with the sentence naming the file.
				addBearerFilter(http, tokens);
			}
			// Only local processes can reach a loopback-only port
			// (tokenAuthenticationProvider refused to start otherwise): they all act as
			// one principal.
			http.anonymous((anonymous) -> anonymous.principal(AgentPrincipals.LOCAL)
				.authorities("ROLE_" + TokenAuthenticationProvider.AGENT_ROLE));
		}
		ConnectionOwners owners = connectionOwners.getIfAvailable();
		String howToAllow = OtherUsersPolicy.HOW_TO_ALLOW;
		if (route == TokenlessRoute.GENERATED_TOKEN) {
			owners = ConnectionOwners.unsupported();
			howToAllow = LocalAgentToken.howToConnect(properties.agentTokenFile());
		}
		else if (owners == null) {
			owners = ConnectionOwners.unsupported();
			if (route.looksUpOwners()) {
				logger.warn("Deskhand has no way to tell which user opened a connection, so every agent "
						+ "connection without a token will be refused: {}", OtherUsersPolicy.HOW_TO_ALLOW);
			}
		}
		// After authorization: only requests that would otherwise go on are checked, and
		// an agent token is known by then.
		http.addFilterAfter(new ConnectionOwnerFilter(owners, properties.allowOtherUsers(), howToAllow),
				AuthorizationFilter.class);
		return http.build();
	}

	private static TokenlessRoute route(SecurityProperties properties, Environment environment) {
		return TokenlessRoute.of(OperatingSystem.of(environment), properties.allowOtherUsers(),
				!properties.agentTokens().isEmpty());
	}

	/**
	 * Without agent tokens, anyone who can reach the agents' port can drive the desktop:
	 * allowed only when that is this machine alone.
	 * @param serverAddress {@code server.address}, {@code null} when unset (every
	 * interface)
	 */
	static void requireLoopback(String serverAddress) {
		if (!TransportSecurity.isLoopback(serverAddress)) {
			String bound = (serverAddress == null || serverAddress.isBlank()) ? "unset (every interface)"
					: serverAddress.strip();
			throw new IllegalStateException("deskhand.security.agent-tokens is empty but server.address is " + bound
					+ ": set agent tokens, or bind 127.0.0.1");
		}
	}

	private static HttpSecurity statelessApi(HttpSecurity http) {
		return http.csrf(AbstractHttpConfigurer::disable)
			.sessionManagement((sessions) -> sessions.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
			.requestCache(AbstractHttpConfigurer::disable)
			.logout(AbstractHttpConfigurer::disable);
	}

	private static HttpSecurity bearerTokens(HttpSecurity http, TokenAuthenticationProvider tokens) {
		return addBearerFilter(http, tokens).anonymous(AbstractHttpConfigurer::disable)
			.exceptionHandling((exceptions) -> exceptions.authenticationEntryPoint(challenge("Bearer")));
	}

	/** Authenticates {@code Authorization: Bearer}; a wrong token gets 401. */
	private static HttpSecurity addBearerFilter(HttpSecurity http, TokenAuthenticationProvider tokens) {
		AuthenticationFilter filter = new AuthenticationFilter(new ProviderManager(tokens), new BearerTokenConverter());
		// The default success handler redirects to a saved request; an API request just
		// goes on.
		filter.setSuccessHandler((request, response, authentication) -> {
		});
		filter
			.setFailureHandler(new AuthenticationEntryPointFailureHandler(challenge("Bearer error=\"invalid_token\"")));
		return http.addFilter(filter);
	}

	/**
	 * 401 with the RFC 6750 challenge, and no body: clients act on the status and the
	 * header.
	 */
	private static AuthenticationEntryPoint challenge(String wwwAuthenticate) {
		return (request, response, exception) -> {
			response.setHeader(HttpHeaders.WWW_AUTHENTICATE, wwwAuthenticate);
			response.setStatus(HttpStatus.UNAUTHORIZED.value());
		};
	}

}
