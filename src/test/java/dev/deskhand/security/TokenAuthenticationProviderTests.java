package dev.deskhand.security;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.GrantedAuthority;

import dev.deskhand.security.SecurityProperties.AgentToken;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

class TokenAuthenticationProviderTests {

	private final TokenAuthenticationProvider provider = new TokenAuthenticationProvider(
			List.of(new AgentToken("alice", "alice-secret"), new AgentToken("bob", "bob-secret")), "operator-secret");

	@Test
	void anAgentTokenIsItsNameWithTheAgentRole() {
		Authentication alice = authenticate("alice-secret");
		assertThat(alice.isAuthenticated()).isTrue();
		assertThat(alice.getName()).isEqualTo("alice");
		assertThat(alice.getCredentials()).isNull();
		assertThat(alice.getAuthorities()).extracting(GrantedAuthority::getAuthority).containsExactly("ROLE_AGENT");
		assertThat(authenticate("bob-secret").getName()).isEqualTo("bob");
	}

	@Test
	void theOperatorTokenIsTheOperatorWithTheOperatorRole() {
		Authentication operator = authenticate("operator-secret");
		assertThat(operator.getName()).isEqualTo("operator");
		assertThat(operator.getAuthorities()).extracting(GrantedAuthority::getAuthority)
			.containsExactly("ROLE_OPERATOR");
	}

	@Test
	void anyOtherTokenIsRefused() {
		for (String wrong : List.of("alice-secreT", "alice-secret ", "alice", "x".repeat(4096), "operator")) {
			assertThatExceptionOfType(BadCredentialsException.class).isThrownBy(() -> authenticate(wrong));
		}
	}

	@Test
	void supportsOnlyPresentedTokens() {
		assertThat(this.provider.supports(TokenAuthentication.class)).isTrue();
		assertThat(this.provider.supports(UsernamePasswordAuthenticationToken.class)).isFalse();
	}

	@Test
	void anAgentMayNotHoldTheOperatorToken() {
		assertThatIllegalStateException()
			.isThrownBy(() -> new TokenAuthenticationProvider(List.of(new AgentToken("eve", "same")), "same"))
			.withMessageContaining("agent 'eve'");
	}

	@Test
	void theGeneratedTokenIsTheAgentLocal() {
		TokenAuthenticationProvider withLocal = new TokenAuthenticationProvider(List.of(), "generated-secret",
				"operator-secret");
		Authentication local = withLocal.authenticate(TokenAuthentication.presented("generated-secret"));
		assertThat(local.getName()).isEqualTo("local");
		assertThat(local.getAuthorities()).extracting(GrantedAuthority::getAuthority).containsExactly("ROLE_AGENT");
		assertThatExceptionOfType(BadCredentialsException.class)
			.isThrownBy(() -> this.provider.authenticate(TokenAuthentication.presented("generated-secret")));
		assertThatIllegalStateException().isThrownBy(() -> new TokenAuthenticationProvider(List.of(), "same", "same"))
			.withMessageContaining("generated agent token");
	}

	@Test
	void agentEntriesNeedANameAndAToken() {
		assertThatIllegalArgumentException().isThrownBy(() -> new AgentToken(" ", "t"));
		assertThatIllegalArgumentException().isThrownBy(() -> new AgentToken("alice", ""));
		assertThatIllegalArgumentException().isThrownBy(() -> new AgentToken("local", "t"))
			.withMessageContaining("reserved");
		// an HTTP agent named so would reach the in-process sessions by their names
		assertThatIllegalArgumentException().isThrownBy(() -> new AgentToken("in-process", "t"))
			.withMessageContaining("reserved");
		assertThat(new AgentToken("alice", "alice-secret").toString()).doesNotContain("alice-secret");
	}

	private Authentication authenticate(String token) {
		return this.provider.authenticate(TokenAuthentication.presented(token));
	}

}
