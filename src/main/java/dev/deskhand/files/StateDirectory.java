package dev.deskhand.files;

import java.nio.file.Path;

/**
 * The directory Deskhand keeps its state in, {@code deskhand.state-dir} (default
 * {@code ~/.deskhand}): the audit file and its key, the token files, the session records,
 * the stdio log and the self-test's report. The built-in configuration derives each of
 * those keys from it by a placeholder ({@code ${deskhand.state-dir}/audit.jsonl}), so one
 * setting moves them all and a specific key still wins. The properties records fall back
 * to {@link #defaultPath()} when they are built without that configuration (tests, other
 * embedders).
 */
public final class StateDirectory {

	/** The key that names the directory. */
	public static final String PROPERTY = "deskhand.state-dir";

	private StateDirectory() {
	}

	/**
	 * {@code ~/.deskhand}: where state goes when {@code deskhand.state-dir} is not set.
	 */
	public static Path defaultPath() {
		return Path.of(System.getProperty("user.home"), ".deskhand");
	}

	/**
	 * The path with a leading {@code ~} replaced by the user's home directory: Java does
	 * not expand it, and a shell does not either after {@code --key=}.
	 */
	public static Path expandHome(Path path) {
		if (!path.startsWith("~")) {
			return path;
		}
		Path home = Path.of(System.getProperty("user.home"));
		return (path.getNameCount() == 1) ? home : home.resolve(path.subpath(1, path.getNameCount()));
	}

}
