package dev.deskhand.security;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.security.autoconfigure.SecurityAutoConfiguration;
import org.springframework.boot.security.autoconfigure.UserDetailsServiceAutoConfiguration;
import org.springframework.boot.security.autoconfigure.web.servlet.ServletWebSecurityAutoConfiguration;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.web.SecurityFilterChain;

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
			.withPropertyValues("deskhand.security.operator-token-file=" + tokenFile());
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
