package dev.deskhand.platform.linux.x11;

import java.util.List;
import java.util.Optional;

/**
 * The application behind CLIPBOARD's owner window, named the way window grants and the
 * privacy mask name a window's app: its {@code WM_CLASS} instance and class, and the
 * executable of its {@code _NET_WM_PID}. An owner window is often an unmapped helper
 * without either (toolkits own selections through one); then its
 * {@code WM_CLIENT_LEADER}, the window that speaks for the client, is asked.
 *
 * @param instance the first half of {@code WM_CLASS}, or {@code null}
 * @param appClass the second half, or {@code null}
 * @param executable the local process's executable, or {@code null}
 */
record X11ClipboardOwnerApp(String instance, String appClass, String executable) {

	static final String WM_CLIENT_LEADER = "WM_CLIENT_LEADER";

	/** Whether {@code name} is this app, case-insensitively, as a masked-apps entry. */
	boolean is(String name) {
		return name.equalsIgnoreCase(this.instance) || name.equalsIgnoreCase(this.appClass)
				|| name.equalsIgnoreCase(this.executable);
	}

	/** The first of {@code names} that is this app. */
	Optional<String> firstOf(List<String> names) {
		return names.stream().filter(this::is).findFirst();
	}

	/**
	 * @return the owner window's app, or empty when neither it nor its client leader says
	 * which it is
	 */
	static Optional<X11ClipboardOwnerApp> of(X11Connection connection, long owner, X11ClientProcess processes) {
		Optional<X11ClipboardOwnerApp> own = read(connection, owner, processes);
		if (own.isPresent()) {
			return own;
		}
		X11Property leader = X11WindowReader.property(connection, owner, WM_CLIENT_LEADER);
		if (leader == null || leader.numbers().length == 0 || leader.numbers()[0] == owner
				|| leader.numbers()[0] == 0) {
			return Optional.empty();
		}
		return read(connection, leader.numbers()[0], processes);
	}

	private static Optional<X11ClipboardOwnerApp> read(X11Connection connection, long window,
			X11ClientProcess processes) {
		X11Property wmClass = X11WindowReader.property(connection, window, X11WindowFacts.WM_CLASS);
		List<String> hint = (wmClass != null) ? wmClass.strings() : List.of();
		X11Property pid = X11WindowReader.property(connection, window, X11WindowFacts.NET_WM_PID);
		String executable = (pid != null && pid.numbers().length > 0 && pid.numbers()[0] > 0)
				? processes.executable(pid.numbers()[0]) : null;
		String instance = (hint.size() > 0 && !hint.get(0).isEmpty()) ? hint.get(0) : null;
		String appClass = (hint.size() > 1 && !hint.get(1).isEmpty()) ? hint.get(1) : null;
		if (instance == null && appClass == null && executable == null) {
			return Optional.empty();
		}
		return Optional.of(new X11ClipboardOwnerApp(instance, appClass, executable));
	}

}
