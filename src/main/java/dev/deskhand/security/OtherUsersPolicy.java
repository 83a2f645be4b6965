package dev.deskhand.security;

import java.util.function.Supplier;

import dev.deskhand.platform.ConnectionOwners.OsUser;
import dev.deskhand.platform.ConnectionOwners.Owner;

/**
 * Whether a request on the agents' port may go on, given who opened its connection.
 * Without agent tokens every loopback client would be the agent {@code local}, including
 * processes of other users of the machine: on X11 that would turn "only my user can reach
 * my display" into "anyone on this host can drive it". So a request that no agent token
 * identifies must come from the desktop's own user.
 */
final class OtherUsersPolicy {

	static final String HOW_TO_ALLOW = "present an agent token (deskhand.security.agent-tokens) or set "
			+ "deskhand.security.allow-other-users=true";

	private OtherUsersPolicy() {
	}

	/**
	 * @param refusal the one sentence a refused client is told, {@code null} when allowed
	 */
	record Verdict(String refusal) {

		static final Verdict ALLOWED = new Verdict(null);

		boolean allowed() {
			return this.refusal == null;
		}

	}

	/**
	 * @param agentToken whether the request was authenticated by an agent token (the
	 * token, not the OS user, then says who the client is)
	 * @param allowOtherUsers {@code deskhand.security.allow-other-users}
	 * @param self the user Deskhand runs as
	 * @param owner who opened the request's connection; asked only when the answer
	 * matters
	 */
	static Verdict decide(boolean agentToken, boolean allowOtherUsers, OsUser self, Supplier<Owner> owner) {
		return decide(agentToken, allowOtherUsers, self, owner, HOW_TO_ALLOW);
	}

	/**
	 * @param howToAllow the end of a refusal: what the client or the operator can do
	 */
	static Verdict decide(boolean agentToken, boolean allowOtherUsers, OsUser self, Supplier<Owner> owner,
			String howToAllow) {
		if (agentToken || allowOtherUsers) {
			return Verdict.ALLOWED;
		}
		Owner found = owner.get();
		if (found instanceof Owner.Known known) {
			return known.user().equals(self) ? Verdict.ALLOWED
					: new Verdict("this Deskhand serves only its desktop's user (" + self
							+ "); the connection comes from " + known.user() + ": " + howToAllow);
		}
		String why = ((Owner.Unknown) found).why();
		return new Verdict("this Deskhand serves only its desktop's user (" + self
				+ ") and could not tell who opened this connection (" + why + "): " + howToAllow);
	}

}
