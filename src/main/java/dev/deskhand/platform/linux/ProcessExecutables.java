package dev.deskhand.platform.linux;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Which program a process runs, from {@code /proc/PID/exe}: what app grants match a
 * window's owner on, on every Linux driver.
 */
public final class ProcessExecutables {

	private static final String DELETED = " (deleted)";

	private final Path proc;

	public ProcessExecutables(Path proc) {
		this.proc = proc;
	}

	/** This host's {@code /proc}. */
	public static ProcessExecutables system() {
		return new ProcessExecutables(Path.of("/proc"));
	}

	/**
	 * The file name of a process's executable.
	 * <p>
	 * Only the link the kernel keeps is read, never {@code comm}: a process sets its own
	 * {@code comm}, and an app grant must not follow a name the process chose.
	 * @return the file name ({@code xterm}, {@code java}), or empty when the process is
	 * gone or belongs to a user whose {@code /proc} entries this one may not read
	 */
	public String executable(long pid) {
		if (pid <= 0) {
			return "";
		}
		try {
			Path target = Files.readSymbolicLink(this.proc.resolve(Long.toString(pid)).resolve("exe"));
			Path fileName = target.getFileName();
			String name = (fileName != null) ? fileName.toString() : "";
			// the kernel's mark for an executable replaced on disk since it started
			// (an upgrade)
			return name.endsWith(DELETED) ? name.substring(0, name.length() - DELETED.length()) : name;
		}
		catch (IOException | UnsupportedOperationException | SecurityException ex) {
			return "";
		}
	}

}
