package dev.deskhand.platform.x11;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Optional;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.deskhand.platform.FocusedWindow;
import dev.deskhand.platform.WindowDriver;

/**
 * Windows from EWMH and ICCCM properties, on the observation connection (any thread, under its
 * lock). A window can vanish between any two requests: a BadWindow is recorded on the
 * connection, not thrown, and turns into an empty answer or a partial one, never a failure.
 */
final class X11WindowDriver implements WindowDriver {

	private static final Logger logger = LoggerFactory.getLogger(X11WindowDriver.class);

	private static final int BAD_WINDOW = 3;

	/** How far below a focused frame the client window may sit (openbox: frame, then client). */
	private static final int CLIENT_SEARCH_DEPTH = 3;

	private final X11SharedConnection observe;

	private final X11ClientProcess processes;

	X11WindowDriver(X11SharedConnection observe, X11ClientProcess processes) {
		this.observe = observe;
		this.processes = processes;
	}

	@Override
	public Optional<FocusedWindow> focusedWindow() {
		Optional<FocusedWindow> window = this.observe
			.call((connection) -> connection.expectingErrors(() -> focused(connection)));
		// /proc is read outside the connection's lock: it needs no X and should not hold up capture
		return window.map(this::withExecutable);
	}

	private FocusedWindow withExecutable(FocusedWindow window) {
		return new FocusedWindow(window.id(), window.title(), window.appClass(), window.appInstance(),
				this.processes.executable(window.pid()), window.pid());
	}

	/** The focused client window, without its executable. */
	Optional<FocusedWindow> focused(X11Connection connection) {
		discardStaleError(connection);
		long id = activeWindow(connection);
		return (id == X11WindowReader.NONE) ? Optional.empty() : describe(connection, id);
	}

	/**
	 * {@code _NET_ACTIVE_WINDOW} when the window manager publishes it (None: nothing is active);
	 * without one, the client that holds the X input focus.
	 */
	long activeWindow(X11Connection connection) {
		X11Property active = X11WindowReader.property(connection, connection.root().longValue(),
				"_NET_ACTIVE_WINDOW");
		if (active != null && active.format() == 32 && active.numbers().length > 0) {
			return active.number();
		}
		return inputFocusClient(connection);
	}

	/**
	 * The client window that holds the X input focus. The focus is usually on a window inside
	 * the client (Swing focuses a child proxy window) or on a window manager's frame around it;
	 * the client is the window with {@code WM_STATE}, which the window manager sets on the
	 * windows it manages. Without a window manager nothing has WM_STATE, and the root's child is
	 * the client.
	 */
	long inputFocusClient(X11Connection connection) {
		long focus = X11WindowReader.inputFocus(connection);
		if (focus == X11WindowReader.POINTER_ROOT) {
			focus = X11WindowReader.topLevelUnderPointer(connection);
		}
		long root = connection.root().longValue();
		long topLevel = X11WindowReader.NONE;
		for (long window = focus; window != X11WindowReader.NONE && window != root;) {
			if (hasWmState(connection, window)) {
				return window;
			}
			topLevel = window;
			X11WindowReader.Tree tree = X11WindowReader.tree(connection, window);
			window = (tree != null) ? tree.parent() : X11WindowReader.NONE;
		}
		if (topLevel == X11WindowReader.NONE) {
			return X11WindowReader.NONE;
		}
		long below = clientBelow(connection, topLevel);
		return (below != X11WindowReader.NONE) ? below : topLevel;
	}

	/** Breadth first, as xdotool does: the client is a shallow descendant of its frame. */
	private long clientBelow(X11Connection connection, long frame) {
		Deque<long[]> queue = new ArrayDeque<>();
		queue.add(new long[] { frame, 0 });
		while (!queue.isEmpty()) {
			long[] next = queue.poll();
			X11WindowReader.Tree tree = (next[1] < CLIENT_SEARCH_DEPTH)
					? X11WindowReader.tree(connection, next[0]) : null;
			if (tree == null) {
				continue;
			}
			for (long child : tree.children()) {
				if (hasWmState(connection, child)) {
					return child;
				}
				queue.add(new long[] { child, next[1] + 1 });
			}
		}
		return X11WindowReader.NONE;
	}

	private static boolean hasWmState(X11Connection connection, long window) {
		return X11WindowReader.property(connection, window, "WM_STATE") != null;
	}

	/**
	 * Title, class and pid of a client window; the executable is left empty. Empty when the
	 * window is gone before its title was read; partial when it goes later.
	 */
	Optional<FocusedWindow> describe(X11Connection connection, long id) {
		discardStaleError(connection);
		X11Property netName = X11WindowReader.property(connection, id, "_NET_WM_NAME");
		if (windowVanished(connection, id)) {
			return Optional.empty();
		}
		String title = (netName != null) ? netName.text() : "";
		if (title.isEmpty()) {
			title = text(X11WindowReader.property(connection, id, "WM_NAME"));
		}
		X11Property wmClass = X11WindowReader.property(connection, id, "WM_CLASS");
		List<String> classHint = (wmClass != null) ? wmClass.strings() : List.of();
		X11Property pidProperty = X11WindowReader.property(connection, id, "_NET_WM_PID");
		String machine = text(X11WindowReader.property(connection, id, "WM_CLIENT_MACHINE"));
		windowVanished(connection, id);
		long pid = (pidProperty != null) ? pidProperty.number() : 0;
		if (pid != 0 && !this.processes.isLocal(machine)) {
			logger.debug("window 0x{} belongs to a client on {}: its pid {} is not a local process",
					Long.toHexString(id), machine, pid);
			pid = 0;
		}
		return Optional.of(new FocusedWindow(id, title, (classHint.size() > 1) ? classHint.get(1) : "",
				classHint.isEmpty() ? "" : classHint.get(0), "", pid));
	}

	private static String text(X11Property property) {
		return (property != null) ? property.text() : "";
	}

	/** Whether a BadWindow was recorded since the last check: the window went away meanwhile. */
	private static boolean windowVanished(X11Connection connection, long id) {
		X11Error error = connection.takeError();
		if (error == null) {
			return false;
		}
		if (error.errorCode() == BAD_WINDOW) {
			logger.debug("window 0x{} vanished while it was being read", Long.toHexString(id));
			return true;
		}
		logger.debug("X error while reading window 0x{}: {}", Long.toHexString(id), error.describe());
		return false;
	}

	/** Another caller of the shared connection may have left an error unclaimed. */
	private static void discardStaleError(X11Connection connection) {
		X11Error stale = connection.takeError();
		if (stale != null) {
			logger.debug("discarding an earlier X error on the observation connection: {}", stale.describe());
		}
	}

}
