package dev.deskhand.platform.linux.x11;

import java.util.List;
import java.util.Map;

import dev.deskhand.platform.Rect;

/**
 * What a client window says about itself, as read from the server. Pure: the choices
 * (which title wins, which half of {@code WM_CLASS} is the class) are tested without an X
 * server.
 *
 * @param id the client window
 * @param properties the {@link #PROPERTIES} the window has, by name; a missing one is
 * absent
 * @param bounds the client area in root coordinates
 */
record X11WindowFacts(long id, Map<String, X11Property> properties, Rect bounds) {

	static final String NET_WM_NAME = "_NET_WM_NAME";

	static final String WM_NAME = "WM_NAME";

	static final String WM_CLASS = "WM_CLASS";

	static final String NET_WM_PID = "_NET_WM_PID";

	static final String WM_CLIENT_MACHINE = "WM_CLIENT_MACHINE";

	/** Everything read for a window. */
	static final List<String> PROPERTIES = List.of(NET_WM_NAME, WM_NAME, WM_CLASS, NET_WM_PID, WM_CLIENT_MACHINE);

	X11WindowFacts {
		properties = Map.copyOf(properties);
	}

	/**
	 * {@code _NET_WM_NAME} (UTF-8) when set, else {@code WM_NAME}: xterm sets only the
	 * latter, as COMPOUND_TEXT.
	 */
	String title() {
		String title = text(NET_WM_NAME);
		return title.isEmpty() ? text(WM_NAME) : title;
	}

	/** The first half of {@code WM_CLASS}, e.g. {@code xterm}. */
	String appInstance() {
		List<String> hint = classHint();
		return hint.isEmpty() ? "" : hint.get(0);
	}

	/** The second half of {@code WM_CLASS}, e.g. {@code XTerm}. */
	String appClass() {
		List<String> hint = classHint();
		return (hint.size() > 1) ? hint.get(1) : "";
	}

	/**
	 * {@code _NET_WM_PID} as the client wrote it, 0 when absent; see
	 * {@link X11ClientProcess}.
	 */
	long pid() {
		X11Property pid = this.properties.get(NET_WM_PID);
		return (pid != null && pid.format() == 32) ? pid.number() : 0;
	}

	/** The host the client runs on, or empty. */
	String machine() {
		return text(WM_CLIENT_MACHINE);
	}

	private List<String> classHint() {
		X11Property wmClass = this.properties.get(WM_CLASS);
		return (wmClass != null) ? wmClass.strings() : List.of();
	}

	private String text(String name) {
		X11Property property = this.properties.get(name);
		return (property != null) ? property.text() : "";
	}

}
