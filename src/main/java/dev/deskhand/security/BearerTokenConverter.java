package dev.deskhand.security;

import jakarta.servlet.http.HttpServletRequest;

import org.springframework.http.HttpHeaders;
import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.core.Authentication;
import org.springframework.security.web.authentication.AuthenticationConverter;

/**
 * Reads {@code Authorization: Bearer <token>} (RFC 6750). No header, or another scheme,
 * is "no credentials": the request goes on unauthenticated and authorization answers 401.
 * A Bearer header without a token is a bad credential.
 */
final class BearerTokenConverter implements AuthenticationConverter {

	private static final String SCHEME = "Bearer";

	@Override
	public Authentication convert(HttpServletRequest request) {
		String header = request.getHeader(HttpHeaders.AUTHORIZATION);
		if (header == null || !header.regionMatches(true, 0, SCHEME, 0, SCHEME.length())) {
			return null;
		}
		if (header.length() > SCHEME.length() && header.charAt(SCHEME.length()) != ' ') {
			// "Bearerfoo" is some other scheme, not ours.
			return null;
		}
		String token = header.substring(SCHEME.length()).strip();
		if (token.isEmpty()) {
			throw new BadCredentialsException("Bearer token is empty");
		}
		return TokenAuthentication.presented(token);
	}

}
