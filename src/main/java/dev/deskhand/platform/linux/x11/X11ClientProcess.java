package dev.deskhand.platform.linux.x11;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

import dev.deskhand.platform.linux.ProcessExecutables;

/**
 * Which program a window belongs to, from the {@code _NET_WM_PID} and
 * {@code WM_CLIENT_MACHINE} the client set. A pid names a process only on the client's
 * own host: a window of a remote client ({@code ssh -X}) would otherwise be credited to
 * whatever local process has the same number, and app grants match on the executable.
 */
final class X11ClientProcess {

	/**
	 * This host's name, {@code null} when unknown (then every client counts as local).
	 */
	private final String localHost;

	private final ProcessExecutables executables;

	X11ClientProcess(String localHost, Path proc) {
		this.localHost = localHost;
		this.executables = new ProcessExecutables(proc);
	}

	/**
	 * This host, as the kernel names it (what {@code hostname} prints and clients
	 * publish).
	 */
	static X11ClientProcess system() {
		String host;
		try {
			host = Files.readString(Path.of("/proc/sys/kernel/hostname"), StandardCharsets.UTF_8).strip();
		}
		catch (IOException | SecurityException ex) {
			host = null;
		}
		return new X11ClientProcess((host == null || host.isEmpty()) ? null : host, Path.of("/proc"));
	}

	/**
	 * Whether a client on {@code machine} runs on this host. A missing machine counts as
	 * local, and so do {@code localhost} and names that agree up to the first dot
	 * ({@code vm} and {@code vm.example.org}).
	 * @param machine the window's {@code WM_CLIENT_MACHINE}, or empty
	 */
	boolean isLocal(String machine) {
		if (machine == null || machine.isEmpty() || this.localHost == null) {
			return true;
		}
		return "localhost".equalsIgnoreCase(machine) || shortName(machine).equals(shortName(this.localHost));
	}

	private static String shortName(String host) {
		int dot = host.indexOf('.');
		return ((dot > 0) ? host.substring(0, dot) : host).toLowerCase(Locale.ROOT);
	}

	/**
	 * @return the file name of the process's executable ({@code xterm}, {@code java}), or
	 * empty when the process is gone or belongs to a user whose {@code /proc} entries
	 * this one may not read
	 */
	String executable(long pid) {
		return this.executables.executable(pid);
	}

}
