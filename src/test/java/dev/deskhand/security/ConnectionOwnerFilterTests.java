package dev.deskhand.security;

import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import jakarta.servlet.ServletConnection;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockFilterChain;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.security.core.context.SecurityContextHolder;

import dev.deskhand.platform.ConnectionOwners;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The filter around {@link OtherUsersPolicy}: one lookup per connection, and the refusal
 * in each path's error shape. The uid check itself runs live in
 * {@link OtherUsersEndToEndTests}.
 */
class ConnectionOwnerFilterTests {

	private static final ConnectionOwners.OsUser DESKTOP = new ConnectionOwners.OsUser("uid 1000");

	private final AtomicInteger lookups = new AtomicInteger();

	@AfterEach
	void clearContext() {
		SecurityContextHolder.clearContext();
	}

	@Test
	void looksUpOncePerConnection() throws Exception {
		ConnectionOwnerFilter filter = new ConnectionOwnerFilter(owners("uid 65534"), false);
		assertThat(run(filter, request("7", "/mcp")).getStatus()).isEqualTo(403);
		assertThat(run(filter, request("7", "/mcp")).getStatus()).isEqualTo(403);
		assertThat(this.lookups).hasValue(1);
		// another connection is another client, possibly another user
		run(filter, request("8", "/mcp"));
		assertThat(this.lookups).hasValue(2);
	}

	@Test
	void withoutAConnectionIdEveryRequestIsLookedUp() throws Exception {
		ConnectionOwnerFilter filter = new ConnectionOwnerFilter(owners("uid 1000"), false);
		MockFilterChain chain = new MockFilterChain();
		filter.doFilter(request("", "/mcp"), new MockHttpServletResponse(), chain);
		assertThat(chain.getRequest()).isNotNull();
		filter.doFilter(request("", "/mcp"), new MockHttpServletResponse(), new MockFilterChain());
		assertThat(this.lookups).hasValue(2);
	}

	@Test
	void theRefusalHasTheShapeOfItsPath() throws Exception {
		ConnectionOwnerFilter filter = new ConnectionOwnerFilter(owners("uid 65534"), false);
		String sentence = "this Deskhand serves only its desktop's user (uid 1000); the connection comes from "
				+ "uid 65534: " + OtherUsersPolicy.HOW_TO_ALLOW;
		MockHttpServletResponse mcp = run(filter, request("1", "/mcp"));
		assertThat(mcp.getContentType()).isEqualTo("application/json");
		assertThat(mcp.getContentAsString()).isEqualTo(
				"{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32600,\"message\":\"" + sentence + "\"}}");
		MockHttpServletResponse vendor = run(filter, request("2", "/agents/openai/computer"));
		assertThat(vendor.getStatus()).isEqualTo(403);
		assertThat(vendor.getContentAsString()).isEqualTo("{\"error\":\"E_DENIED: " + sentence + "\"}");
	}

	@Test
	void anAgentTokenPassesWithoutALookup() throws Exception {
		SecurityContextHolder.getContext()
			.setAuthentication(TokenAuthentication.authenticated("alice",
					List.of(new SimpleGrantedAuthority("ROLE_" + TokenAuthenticationProvider.AGENT_ROLE))));
		ConnectionOwnerFilter filter = new ConnectionOwnerFilter(owners("uid 65534"), false);
		MockFilterChain chain = new MockFilterChain();
		filter.doFilter(request("3", "/mcp"), new MockHttpServletResponse(), chain);
		assertThat(chain.getRequest()).isNotNull();
		assertThat(this.lookups).hasValue(0);
	}

	@Test
	void quotingKeepsTheBodyJson() {
		assertThat(ConnectionOwnerFilter.quoted("a \"b\" \\ c\n")).isEqualTo("\"a \\\"b\\\" \\\\ c\\u000a\"");
	}

	private ConnectionOwners owners(String client) {
		return new ConnectionOwners() {

			@Override
			public OsUser self() {
				return DESKTOP;
			}

			@Override
			public Owner ownerOf(InetSocketAddress from, InetSocketAddress to) {
				ConnectionOwnerFilterTests.this.lookups.incrementAndGet();
				return new Owner.Known(new OsUser(client));
			}

		};
	}

	private static MockHttpServletResponse run(ConnectionOwnerFilter filter, MockHttpServletRequest request)
			throws Exception {
		MockHttpServletResponse response = new MockHttpServletResponse();
		MockFilterChain chain = new MockFilterChain();
		filter.doFilter(request, response, chain);
		assertThat(chain.getRequest()).as("passed on").isEqualTo((response.getStatus() == 403) ? null : request);
		return response;
	}

	private static MockHttpServletRequest request(String connectionId, String path) {
		MockHttpServletRequest request = new MockHttpServletRequest("POST", path) {

			@Override
			public ServletConnection getServletConnection() {
				ServletConnection connection = super.getServletConnection();
				return new ServletConnection() {

					@Override
					public String getConnectionId() {
						return connectionId;
					}

					@Override
					public String getProtocol() {
						return connection.getProtocol();
					}

					@Override
					public String getProtocolConnectionId() {
						return "";
					}

					@Override
					public boolean isSecure() {
						return false;
					}

				};
			}

		};
		request.setServletPath(path);
		request.setRemoteAddr("127.0.0.1");
		request.setRemotePort(41234);
		request.setLocalAddr("127.0.0.1");
		request.setLocalPort(8080);
		return request;
	}

}
