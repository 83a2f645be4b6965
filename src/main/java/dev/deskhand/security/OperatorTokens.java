package dev.deskhand.security;

import java.io.IOException;
import java.nio.file.Path;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where the operator token comes from: the configured one; else the one an earlier start
 * wrote to the token file, so operators keep their token across restarts; else a new
 * random one, written to that file for the operator to read. The token itself is never
 * logged.
 */
final class OperatorTokens {

	private static final Logger logger = LoggerFactory.getLogger(OperatorTokens.class);

	private OperatorTokens() {
	}

	static String resolve(SecurityProperties properties) {
		String configured = properties.operatorToken().strip();
		if (!configured.isEmpty()) {
			return configured;
		}
		Path file = properties.operatorTokenFile();
		try {
			return readOrCreate(file);
		}
		catch (IOException ex) {
			throw new IllegalStateException("Cannot read or write the operator token file " + file + " (" + ex
					+ "): make it writable, point deskhand.security.operator-token-file elsewhere, or set "
					+ "deskhand.security.operator-token", ex);
		}
	}

	static String readOrCreate(Path file) throws IOException {
		TokenFiles.Token token = TokenFiles.readOrCreate(file, false);
		logger.info("operator token {} {}", (token.origin() == TokenFiles.Origin.READ) ? "read from" : "written to",
				file);
		return token.token();
	}

	static String generate() {
		return TokenFiles.generate();
	}

}
