package dev.deskhand.security;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.EnumSet;
import java.util.Set;

import dev.deskhand.files.PrivateFiles;

/**
 * A token kept in a file of the user's: the one an earlier start wrote, so clients keep
 * it across restarts, else a new random one written there privately (file 0600, the
 * directories made for it 0700). The token itself is never logged.
 */
final class TokenFiles {

	private static final int TOKEN_BYTES = 32;

	private static final SecureRandom random = new SecureRandom();

	private static final Set<PosixFilePermission> GROUP_OR_OTHERS = EnumSet.of(PosixFilePermission.GROUP_READ,
			PosixFilePermission.GROUP_WRITE, PosixFilePermission.GROUP_EXECUTE, PosixFilePermission.OTHERS_READ,
			PosixFilePermission.OTHERS_WRITE, PosixFilePermission.OTHERS_EXECUTE);

	private TokenFiles() {
	}

	/** Whether the token was read from the file or written to it. */
	enum Origin {

		READ, WRITTEN

	}

	/**
	 * @param token the token
	 * @param origin whether this start wrote it
	 */
	record Token(String token, Origin origin) {

		@Override
		public String toString() {
			return "Token[token=***, origin=" + this.origin + "]";
		}

	}

	/**
	 * @param file where the token is kept
	 * @param privateOnly refuse a file that others than its owner may read or write
	 * (POSIX file systems only), rather than use a token they may know
	 * @throws IOException when the file cannot be read or written, or {@code privateOnly}
	 * and its mode lets others at it
	 */
	static Token readOrCreate(Path file, boolean privateOnly) throws IOException {
		if (Files.isRegularFile(file)) {
			if (privateOnly && PrivateFiles.isPosix(file)) {
				Set<PosixFilePermission> mode = Files.getPosixFilePermissions(file);
				if (mode.stream().anyMatch(GROUP_OR_OTHERS::contains)) {
					throw new IOException(file + " has mode " + PosixFilePermissions.toString(mode)
							+ ", so other users may know its token; chmod 600 it, or delete it to have a new one "
							+ "written");
				}
			}
			String existing = Files.readString(file, StandardCharsets.UTF_8).strip();
			if (!existing.isEmpty()) {
				return new Token(existing, Origin.READ);
			}
		}
		String token = generate();
		write(file, token);
		return new Token(token, Origin.WRITTEN);
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
		Path temporary = PrivateFiles.createTempFile(directory, "." + target.getFileName(), ".tmp");
		try {
			Files.writeString(temporary, token + "\n", StandardCharsets.UTF_8);
			Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
		}
		finally {
			Files.deleteIfExists(temporary);
		}
	}

}
