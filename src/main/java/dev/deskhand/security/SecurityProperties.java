package dev.deskhand.security;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

import dev.deskhand.files.StateDirectory;

/**
 * {@code deskhand.security.*}.
 *
 * @param allowedOrigins browser Origins allowed to call the MCP endpoints (DNS-rebinding
 * protection); exact ({@code http://localhost:6274}) or any port
 * ({@code http://localhost:*}). A request without an Origin header (every non-browser
 * client) is always allowed; one with an Origin not listed gets 403.
 * @param allowedHosts Host header values the MCP endpoints answer; empty means: when
 * bound to loopback, only loopback names ({@code localhost}, {@code 127.0.0.1},
 * {@code [::1]}, any port); otherwise any
 * @param agentTokens the agents allowed on the MCP endpoints, each a {@code name} (the
 * principal that grants, sessions and audit events are recorded under) and the bearer
 * {@code token} it sends as {@code Authorization: Bearer <token>}. When empty, the
 * agents' port must listen on loopback only and every request is the principal
 * {@code local}; start-up fails otherwise.
 * @param operatorToken the bearer token for the operator endpoints on the management
 * port; empty means: read it from {@code operatorTokenFile}, or generate one there
 * @param operatorTokenFile where the operator token is kept when {@code operatorToken} is
 * empty: reused when the file holds a token, otherwise a new random token is written
 * there (mode 600). Default {@code <deskhand.state-dir>/operator-token}.
 * @param allowLoopbackOrigins also allow browser Origins on this machine
 * ({@code http://localhost}, {@code http://127.0.0.1}, {@code http://[::1]}, any port,
 * http or https) without listing them: a page served from this machine is already code
 * running here. {@code false} refuses them too unless listed in {@code allowedOrigins}.
 * @param allowOtherUsers also serve loopback clients of other OS users of this machine
 * that present no agent token. Default {@code false}: such a request gets 403, since
 * without a token every client would act as {@code local} and drive this user's desktop.
 * The owner of the client's socket is looked up once per connection (Linux:
 * {@code /proc/net/tcp}, Windows: {@code GetExtendedTcpTable}); where the OS cannot say
 * (macOS, others) a client must present the token in {@code agentTokenFile}.
 * @param agentTokenFile where the OS cannot say which user opened a connection (macOS,
 * others), no agent tokens are set and {@code allowOtherUsers} is {@code false}: the file
 * holding the token of the agent {@code local}, reused when it holds one, otherwise
 * generated there on start (mode 600, its directory 700). A client sends it as
 * {@code Authorization: Bearer <token>}; one without it gets 403 naming this file.
 * Default {@code <deskhand.state-dir>/agent-token}.
 */
@ConfigurationProperties("deskhand.security")
public record SecurityProperties(@DefaultValue List<String> allowedOrigins, @DefaultValue List<String> allowedHosts,
		@DefaultValue List<AgentToken> agentTokens, @DefaultValue("") String operatorToken, Path operatorTokenFile,
		@DefaultValue("true") boolean allowLoopbackOrigins, @DefaultValue("false") boolean allowOtherUsers,
		Path agentTokenFile) {

	/** The principal name of whoever presents the operator token. */
	static final String OPERATOR = "operator";

	public SecurityProperties {
		// The configuration derives both from deskhand.state-dir; this is for records
		// built without it.
		if (operatorTokenFile == null) {
			operatorTokenFile = StateDirectory.defaultPath().resolve("operator-token");
		}
		if (agentTokenFile == null) {
			agentTokenFile = StateDirectory.defaultPath().resolve("agent-token");
		}
		Set<String> names = new HashSet<>();
		Set<String> tokens = new HashSet<>();
		for (AgentToken agent : agentTokens) {
			if (!names.add(agent.name())) {
				throw new IllegalArgumentException("deskhand.security.agent-tokens: the name '" + agent.name()
						+ "' is used twice; each agent needs its own name");
			}
			// Two names on one token would make the principal depend on list order.
			if (!tokens.add(agent.token())) {
				throw new IllegalArgumentException("deskhand.security.agent-tokens: agents '" + agent.name()
						+ "' and another share one token; give each agent its own");
			}
		}
	}

	// The tokens stay out of toString: this record ends up in logs and failure messages.
	@Override
	public String toString() {
		return "SecurityProperties[allowedOrigins=" + this.allowedOrigins + ", allowedHosts=" + this.allowedHosts
				+ ", agentTokens=" + this.agentTokens + ", operatorToken=" + (this.operatorToken.isEmpty() ? "" : "***")
				+ ", operatorTokenFile=" + this.operatorTokenFile + ", allowLoopbackOrigins="
				+ this.allowLoopbackOrigins + ", allowOtherUsers=" + this.allowOtherUsers + ", agentTokenFile="
				+ this.agentTokenFile + "]";
	}

	/**
	 * One agent's credentials.
	 *
	 * @param name the principal name its requests run as
	 * @param token the bearer token it sends
	 */
	public record AgentToken(String name, String token) {

		public AgentToken {
			if (name == null || name.isBlank()) {
				throw new IllegalArgumentException("deskhand.security.agent-tokens: every entry needs a name");
			}
			if (token == null || token.isBlank()) {
				throw new IllegalArgumentException(
						"deskhand.security.agent-tokens: the entry '" + name + "' needs a token");
			}
			// The presented token is stripped too; stray YAML whitespace must not lock an
			// agent out.
			name = name.strip();
			token = token.strip();
			// Audit trails and grants name the principal: an agent must not pass for the
			// operator, the tokenless loopback user or the in-process tools (whose
			// sessions are named by the application, not issued).
			if (OPERATOR.equals(name) || AgentPrincipals.LOCAL.equals(name)
					|| AgentPrincipals.IN_PROCESS.equals(name)) {
				throw new IllegalArgumentException("deskhand.security.agent-tokens: the name '" + name
						+ "' is reserved; choose another agent name");
			}
		}

		@Override
		public String toString() {
			return "AgentToken[name=" + this.name + ", token=***]";
		}

	}

}
