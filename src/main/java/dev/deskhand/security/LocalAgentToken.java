package dev.deskhand.security;

import java.io.IOException;
import java.nio.file.Path;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The token of the agent {@link AgentPrincipals#LOCAL} where the OS cannot say which user
 * opened a connection (macOS, and any OS Deskhand has no lookup for): kept in
 * {@code deskhand.security.agent-token-file}, which only the desktop's user can read, so
 * presenting it proves what the socket's owner would have. Read from the file when an
 * earlier start wrote one, else generated and written there (mode 0600, directory 0700).
 * A file others may read is refused rather than trusted.
 */
final class LocalAgentToken {

	private static final Logger logger = LoggerFactory.getLogger(LocalAgentToken.class);

	private LocalAgentToken() {
	}

	static String resolve(SecurityProperties properties) {
		Path file = properties.agentTokenFile();
		try {
			TokenFiles.Token token = TokenFiles.readOrCreate(file, true);
			logger.info(
					"this OS cannot say which user opened a connection: clients send the agent token {} {} "
							+ "as 'Authorization: Bearer <token>'",
					(token.origin() == TokenFiles.Origin.READ) ? "read from" : "written to", file);
			return token.token();
		}
		catch (IOException ex) {
			throw new IllegalStateException("Cannot read or write the agent token file " + file + " (" + ex.getMessage()
					+ "): fix it, point deskhand.security.agent-token-file elsewhere, or set "
					+ "deskhand.security.agent-tokens", ex);
		}
	}

	/**
	 * What a client without a token is told: the file to read and the header to send it
	 * in.
	 */
	static String howToConnect(Path file) {
		return "send the token in " + file + " (readable by this user only) as 'Authorization: Bearer <token>', "
				+ "or set deskhand.security.allow-other-users=true";
	}

}
