package dev.deskhand.platform;

import java.util.function.UnaryOperator;

/**
 * The display servers a desktop session on Linux (or a BSD) runs, independent of the OS.
 *
 * <p>
 * Detected from environment variables alone, never through JNA or a socket, so that
 * choosing a driver can neither load a native library nor wait on a server. The rules, in
 * order:
 * <ol>
 * <li>{@code WAYLAND_DISPLAY} set: {@link #WAYLAND}, even with {@code DISPLAY} set. A
 * Wayland session almost always has {@code DISPLAY} too, for Xwayland, but Xwayland shows
 * only the X11 applications: a driver on it would not see, capture or reach the native
 * Wayland windows the user sees. It also wins over {@code XDG_SESSION_TYPE=x11}: it names
 * the compositor this process was started for (a nested or headless one).</li>
 * <li>{@code XDG_SESSION_TYPE=wayland}: {@link #WAYLAND}. The login session is Wayland
 * but the socket's name was not passed on (a service started without the session's
 * variables); Wayland clients then try {@code wayland-0}, and driving Xwayland would
 * again miss the native windows.</li>
 * <li>{@code XDG_SESSION_TYPE=x11} or {@code DISPLAY} set: {@link #X11}.</li>
 * <li>nothing: {@link #NONE} (a server, a container, CI); the X11 driver then starts and
 * drives its own Xvfb.</li>
 * </ol>
 * {@code XDG_SESSION_TYPE} values other than {@code wayland} and {@code x11} ({@code tty}
 * over ssh, {@code unspecified}) say nothing, so {@code ssh -X} still means X11.
 */
public enum DisplayServer {

	X11, WAYLAND, NONE;

	/** The display server of this process' environment. */
	public static DisplayServer current() {
		return detect(System::getenv).server();
	}

	/**
	 * The display server a session with these environment variables runs, by the rules
	 * above.
	 * @param variables an environment variable's value by name, {@code null} when unset
	 */
	public static DisplayServer of(UnaryOperator<String> variables) {
		return detect(variables).server();
	}

	/**
	 * Applies the rules above.
	 * @param variables an environment variable's value by name, {@code null} when unset
	 */
	static Detection detect(UnaryOperator<String> variables) {
		String waylandDisplay = nonBlank(variables.apply("WAYLAND_DISPLAY"));
		String sessionType = nonBlank(variables.apply("XDG_SESSION_TYPE"));
		String display = nonBlank(variables.apply("DISPLAY"));
		if (waylandDisplay != null) {
			return new Detection(WAYLAND, "WAYLAND_DISPLAY=" + waylandDisplay);
		}
		if ("wayland".equalsIgnoreCase(sessionType)) {
			return new Detection(WAYLAND, "XDG_SESSION_TYPE=" + sessionType);
		}
		if (display != null) {
			return new Detection(X11, "DISPLAY=" + display);
		}
		if ("x11".equalsIgnoreCase(sessionType)) {
			return new Detection(X11, "XDG_SESSION_TYPE=" + sessionType);
		}
		return new Detection(NONE, "WAYLAND_DISPLAY, XDG_SESSION_TYPE and DISPLAY unset");
	}

	private static String nonBlank(String value) {
		return (value == null || value.isBlank()) ? null : value.trim();
	}

	/**
	 * A display server and what said so, for condition reports and start-up failures.
	 *
	 * @param evidence e.g. {@code WAYLAND_DISPLAY=wayland-1} or
	 * {@code deskhand.platform.display-server=x11}
	 */
	record Detection(DisplayServer server, String evidence) {

		@Override
		public String toString() {
			return this.server + " (" + this.evidence + ")";
		}

	}

}
