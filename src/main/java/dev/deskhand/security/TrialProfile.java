package dev.deskhand.security;

import org.springframework.core.env.Environment;

/**
 * The {@code trial} profile ({@code application-trial.yml}): every input capability
 * allowed without asking, so that a newcomer sees an agent's first click land on this
 * machine's own desktop. That is safe only while nobody but this machine can reach the
 * agents' port, so start-up is refused otherwise ({@link #requireLoopback}).
 */
public final class TrialProfile {

	/** {@code --spring.profiles.active=trial}. */
	public static final String NAME = "trial";

	private TrialProfile() {
	}

	public static boolean isActive(Environment environment) {
		return environment.matchesProfiles(NAME);
	}

	/**
	 * Refuses the trial profile on an agents' port that other machines can reach: with
	 * agent tokens set, {@code server.address} may be any interface, and every input
	 * would then be open to whoever holds a token, unasked.
	 * @param serverAddress {@code server.address}, {@code null} when unset (every
	 * interface)
	 * @param serverPort {@code server.port}; below 0 there is no agents' HTTP port (the
	 * stdio profile), so nothing to refuse
	 */
	static void requireLoopback(String serverAddress, int serverPort) {
		if (serverPort < 0 || TransportSecurity.isLoopback(serverAddress)) {
			return;
		}
		String bound = (serverAddress == null || serverAddress.isBlank()) ? "unset (every interface)"
				: serverAddress.strip();
		throw new IllegalStateException("the trial profile allows every input without asking a human, so it runs "
				+ "only with the agents' port on loopback, but server.address is " + bound
				+ ": bind 127.0.0.1 (server.address), or start without the trial profile");
	}

}
