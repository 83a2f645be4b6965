package dev.deskhand.testing;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The unprivileged user a compositor rig runs its session as ({@link SwaySession},
 * {@link GnomeSession}): sway refuses root, and a desktop session is not root's anyway.
 * When the tests run as root, every process of the session is started through
 * {@code setpriv} as uid/gid {@value #UID} with exactly the environment given
 * ({@code env -i}); both exec, so a process's PID is the program's own.
 */
final class SessionUser {

	/** nobody/nogroup. */
	static final int UID = 65534;

	/** The session's PATH, whatever the test JVM's. */
	static final String PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";

	private SessionUser() {
	}

	static boolean isRoot() {
		try {
			return ((Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid")) == 0;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	static boolean onPath(String tool) {
		for (String dir : PATH.split(File.pathSeparator)) {
			if (new File(dir, tool).canExecute()) {
				return true;
			}
		}
		return false;
	}

	/**
	 * The tools of {@code required} not on {@link #PATH}, and setpriv when root needs it.
	 */
	static List<String> missingTools(List<String> required) {
		List<String> missing = new ArrayList<>(required.stream().filter((tool) -> !onPath(tool)).toList());
		if (isRoot() && !onPath("setpriv")) {
			missing.add("setpriv");
		}
		return missing;
	}

	/**
	 * A fresh work directory the session's user can enter, to reach its runtime
	 * directory, home and configuration inside.
	 */
	static Path createWorkDir(String prefix) {
		try {
			Path dir = Files.createTempDirectory(prefix);
			Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
			return dir;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** Makes {@code path} the session user's. */
	static void handTo(Path path) throws IOException {
		Files.setAttribute(path, "unix:uid", UID);
		Files.setAttribute(path, "unix:gid", UID);
	}

	/**
	 * The variables every process of a session gets: PATH, HOME, the runtime directory,
	 * config and cache homes, a UTF-8 locale.
	 */
	static Map<String, String> baseEnvironment(Path runtimeDir, Path home) {
		Map<String, String> environment = new LinkedHashMap<>();
		environment.put("PATH", PATH);
		environment.put("HOME", home.toString());
		environment.put("XDG_RUNTIME_DIR", runtimeDir.toString());
		environment.put("XDG_CONFIG_HOME", home.resolve(".config").toString());
		environment.put("XDG_CACHE_HOME", home.resolve(".cache").toString());
		environment.put("LANG", "C.UTF-8");
		environment.put("LC_ALL", "C.UTF-8");
		return environment;
	}

	/**
	 * The command line that runs {@code command} with exactly {@code environment}, as the
	 * session's user when {@code dropPrivileges}.
	 */
	static List<String> command(boolean dropPrivileges, Map<String, String> environment, List<String> command) {
		List<String> full = new ArrayList<>();
		if (dropPrivileges) {
			full.addAll(List.of("setpriv", "--reuid=" + UID, "--regid=" + UID, "--clear-groups"));
		}
		full.add("env");
		full.add("-i");
		environment.forEach((name, value) -> full.add(name + "=" + value));
		full.addAll(command);
		return full;
	}

}
