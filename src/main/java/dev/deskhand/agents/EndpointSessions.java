package dev.deskhand.agents;

import java.util.UUID;

import dev.deskhand.approval.AgentSession;
import dev.deskhand.approval.AgentSessions;
import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.screen.ScreenService;
import dev.deskhand.security.AgentPrincipals;

/**
 * The Deskhand sessions of the vendor endpoints. A request names its session by the
 * handle an earlier reply gave it ({@code Deskhand-Session}); without one it gets a new
 * session of its own. A handle is only ever the caller's own: another agent's is not
 * found.
 * <p>
 * In-process calls ({@link AgentPrincipals#IN_PROCESS}, the vendors' Spring AI tools)
 * name their session instead, as Deskhand's own in-process tools do: the
 * {@code ToolContext} entry {@code deskhand_session} is that session's name, and a
 * conversation using both sees one session, one lease, one profile. No HTTP request runs
 * as that principal (the token name is reserved), so a name never reaches a session over
 * HTTP.
 */
public final class EndpointSessions {

	/** The request and response header that carries a session's handle. */
	public static final String HEADER = "Deskhand-Session";

	/** The top-level body field that carries it. */
	public static final String FIELD = "deskhand_session";

	private final AgentSessions sessions;

	private final ScreenService screen;

	public EndpointSessions(AgentSessions sessions, ScreenService screen) {
		this.sessions = sessions;
		this.screen = screen;
	}

	/**
	 * @param principal the authenticated agent, or {@link AgentPrincipals#IN_PROCESS}
	 * @param handle the session the request names, or {@code null} for a new one; for an
	 * in-process call the session's name ({@code null}: the default session)
	 * @param vendor the endpoint's vendor: its client name, and the profile a new session
	 * starts with unless the agent's configuration names one
	 * @throws DeskhandException E_NOT_FOUND for a handle that is no session of this agent
	 */
	public AgentSession open(String principal, String handle, String vendor) {
		AgentSession session;
		if (AgentPrincipals.IN_PROCESS.equals(principal)) {
			session = openInProcess(handle);
		}
		else if (handle == null || handle.isBlank()) {
			session = this.sessions.resolve(principal, "agents-" + vendor + "-" + UUID.randomUUID(), vendor);
		}
		else {
			session = this.sessions.find(handle.strip())
				.filter((found) -> found.principal().equals(principal))
				.orElseThrow(() -> new DeskhandException(ErrorCode.E_NOT_FOUND, "no session " + handle.strip()
						+ " of yours (it ended, or was never given to you);" + " send none to start a new one"));
		}
		// the agent's configured profile wins, then the vendor's
		if (this.screen.profiles().configuredForAgent(principal)) {
			this.screen.adoptProfile(session.handle(), principal);
		}
		else {
			this.screen.adoptNamedProfile(session.handle(), vendor);
		}
		return session;
	}

	/**
	 * The in-process session of that name, opened on first use: the very session
	 * Deskhand's own in-process tools run in under the same name.
	 */
	private AgentSession openInProcess(String name) {
		String named = (name == null || name.isBlank()) ? AgentPrincipals.IN_PROCESS_DEFAULT_SESSION : name;
		return this.sessions.resolve(AgentPrincipals.IN_PROCESS, named, AgentPrincipals.IN_PROCESS_CLIENT);
	}

}
