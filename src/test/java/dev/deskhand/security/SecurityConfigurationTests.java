package dev.deskhand.security;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import jakarta.servlet.ServletContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.security.autoconfigure.SecurityAutoConfiguration;
import org.springframework.boot.security.autoconfigure.UserDetailsServiceAutoConfiguration;
import org.springframework.boot.security.autoconfigure.web.servlet.ServletWebSecurityAutoConfiguration;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpHeaders;
import org.springframework.mock.web.MockFilterChain;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.web.FilterChainProxy;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.web.context.WebApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The security wiring without a server: start-up rules and where the operator token comes
 * from.
 */
class SecurityConfigurationTests {

	@TempDir
	Path home;

	private WebApplicationContextRunner runner() {
		return new WebApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(SecurityAutoConfiguration.class,
					UserDetailsServiceAutoConfiguration.class, ServletWebSecurityAutoConfiguration.class))
			.withUserConfiguration(Properties.class, SecurityConfiguration.class)
			.withPropertyValues("deskhand.security.operator-token-file=" + tokenFile(),
					"deskhand.security.agent-token-file=" + agentTokenFile());
	}

	@Test
	void offLoopbackWithoutAgentTokensDoesNotStart() {
		runner().withPropertyValues("server.address=0.0.0.0").run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).rootCause()
				.hasMessage("deskhand.security.agent-tokens is empty but server.address is 0.0.0.0: "
						+ "set agent tokens, or bind 127.0.0.1");
			assertThat(tokenFile()).doesNotExist();
		});
	}

	@Test
	void noServerAddressMeansEveryInterface() {
		runner().run((context) -> assertThat(context.getStartupFailure()).rootCause()
			.hasMessageContaining("server.address is unset (every interface): set agent tokens, or bind 127.0.0.1"));
	}

	@Test
	void offLoopbackWithAgentTokensStarts() {
		runner()
			.withPropertyValues("server.address=0.0.0.0", "deskhand.security.agent-tokens[0].name=alice",
					"deskhand.security.agent-tokens[0].token=alice-secret")
			.run((context) -> assertThat(context).hasNotFailed().getBeans(SecurityFilterChain.class).hasSize(2));
	}

	@Test
	void loopbackWithoutAgentTokensStarts() {
		runner().withPropertyValues("server.address=127.0.0.1").run((context) -> assertThat(context).hasNotFailed());
		runner().withPropertyValues("server.address=::1").run((context) -> assertThat(context).hasNotFailed());
	}

	@Test
	void bootsGeneratedUserIsNotCreated() {
		// It would log a generated password that opens nothing and misleads operators.
		runner().withPropertyValues("server.address=127.0.0.1")
			.run((context) -> assertThat(context).doesNotHaveBean(UserDetailsService.class));
	}

	@Test
	void anOperatorTokenEqualToAnAgentTokenDoesNotStart() {
		runner()
			.withPropertyValues("server.address=127.0.0.1", "deskhand.security.agent-tokens[0].name=alice",
					"deskhand.security.agent-tokens[0].token=shared-secret",
					"deskhand.security.operator-token=shared-secret")
			.run((context) -> assertThat(context.getStartupFailure()).rootCause()
				.hasMessageContaining("The operator token equals the token of agent 'alice'"));
	}

	@Test
	void agentNamesAreUniqueAndNotReserved() {
		runner()
			.withPropertyValues("server.address=127.0.0.1", "deskhand.security.agent-tokens[0].name=alice",
					"deskhand.security.agent-tokens[0].token=one", "deskhand.security.agent-tokens[1].name=alice",
					"deskhand.security.agent-tokens[1].token=two")
			.run((context) -> assertThat(context.getStartupFailure()).rootCause()
				.hasMessageContaining("the name 'alice' is used twice"));
		runner()
			.withPropertyValues("server.address=127.0.0.1", "deskhand.security.agent-tokens[0].name=operator",
					"deskhand.security.agent-tokens[0].token=one")
			.run((context) -> assertThat(context.getStartupFailure()).rootCause()
				.hasMessageContaining("the name 'operator' is reserved"));
	}

	@Test
	void theGeneratedOperatorTokenIsWrittenPrivatelyAndReusedOnTheNextStart() throws Exception {
		String[] first = new String[1];
		runner().withPropertyValues("server.address=127.0.0.1").run((context) -> {
			assertThat(context).hasNotFailed();
			first[0] = Files.readString(tokenFile(), StandardCharsets.UTF_8).strip();
			assertThat(authenticate(context.getBean(TokenAuthenticationProvider.class), first[0]).getName())
				.isEqualTo("operator");
		});
		assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(tokenFile()))).isEqualTo("rw-------");
		runner().withPropertyValues("server.address=127.0.0.1").run((context) -> {
			assertThat(context).hasNotFailed();
			assertThat(Files.readString(tokenFile(), StandardCharsets.UTF_8).strip()).isEqualTo(first[0]);
			assertThat(authenticate(context.getBean(TokenAuthenticationProvider.class), first[0]).getName())
				.isEqualTo("operator");
		});
	}

	@Test
	void aConfiguredOperatorTokenWritesNoFile() {
		runner().withPropertyValues("server.address=127.0.0.1", "deskhand.security.operator-token=configured")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				assertThat(authenticate(context.getBean(TokenAuthenticationProvider.class), "configured").getName())
					.isEqualTo("operator");
				assertThat(tokenFile()).doesNotExist();
			});
	}

	@Test
	void onMacosTheAgentTokenOfLocalIsGeneratedPrivatelyAndReused() throws Exception {
		String[] first = new String[1];
		runner().withPropertyValues("server.address=127.0.0.1", "deskhand.platform.os=macos").run((context) -> {
			assertThat(context).hasNotFailed();
			first[0] = Files.readString(agentTokenFile(), StandardCharsets.UTF_8).strip();
			assertThat(first[0]).matches("[A-Za-z0-9_-]{43}");
			Authentication local = authenticate(context.getBean(TokenAuthenticationProvider.class), first[0]);
			assertThat(local.getName()).isEqualTo(AgentPrincipals.LOCAL);
			assertThat(local.getAuthorities()).extracting(Object::toString).containsExactly("ROLE_AGENT");
		});
		assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(agentTokenFile())))
			.isEqualTo("rw-------");
		assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(agentTokenFile().getParent())))
			.isEqualTo("rwx------");
		runner().withPropertyValues("server.address=127.0.0.1", "deskhand.platform.os=other")
			.run((context) -> assertThat(
					authenticate(context.getBean(TokenAuthenticationProvider.class), first[0]).getName())
				.isEqualTo(AgentPrincipals.LOCAL));
	}

	@Test
	void onMacosATokenlessClientIsToldWhereTheTokenIsAndTheTokenPasses() {
		runner().withPropertyValues("server.address=127.0.0.1", "deskhand.platform.os=macos").run((context) -> {
			String token = Files.readString(agentTokenFile(), StandardCharsets.UTF_8).strip();
			MockHttpServletResponse refused = agentPort(context, null);
			assertThat(refused.getStatus()).isEqualTo(403);
			assertThat(refused.getContentAsString()).contains("could not tell who opened this connection")
				.contains("send the token in " + agentTokenFile() + " (readable by this user only) as "
						+ "'Authorization: Bearer <token>', or set deskhand.security.allow-other-users=true");
			assertThat(agentPort(context, "Bearer " + token).getStatus()).isEqualTo(200);
			assertThat(agentPort(context, "Bearer not-" + token).getStatus()).isEqualTo(401);
		});
	}

	@Test
	void theTokenFileIsOnlyWrittenWhereTheOsCannotSay() {
		runner().withPropertyValues("server.address=127.0.0.1", "deskhand.platform.os=linux")
			.run((context) -> assertThat(context).hasNotFailed());
		runner()
			.withPropertyValues("server.address=127.0.0.1", "deskhand.platform.os=macos",
					"deskhand.security.allow-other-users=true")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				assertThat(agentPort(context, null).getStatus()).as("allow-other-users serves everyone as local")
					.isEqualTo(200);
			});
		runner()
			.withPropertyValues("server.address=127.0.0.1", "deskhand.platform.os=macos",
					"deskhand.security.agent-tokens[0].name=alice", "deskhand.security.agent-tokens[0].token=a-secret")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				assertThat(agentPort(context, null).getStatus()).isEqualTo(401);
				assertThat(agentPort(context, "Bearer a-secret").getStatus()).isEqualTo(200);
			});
		assertThat(agentTokenFile()).doesNotExist();
	}

	@Test
	void onLinuxWithoutAnOwnerLookupEveryTokenlessClientIsRefusedAndNoTokenIsAccepted() {
		// This runner has no LinuxConnectionOwnersConfiguration: the owner cannot be
		// found, and Linux's route has no generated token to fall back on.
		runner().withPropertyValues("server.address=127.0.0.1", "deskhand.platform.os=linux").run((context) -> {
			MockHttpServletResponse refused = agentPort(context, null);
			assertThat(refused.getStatus()).isEqualTo(403);
			assertThat(refused.getContentAsString()).contains(OtherUsersPolicy.HOW_TO_ALLOW);
		});
	}

	@Test
	void aLooseTokenFileIsRefusedRatherThanTrusted() throws Exception {
		Files.createDirectories(agentTokenFile().getParent());
		Files.writeString(agentTokenFile(), "known-to-others\n");
		Files.setPosixFilePermissions(agentTokenFile(), PosixFilePermissions.fromString("rw-r--r--"));
		runner().withPropertyValues("server.address=127.0.0.1", "deskhand.platform.os=macos")
			.run((context) -> assertThat(context.getStartupFailure()).rootCause()
				.hasMessageContaining("has mode rw-r--r--, so other users may know its token; chmod 600 it"));
	}

	/**
	 * A POST to {@code /mcp} through the real filter chains; 200 means it reached the
	 * (empty) servlet behind them.
	 */
	private static MockHttpServletResponse agentPort(ApplicationContext context, String authorization)
			throws Exception {
		// The operators' chain's actuator matcher looks the context up in the servlet
		// context, as a running server would have it.
		ServletContext servletContext = ((WebApplicationContext) context).getServletContext();
		servletContext.setAttribute(WebApplicationContext.ROOT_WEB_APPLICATION_CONTEXT_ATTRIBUTE, context);
		MockHttpServletRequest request = new MockHttpServletRequest(servletContext, "POST", "/mcp");
		request.setRemoteAddr("127.0.0.1");
		request.setRemotePort(40000);
		request.setLocalAddr("127.0.0.1");
		request.setLocalPort(8080);
		if (authorization != null) {
			request.addHeader(HttpHeaders.AUTHORIZATION, authorization);
		}
		MockHttpServletResponse response = new MockHttpServletResponse();
		context.getBean(FilterChainProxy.class).doFilter(request, response, new MockFilterChain());
		return response;
	}

	private Path agentTokenFile() {
		return this.home.resolve(".deskhand-agent").resolve("agent-token");
	}

	private Path tokenFile() {
		return this.home.resolve(".deskhand").resolve("operator-token");
	}

	private static Authentication authenticate(TokenAuthenticationProvider provider, String token) {
		return provider.authenticate(TokenAuthentication.presented(token));
	}

	@Configuration(proxyBeanMethods = false)
	@EnableConfigurationProperties(SecurityProperties.class)
	static class Properties {

	}

}
