package dev.deskhand.selftest;

import java.nio.file.Path;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

import dev.deskhand.files.StateDirectory;

/**
 * The self-test ({@code --deskhand.self-test} on the command line turns it on).
 *
 * @param enabled run the self-test instead of the server, then exit (0: no check failed)
 * @param output where the screenshots and {@code report.md} go; default
 * {@code <deskhand.state-dir>/self-test}, never the working directory, which may be a
 * repository or a shared folder (a leading {@code ~} is the user's home)
 * @param text what it types into its own window: ASCII, accented Latin and symbols
 * outside Latin-1 (characters beyond U+FFFF, surrogate pairs on Windows, get a check of
 * their own)
 * @param mainClass the class the witness window's process starts with when Deskhand does
 * not run from its jar (set by the command line)
 * @param only one group of rows to run again (desktop, displays, launch, screenshot,
 * click, pointer, failsafe, focus, typing, clipboard, elements), or empty for all
 */
@ConfigurationProperties("deskhand.self-test")
public record SelfTestProperties(@DefaultValue("false") boolean enabled, Path output,
		@DefaultValue("Deskhand self-test: äé€ ✓ ok") String text,
		@DefaultValue("dev.deskhand.DeskhandApplication") String mainClass, @DefaultValue("") String only) {

	public SelfTestProperties {
		// The configuration derives it from deskhand.state-dir; this is for records built
		// without it.
		output = StateDirectory
			.expandHome((output != null) ? output : StateDirectory.defaultPath().resolve("self-test"));
		only = (only != null) ? only.trim() : "";
	}

}
