package dev.deskhand.security;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.SecureRandom;
import java.util.Base64;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.deskhand.files.PrivateFiles;

/**
 * Where the operator token comes from: the configured one; else the one an earlier start
 * wrote to the token file, so operators keep their token across restarts; else a new
 * random one, written to that file for the operator to read. The token itself is never
 * logged.
 */
final class OperatorTokens {

	private static final Logger logger = LoggerFactory.getLogger(OperatorTokens.class);

	private static final int TOKEN_BYTES = 32;

	private static final SecureRandom random = new SecureRandom();

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
		if (Files.isRegularFile(file)) {
			String existing = Files.readString(file, StandardCharsets.UTF_8).strip();
			if (!existing.isEmpty()) {
				logger.info("operator token read from {}", file);
				return existing;
			}
		}
		String token = generate();
		write(file, token);
		logger.info("operator token written to {}", file);
		return token;
	}

	static String generate() {
		byte[] bytes = new byte[TOKEN_BYTES];
		random.nextBytes(bytes);
		return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
	}

	private static void write(Path file, String token) throws IOException {
		Path target = file.toAbsolutePath();
		Path directory = target.getParent();
		// Directories made for the token are the owner's alone, like ~/.ssh.
		PrivateFiles.createDirectories(directory);
		// Written to a file that is private from its creation, then moved into place:
		// chmod after writing would leave the token readable by everyone for a moment.
		Path temporary = PrivateFiles.createTempFile(directory, ".operator-token", ".tmp");
		try {
			Files.writeString(temporary, token + "\n", StandardCharsets.UTF_8);
			Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
		}
		finally {
			Files.deleteIfExists(temporary);
		}
	}

}
