package dev.deskhand.platform.linux.wayland;

import dev.deskhand.platform.linux.wayland.sway.SwaySocket;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;

/**
 * Starts programs as clients of the driven compositor: launched applications, and the
 * {@code wl-copy}/{@code wl-paste} helpers of the clipboard.
 *
 * <p>
 * A child gets the JVM's environment with the compositor's {@code WAYLAND_DISPLAY},
 * {@code XDG_RUNTIME_DIR}, {@code SWAYSOCK} and, when Xwayland is up, {@code DISPLAY} (so
 * an X-only program lands on Xwayland, not on some other X server). When Deskhand runs as
 * root and the compositor as another user (sway refuses to run as root, so a root service
 * next to a user's sway is the usual case), the child runs as the compositor's user
 * through {@code setpriv}: a root client would leave root-owned files in the user's
 * runtime directory ({@code dconf} then fails for every later client of that user), could
 * not reach Xwayland (it admits the compositor's user only), and would give the agent
 * root's rights.
 */
public final class WaylandLauncher {

	private static final Logger logger = LoggerFactory.getLogger(WaylandLauncher.class);

	private static final File NO_INPUT = new File("/dev/null");

	/**
	 * Where children go and as whom.
	 *
	 * @param runtimeDir the compositor's {@code XDG_RUNTIME_DIR}
	 * @param waylandDisplay its Wayland socket name, e.g. {@code wayland-1}
	 * @param variables further variables the compositor's clients expect
	 * ({@code SWAYSOCK}, {@code DISPLAY})
	 * @param user the user to run children as (with {@code setpriv}), or empty to run
	 * them as this process's user
	 */
	public record Target(Path runtimeDir, String waylandDisplay, Map<String, String> variables, Optional<User> user) {

		public Target {
			variables = Map.copyOf(variables);
		}

		/**
		 * sway's clients, from this process: {@code SWAYSOCK}, and {@code DISPLAY} when
		 * sway runs an Xwayland.
		 */
		static Target sway(Path runtimeDir, String waylandDisplay, Path swaySocket) {
			Map<String, String> variables = new LinkedHashMap<>();
			variables.put("SWAYSOCK", swaySocket.toString());
			SwaySocket.xwaylandDisplay(swaySocket, Path.of("/tmp")).ifPresent((x) -> variables.put("DISPLAY", x));
			return of(runtimeDir, waylandDisplay, variables, ownUid(), Path.of("/etc/passwd"));
		}

		/**
		 * Another compositor's clients (KWin's), from this process.
		 * @param variables what its clients expect beyond the runtime directory and the
		 * Wayland display (the session bus)
		 */
		public static Target of(Path runtimeDir, String waylandDisplay, Map<String, String> variables) {
			return of(runtimeDir, waylandDisplay, variables, ownUid(), Path.of("/etc/passwd"));
		}

		/** This target as seen from a process running as {@code ownUid}. */
		static Target of(Path runtimeDir, String waylandDisplay, Map<String, String> variables, long ownUid,
				Path passwd) {
			return new Target(runtimeDir, waylandDisplay, variables, User.switchTo(runtimeDir, ownUid, passwd));
		}

		/** The compositor's environment, as it must be set in a child. */
		Map<String, String> environment() {
			Map<String, String> environment = new LinkedHashMap<>(this.variables);
			environment.put("XDG_RUNTIME_DIR", this.runtimeDir.toString());
			environment.put("WAYLAND_DISPLAY", this.waylandDisplay);
			this.user.flatMap(User::home).ifPresent((home) -> environment.put("HOME", home));
			return environment;
		}

	}

	/**
	 * The compositor's user.
	 *
	 * @param uid its uid
	 * @param gid its primary group
	 * @param home its home from {@code /etc/passwd}, when it has an entry with a home
	 * that exists
	 * @param inPasswd whether {@code /etc/passwd} has it (then it gets its own
	 * supplementary groups, else none)
	 */
	public record User(long uid, long gid, Optional<String> home, boolean inPasswd) {

		/**
		 * The user children must run as: the owner of the runtime directory, when that is
		 * not this process's user and this process is root (only root can switch).
		 */
		static Optional<User> switchTo(Path runtimeDir, long ownUid, Path passwd) {
			if (ownUid != 0) {
				return Optional.empty();
			}
			try {
				long uid = ((Number) Files.getAttribute(runtimeDir, "unix:uid")).longValue();
				long gid = ((Number) Files.getAttribute(runtimeDir, "unix:gid")).longValue();
				if (uid == ownUid) {
					return Optional.empty();
				}
				Optional<String[]> entry = entry(passwd, uid);
				return Optional.of(new User(uid, gid,
						entry.map((fields) -> fields[5]).filter((home) -> Files.isDirectory(Path.of(home))),
						entry.isPresent()));
			}
			catch (IOException | UnsupportedOperationException | IllegalArgumentException | SecurityException ex) {
				return Optional.empty();
			}
		}

		private static Optional<String[]> entry(Path passwd, long uid) {
			try {
				for (String line : Files.readAllLines(passwd, StandardCharsets.UTF_8)) {
					String[] fields = line.split(":", -1);
					if (fields.length >= 7 && fields[2].equals(Long.toString(uid)) && !fields[5].isEmpty()) {
						return Optional.of(fields);
					}
				}
			}
			catch (IOException | RuntimeException ex) {
				// not known: the child gets no supplementary groups and keeps the JVM's
				// HOME
			}
			return Optional.empty();
		}

	}

	private WaylandLauncher() {
	}

	/** This process's uid, without native code: the owner of {@code /proc/self}. */
	static long ownUid() {
		try {
			return ((Number) Files.getAttribute(Path.of("/proc/self"), "unix:uid")).longValue();
		}
		catch (IOException | UnsupportedOperationException | IllegalArgumentException | SecurityException ex) {
			return -1;
		}
	}

	/**
	 * Starts a program on the compositor.
	 * @return the started process (with {@code setpriv}, which execs the program, the
	 * program itself); its output is discarded and its input is empty
	 * @throws DeskhandException E_NOT_FOUND when the program cannot be started
	 */
	public static Process start(Target target, List<String> command) {
		if (command.isEmpty()) {
			throw DeskhandException.args("no program to launch");
		}
		ProcessBuilder builder = builder(target, command).redirectInput(NO_INPUT)
			.redirectOutput(ProcessBuilder.Redirect.DISCARD)
			.redirectError(ProcessBuilder.Redirect.DISCARD);
		try {
			Process process = builder.start();
			logger.info("launched {} (pid {}) on Wayland display {}", command, process.pid(), target.waylandDisplay());
			return process;
		}
		catch (IOException ex) {
			throw new DeskhandException(ErrorCode.E_NOT_FOUND,
					"cannot start " + command.get(0) + ": " + ex.getMessage() + "; check the launch command", ex);
		}
	}

	/**
	 * A process builder for a client of the compositor: its environment set, and the
	 * command run as the compositor's user where that is needed. Redirections are the
	 * caller's.
	 */
	static ProcessBuilder builder(Target target, List<String> command) {
		List<String> full = new ArrayList<>();
		target.user().ifPresent((user) -> {
			full.add("setpriv");
			full.add("--reuid=" + user.uid());
			full.add("--regid=" + user.gid());
			// the root service's supplementary groups must not reach the child; a user
			// in /etc/passwd gets its own
			full.add(user.inPasswd() ? "--init-groups" : "--clear-groups");
			full.add("--");
		});
		full.addAll(command);
		ProcessBuilder builder = new ProcessBuilder(full);
		Map<String, String> environment = builder.environment();
		environment.putAll(target.environment());
		if (!target.variables().containsKey("DISPLAY")) {
			// an X-only program must not open its windows on some other X server the JVM
			// happens to know, where Deskhand does not look
			environment.remove("DISPLAY");
		}
		return builder;
	}

}
