package dev.deskhand.platform.linux.gnome;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.freedesktop.dbus.connections.AbstractConnection;
import org.freedesktop.dbus.exceptions.DBusExecutionException;
import org.freedesktop.dbus.types.Variant;

import dev.deskhand.platform.linux.dbus.DbusCall;

/**
 * gnome-shell's window list, {@code org.gnome.Shell.Introspect.GetWindows}: on a stock
 * gnome-shell 43 it answers only callers that own one of the portal backends' names or
 * when the Shell runs in unsafe mode ({@code AccessDenied: GetWindows is not allowed}),
 * and mutter alone has no Shell at all ({@code ServiceUnknown}). Where it answers it
 * gives ids, titles, app ids, WM classes, sizes and focus, but no position (43) and no
 * process, and no stacking order (the answer is a dictionary).
 */
final class ShellIntrospect {

	static final String BUS_NAME = "org.gnome.Shell.Introspect";

	static final String PATH = "/org/gnome/Shell/Introspect";

	/** Whether the Shell lets this caller list windows. */
	enum Access {

		/** GetWindows answered. */
		OPEN,

		/** No Shell on the bus (mutter alone, or not GNOME). */
		ABSENT,

		/** The Shell refused this caller (a stock gnome-shell). */
		DENIED

	}

	/**
	 * One window as the Shell lists it.
	 *
	 * @param id mutter's window id
	 * @param title its title, or empty
	 * @param appId the application's desktop file id without {@code .desktop}, or empty
	 * (also for the Shell's {@code window:N} stand-in when it matched no desktop file)
	 * @param wmClass its WM class (Wayland: the app id the client set), or empty
	 * @param width its frame's width, 0 when not given
	 * @param height its frame's height, 0 when not given
	 * @param focused whether it has keyboard focus
	 * @param hidden whether it is minimized or otherwise not shown
	 */
	record ShellWindow(long id, String title, String appId, String wmClass, int width, int height, boolean focused,
			boolean hidden) {
	}

	private ShellIntrospect() {
	}

	/** Calls GetWindows; its answer's parameters. */
	static Object[] getWindows(AbstractConnection bus, Duration timeout) {
		return DbusCall.call(bus, BUS_NAME, PATH, BUS_NAME, "GetWindows", timeout, "");
	}

	/**
	 * What a failed GetWindows says about access.
	 * @return {@link Access#ABSENT} or {@link Access#DENIED}, or {@code null} when the
	 * error says neither (a timeout, a failing Shell)
	 */
	static Access refusal(DBusExecutionException ex) {
		// dbus-java 5 raises the standard errors as classes of those names
		// (org.freedesktop.dbus.errors.AccessDenied); any other error name is lost
		return switch (ex.getClass().getSimpleName()) {
			case "ServiceUnknown", "UnknownObject", "UnknownMethod", "UnknownInterface" -> Access.ABSENT;
			case "AccessDenied" -> Access.DENIED;
			default -> null;
		};
	}

	/**
	 * Maps GetWindows' answer {@code a{ta{sv}}}: window id to its properties
	 * ({@code title}, {@code app-id}, {@code wm-class}, {@code width}, {@code height},
	 * {@code has-focus}, {@code is-hidden}, ...).
	 */
	static List<ShellWindow> windows(Object[] answer) {
		List<ShellWindow> windows = new ArrayList<>();
		if (answer.length == 0 || !(answer[0] instanceof Map<?, ?> byId)) {
			return windows;
		}
		for (Map.Entry<?, ?> entry : byId.entrySet()) {
			Map<?, ?> properties = (entry.getValue() instanceof Map<?, ?> map) ? map : Map.of();
			String appId = string(properties, "app-id");
			if (appId.startsWith("window:")) {
				// the Shell's stand-in for a window it matched to no desktop file
				appId = "";
			}
			else if (appId.endsWith(".desktop")) {
				appId = appId.substring(0, appId.length() - ".desktop".length());
			}
			windows.add(new ShellWindow(((Number) entry.getKey()).longValue(), string(properties, "title"), appId,
					string(properties, "wm-class"), number(properties, "width"), number(properties, "height"),
					flag(properties, "has-focus"), flag(properties, "is-hidden")));
		}
		return windows;
	}

	private static Object value(Map<?, ?> properties, String key) {
		Object value = properties.get(key);
		return (value instanceof Variant<?> variant) ? variant.getValue() : value;
	}

	private static String string(Map<?, ?> properties, String key) {
		return (value(properties, key) instanceof String s) ? s : "";
	}

	private static int number(Map<?, ?> properties, String key) {
		return (value(properties, key) instanceof Number n) ? n.intValue() : 0;
	}

	private static boolean flag(Map<?, ?> properties, String key) {
		return Boolean.TRUE.equals(value(properties, key));
	}

}
