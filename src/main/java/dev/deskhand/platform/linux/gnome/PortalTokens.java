package dev.deskhand.platform.linux.gnome;

import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Properties;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.deskhand.files.PrivateFiles;

/**
 * The restore tokens the xdg-desktop-portal gave, one per portal interface, kept in a
 * file only the user can read (600, its directory 700, as Deskhand's other private
 * files): a token lets the next session start without the consent dialog, so it is as
 * good as the person's consent to whoever holds it. The portal hands out a new token with
 * every start and honours each once, so the file is rewritten after every start.
 */
final class PortalTokens {

	private static final Logger logger = LoggerFactory.getLogger(PortalTokens.class);

	private final Path file;

	PortalTokens(Path file) {
		this.file = file;
	}

	Path file() {
		return this.file;
	}

	/** The token kept for {@code iface}, if any. */
	synchronized Optional<String> read(String iface) {
		return Optional.ofNullable(load().getProperty(iface)).filter((token) -> !token.isBlank());
	}

	/** Keeps {@code token} for {@code iface}, replacing the one used up. */
	synchronized void write(String iface, String token) {
		Properties tokens = load();
		tokens.setProperty(iface, token);
		StringWriter text = new StringWriter();
		try {
			tokens.store(text, "xdg-desktop-portal restore tokens: each starts a session without asking the person");
			PrivateFiles.createParentDirectories(this.file);
			PrivateFiles.write(this.file, text.toString().getBytes(StandardCharsets.UTF_8));
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot keep the portal's restore token in " + this.file, ex);
		}
	}

	private Properties load() {
		Properties tokens = new Properties();
		if (!Files.isRegularFile(this.file)) {
			return tokens;
		}
		try {
			if (PrivateFiles.othersCanRead(this.file)) {
				logger.warn("{} can be read by others than its owner: its restore tokens are not used (chmod 600 it)",
						this.file);
				return tokens;
			}
			tokens.load(new StringReader(Files.readString(this.file, StandardCharsets.UTF_8)));
		}
		catch (IOException ex) {
			logger.warn("cannot read the portal's restore tokens in {}: {}; the portal asks the person again",
					this.file, ex.getMessage());
		}
		return tokens;
	}

}
