package dev.deskhand.security;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.List;

import org.springframework.security.authentication.AuthenticationProvider;
import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.GrantedAuthority;
import org.springframework.security.core.authority.SimpleGrantedAuthority;

/**
 * Matches a presented bearer token against the configured ones: each agent token gives
 * its name and {@code ROLE_AGENT} (the generated token of {@link LocalAgentToken} gives
 * {@code local}), the operator token gives {@code operator} and {@code ROLE_OPERATOR}.
 * Which endpoints a role may use is decided by the filter chains, not here.
 */
final class TokenAuthenticationProvider implements AuthenticationProvider {

	static final String AGENT_ROLE = "AGENT";

	static final String OPERATOR_ROLE = "OPERATOR";

	private record Credential(String name, byte[] digest, List<GrantedAuthority> authorities) {
	}

	private final List<Credential> credentials;

	TokenAuthenticationProvider(List<SecurityProperties.AgentToken> agentTokens, String operatorToken) {
		this(agentTokens, null, operatorToken);
	}

	/**
	 * @param localToken the generated token of the agent {@link AgentPrincipals#LOCAL}
	 * ({@link LocalAgentToken}), {@code null} where none is used
	 */
	TokenAuthenticationProvider(List<SecurityProperties.AgentToken> agentTokens, String localToken,
			String operatorToken) {
		List<Credential> all = new ArrayList<>();
		byte[] operatorDigest = digest(operatorToken);
		if (localToken != null) {
			byte[] localDigest = digest(localToken);
			if (MessageDigest.isEqual(localDigest, operatorDigest)) {
				throw new IllegalStateException("The operator token equals the generated agent token: an agent must "
						+ "never be able to answer its own approvals; use a different deskhand.security.operator-token");
			}
			all.add(new Credential(AgentPrincipals.LOCAL, localDigest, authorities(AGENT_ROLE)));
		}
		for (SecurityProperties.AgentToken agent : agentTokens) {
			byte[] agentDigest = digest(agent.token());
			if (MessageDigest.isEqual(agentDigest, operatorDigest)) {
				throw new IllegalStateException("The operator token equals the token of agent '" + agent.name()
						+ "': an agent must never be able to answer its own approvals; use a different "
						+ "deskhand.security.operator-token");
			}
			all.add(new Credential(agent.name(), agentDigest, authorities(AGENT_ROLE)));
		}
		all.add(new Credential(SecurityProperties.OPERATOR, operatorDigest, authorities(OPERATOR_ROLE)));
		this.credentials = List.copyOf(all);
	}

	@Override
	public Authentication authenticate(Authentication authentication) {
		Object token = authentication.getCredentials();
		if (!(token instanceof String presented) || presented.isEmpty()) {
			throw new BadCredentialsException("No bearer token");
		}
		// Digests have one length, so isEqual takes the same time for every wrong token
		// (comparing raw tokens would leak their length); every entry is compared so the
		// time does not tell which one matched.
		byte[] digest = digest(presented);
		Credential match = null;
		for (Credential credential : this.credentials) {
			if (MessageDigest.isEqual(credential.digest(), digest) && match == null) {
				match = credential;
			}
		}
		if (match == null) {
			throw new BadCredentialsException("Invalid bearer token");
		}
		return TokenAuthentication.authenticated(match.name(), match.authorities());
	}

	@Override
	public boolean supports(Class<?> authentication) {
		return TokenAuthentication.class.isAssignableFrom(authentication);
	}

	private static List<GrantedAuthority> authorities(String role) {
		return List.of(new SimpleGrantedAuthority("ROLE_" + role));
	}

	private static byte[] digest(String token) {
		try {
			return MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8));
		}
		catch (NoSuchAlgorithmException ex) {
			// Every Java platform must provide SHA-256.
			throw new IllegalStateException(ex);
		}
	}

}
