package dev.deskhand.audit;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.regex.Pattern;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.deskhand.files.PrivateFiles;

/**
 * The per-installation secret that keys {@link Redaction}'s hashes: 32 random bytes,
 * stored as 64 hex digits and a newline in a file only its owner can read, created on
 * first start and read again on every later one, so a hash in an old record can still be
 * confirmed by whoever holds the key and by nobody who holds only the audit file.
 */
final class AuditKey {

	private static final Logger logger = LoggerFactory.getLogger(AuditKey.class);

	static final int LENGTH = 32;

	private static final Pattern HEX = Pattern.compile("[0-9a-fA-F]{" + (2 * LENGTH) + "}");

	private AuditKey() {
	}

	/**
	 * Reads the key in {@code file}, or creates it there (mode 600, its directory 700).
	 * @param file where the key is kept
	 * @return the key's bytes
	 * @throws IOException when the file cannot be read or created
	 * @throws IllegalStateException when the file does not hold a key
	 */
	static byte[] loadOrCreate(Path file) throws IOException {
		if (!Files.exists(file)) {
			try {
				byte[] key = create(file);
				logger.info("Created the audit key {} (it keys the hashes of typed text in audit records; keep it "
						+ "out of wherever the audit file is copied to)", file);
				return key;
			}
			catch (FileAlreadyExistsException ex) {
				// Another Deskhand created it first: use that one.
			}
		}
		return read(file);
	}

	private static byte[] create(Path file) throws IOException {
		PrivateFiles.createParentDirectories(file);
		byte[] key = new byte[LENGTH];
		new SecureRandom().nextBytes(key);
		byte[] text = (HexFormat.of().formatHex(key) + "\n").getBytes(StandardCharsets.US_ASCII);
		// CREATE_NEW with the mode: the key is never readable by others, not even for a
		// moment, and a file someone else made is never overwritten.
		PrivateFiles.write(file, text, StandardOpenOption.CREATE_NEW);
		return key;
	}

	private static byte[] read(Path file) throws IOException {
		String text = Files.readString(file, StandardCharsets.US_ASCII).strip();
		if (!HEX.matcher(text).matches()) {
			throw new IllegalStateException("The audit key " + file + " does not hold " + (2 * LENGTH)
					+ " hex digits. Restore it from a backup, or delete it to have a new one made (the hashes of "
					+ "typed text in older audit records can then no longer be confirmed), or point "
					+ "deskhand.audit.key-file elsewhere");
		}
		warnIfOthersCanRead(file);
		return HexFormat.of().parseHex(text.toLowerCase());
	}

	private static void warnIfOthersCanRead(Path file) throws IOException {
		if (PrivateFiles.othersCanRead(file)) {
			logger.warn(
					"The audit key {} is readable by other users ({}): whoever can read it can confirm "
							+ "guesses of typed text from the audit file; chmod 600 it",
					file, PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
		}
	}

}
