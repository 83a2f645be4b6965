package dev.deskhand.security;

import java.util.Collection;
import java.util.List;

import org.springframework.security.authentication.AbstractAuthenticationToken;
import org.springframework.security.core.GrantedAuthority;

/**
 * A bearer token as presented (unauthenticated: the token is the credential, there is no
 * name yet), or the principal it was matched to (authenticated: a name and its role, no
 * token kept).
 */
final class TokenAuthentication extends AbstractAuthenticationToken {

	private final String name;

	private String token;

	private TokenAuthentication(String name, String token, Collection<? extends GrantedAuthority> authorities,
			boolean authenticated) {
		super(authorities);
		this.name = name;
		this.token = token;
		super.setAuthenticated(authenticated);
	}

	static TokenAuthentication presented(String token) {
		return new TokenAuthentication("", token, List.of(), false);
	}

	static TokenAuthentication authenticated(String name, Collection<? extends GrantedAuthority> authorities) {
		return new TokenAuthentication(name, null, authorities, true);
	}

	@Override
	public String getName() {
		return this.name;
	}

	@Override
	public Object getPrincipal() {
		return this.name;
	}

	@Override
	public Object getCredentials() {
		return this.token;
	}

	@Override
	public void setAuthenticated(boolean authenticated) {
		// Only the provider may vouch for a token, through authenticated(...).
		if (authenticated) {
			throw new IllegalArgumentException("use TokenAuthentication.authenticated(...)");
		}
		super.setAuthenticated(false);
	}

	@Override
	public void eraseCredentials() {
		super.eraseCredentials();
		this.token = null;
	}

}
