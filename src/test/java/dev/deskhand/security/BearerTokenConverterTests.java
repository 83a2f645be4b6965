package dev.deskhand.security;

import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.core.Authentication;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class BearerTokenConverterTests {

	private final BearerTokenConverter converter = new BearerTokenConverter();

	@Test
	void readsTheTokenWithTheSchemeInAnyCase() {
		assertThat(convert("Bearer abc.def-1").getCredentials()).isEqualTo("abc.def-1");
		assertThat(convert("bearer abc").getCredentials()).isEqualTo("abc");
		assertThat(convert("BEARER   abc  ").getCredentials()).isEqualTo("abc");
		assertThat(convert("Bearer abc").isAuthenticated()).isFalse();
	}

	@Test
	void noHeaderOrAnotherSchemeIsNoCredential() {
		assertThat(convert(null)).isNull();
		assertThat(convert("Basic YWxpY2U6eA==")).isNull();
		assertThat(convert("Bearerabc")).isNull();
	}

	@Test
	void aBearerHeaderWithoutATokenIsABadCredential() {
		assertThatExceptionOfType(BadCredentialsException.class).isThrownBy(() -> convert("Bearer"));
		assertThatExceptionOfType(BadCredentialsException.class).isThrownBy(() -> convert("Bearer   "));
	}

	private Authentication convert(String header) {
		MockHttpServletRequest request = new MockHttpServletRequest("POST", "/mcp");
		if (header != null) {
			request.addHeader("Authorization", header);
		}
		return this.converter.convert(request);
	}

}
