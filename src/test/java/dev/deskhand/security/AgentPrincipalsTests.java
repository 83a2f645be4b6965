package dev.deskhand.security;

import java.util.List;
import java.util.Map;

import io.modelcontextprotocol.common.McpTransportContext;
import org.junit.jupiter.api.Test;
import org.springframework.http.converter.HttpMessageConverter;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.web.servlet.function.ServerRequest;

import static org.assertj.core.api.Assertions.assertThat;

class AgentPrincipalsTests {

	@Test
	void readsThePrincipalFromTheTransportContext() {
		assertThat(AgentPrincipals.of(McpTransportContext.create(Map.of(AgentPrincipals.KEY, "alice"))))
			.isEqualTo("alice");
	}

	@Test
	void withoutOneTheCallerIsLocal() {
		assertThat(AgentPrincipals.of(null)).isEqualTo("local");
		assertThat(AgentPrincipals.of(McpTransportContext.EMPTY)).isEqualTo("local");
		assertThat(AgentPrincipals.of(McpTransportContext.create(Map.of(AgentPrincipals.KEY, "")))).isEqualTo("local");
	}

	@Test
	void theExtractorTakesTheRequestsPrincipal() {
		MockHttpServletRequest authenticated = new MockHttpServletRequest("POST", "/mcp");
		authenticated.setUserPrincipal(UsernamePasswordAuthenticationToken.authenticated("bob", null, List.of()));
		assertThat(AgentPrincipals.of(AgentPrincipals.transportContext(request(authenticated)))).isEqualTo("bob");
		MockHttpServletRequest anonymous = new MockHttpServletRequest("POST", "/mcp");
		assertThat(AgentPrincipals.transportContext(request(anonymous)).get(AgentPrincipals.KEY)).isEqualTo("local");
	}

	@Test
	void theExtractorNamesTheTransportItWasMadeFor() {
		MockHttpServletRequest request = new MockHttpServletRequest("POST", "/mcp/message");
		var context = AgentPrincipals.transportContext(request(request), "sse");
		assertThat(AgentPrincipals.transportOf(context)).isEqualTo("sse");
		assertThat(AgentPrincipals.of(context)).isEqualTo("local");
		assertThat(AgentPrincipals.transportOf(AgentPrincipals.transportContext(request(request)))).isNull();
		assertThat(AgentPrincipals.transportOf(null)).isNull();
	}

	private static ServerRequest request(MockHttpServletRequest servletRequest) {
		List<HttpMessageConverter<?>> converters = List.of();
		return ServerRequest.create(servletRequest, converters);
	}

}
