package dev.deskhand.platform.linux.wayland.sway;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;

/**
 * Where sway's IPC socket is: {@code $SWAYSOCK}, else the one
 * {@code $XDG_RUNTIME_DIR/sway-ipc.<uid>.<pid>.sock} there is. sway names the socket
 * after its own pid, which is how the driver finds the compositor's process (and the
 * Xwayland display it owns) without asking the kernel for peer credentials.
 */
public final class SwaySocket {

	private static final Pattern NAME = Pattern.compile("sway-ipc\\.(\\d+)\\.(\\d+)\\.sock");

	private static final Pattern LOCK = Pattern.compile("\\.X(\\d+)-lock");

	private SwaySocket() {
	}

	/**
	 * @param environment the session's environment ({@code SWAYSOCK},
	 * {@code XDG_RUNTIME_DIR})
	 * @throws DeskhandException E_NO_DESKTOP naming what was looked at when there is no
	 * socket, or when several sway instances leave the choice open
	 */
	public static Path locate(Map<String, String> environment) {
		String swaysock = environment.get("SWAYSOCK");
		if (swaysock != null && !swaysock.isBlank()) {
			Path socket = Path.of(swaysock);
			if (!Files.exists(socket)) {
				throw new DeskhandException(ErrorCode.E_NO_DESKTOP,
						"SWAYSOCK names " + socket + ", which does not exist; is sway running?");
			}
			return socket;
		}
		String runtime = environment.get("XDG_RUNTIME_DIR");
		if (runtime == null || runtime.isBlank()) {
			throw new DeskhandException(ErrorCode.E_NO_DESKTOP,
					"neither SWAYSOCK nor XDG_RUNTIME_DIR is set, so sway's IPC socket cannot be found");
		}
		List<Path> found = candidates(Path.of(runtime));
		if (found.isEmpty()) {
			throw new DeskhandException(ErrorCode.E_NO_DESKTOP, "no sway IPC socket (sway-ipc.*.sock) in " + runtime
					+ "; is sway running for this runtime directory? Set SWAYSOCK to choose one");
		}
		if (found.size() > 1) {
			throw new DeskhandException(ErrorCode.E_NO_DESKTOP,
					"several sway IPC sockets in " + runtime + " " + found + "; set SWAYSOCK to choose one");
		}
		return found.get(0);
	}

	/** The sway IPC sockets in a runtime directory, sorted by name. */
	static List<Path> candidates(Path runtimeDir) {
		List<Path> found = new ArrayList<>();
		try (DirectoryStream<Path> entries = Files.newDirectoryStream(runtimeDir, "sway-ipc.*.sock")) {
			entries.forEach(found::add);
		}
		catch (IOException | SecurityException ex) {
			return List.of();
		}
		found.sort(Comparator.comparing(Path::toString));
		return found;
	}

	/** The compositor's pid from the socket's name, when it has sway's form. */
	static OptionalLong compositorPid(Path socket) {
		return Optional.ofNullable(socket.getFileName())
			.map((name) -> NAME.matcher(name.toString()))
			.filter(Matcher::matches)
			.map((matcher) -> OptionalLong.of(Long.parseLong(matcher.group(2))))
			.orElse(OptionalLong.empty());
	}

	/**
	 * The X display sway's Xwayland serves, e.g. {@code :0}: wlroots listens on the first
	 * free display number itself (Xwayland starts on the first connection) and writes its
	 * own pid into that display's lock file, {@code /tmp/.X<n>-lock}; sway puts the
	 * number only in its own environment, which {@code /proc} does not show once changed.
	 * @param tmp where the lock files are ({@code /tmp})
	 * @return empty when Xwayland is disabled or the pid is unknown
	 */
	public static Optional<String> xwaylandDisplay(Path socket, Path tmp) {
		OptionalLong pid = compositorPid(socket);
		if (pid.isEmpty()) {
			return Optional.empty();
		}
		List<Path> locks = new ArrayList<>();
		try (DirectoryStream<Path> entries = Files.newDirectoryStream(tmp, ".X*-lock")) {
			entries.forEach(locks::add);
		}
		catch (IOException | SecurityException ex) {
			return Optional.empty();
		}
		locks.sort(Comparator.comparing(Path::toString));
		for (Path lock : locks) {
			Matcher name = LOCK.matcher(lock.getFileName().toString());
			if (name.matches() && pid.getAsLong() == lockPid(lock)
					&& Files.exists(tmp.resolve(".X11-unix").resolve("X" + name.group(1)))) {
				return Optional.of(":" + name.group(1));
			}
		}
		return Optional.empty();
	}

	private static long lockPid(Path lock) {
		try {
			return Long.parseLong(Files.readString(lock, StandardCharsets.US_ASCII).strip());
		}
		catch (IOException | NumberFormatException | SecurityException ex) {
			return -1;
		}
	}

}
