package dev.deskhand.platform.linux;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Programs on {@code PATH} and the programs behind process ids, from the file system:
 * what every Linux driver needs to start helpers (Xvfb, {@code wl-copy}) and to name the
 * program a window belongs to.
 */
public final class Executables {

	private static final String DELETED = " (deleted)";

	private Executables() {
	}

	/**
	 * @param name a program name such as {@code Xvfb}
	 * @param path a {@code PATH} value
	 * @return the first regular, executable file of that name on the path
	 */
	public static Optional<Path> find(String name, String path) {
		for (String directory : path.split(File.pathSeparator)) {
			if (directory.isEmpty()) {
				continue;
			}
			Path candidate = Path.of(directory, name);
			if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
				return Optional.of(candidate);
			}
		}
		return Optional.empty();
	}

	/**
	 * @param proc the proc file system root, {@code /proc} outside tests
	 * @return the file name of the process's executable ({@code xterm}, {@code java}), or
	 * empty when the process is gone or belongs to a user whose {@code /proc} entries
	 * this one may not read
	 */
	public static String ofProcess(Path proc, long pid) {
		if (pid <= 0) {
			return "";
		}
		try {
			Path target = Files.readSymbolicLink(proc.resolve(Long.toString(pid)).resolve("exe"));
			Path fileName = target.getFileName();
			String name = (fileName != null) ? fileName.toString() : "";
			// the kernel's mark for an executable replaced on disk since it started (an
			// upgrade)
			return name.endsWith(DELETED) ? name.substring(0, name.length() - DELETED.length()) : name;
		}
		catch (IOException | UnsupportedOperationException | SecurityException ex) {
			return "";
		}
	}

}
