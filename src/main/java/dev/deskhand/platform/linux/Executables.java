package dev.deskhand.platform.linux;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Programs on {@code PATH}: what every Linux driver needs to start its helpers (Xvfb,
 * openbox, {@code wl-copy}). The program behind a process id is
 * {@link ProcessExecutables}.
 */
public final class Executables {

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

}
