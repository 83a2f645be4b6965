package dev.deskhand.platform.linux.x11;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.WindowDriver;
import dev.deskhand.platform.WindowInfo;

/**
 * Windows from EWMH and ICCCM properties, on the observation connection (any thread,
 * under its lock). A window can vanish between any two requests: that leaves it out of an
 * answer, never fails one.
 *
 * <p>
 * With the agent's own seat (the own-seat working mode), the focused window is the one
 * the agent's master keyboard has the focus on, and activating a window gives that
 * keyboard the focus ({@code XISetFocus}) without asking the window manager: the person's
 * focus and active window stay as they are, and the window is not raised.
 */
final class X11WindowDriver implements WindowDriver {

	private static final Logger logger = LoggerFactory.getLogger(X11WindowDriver.class);

	/**
	 * {@code _NET_ACTIVE_WINDOW}'s source indication for a pager: EWMH lets a window
	 * manager's focus-stealing prevention refuse an application's request, not a pager's.
	 */
	private static final long SOURCE_PAGER = 2;

	private static final long CURRENT_TIME = 0;

	/**
	 * How often {@link #activate} looks whether the window manager has activated the
	 * window.
	 */
	private static final long POLL_MILLIS = 10;

	/**
	 * How often {@link #activate} repeats its request: a lost or refused request looks
	 * the same as a slow window manager, and asking again is harmless.
	 */
	private static final long ASK_AGAIN_NANOS = TimeUnit.SECONDS.toNanos(1);

	/**
	 * How far below a focused frame the client window may sit (openbox: frame, then
	 * client).
	 */
	private static final int CLIENT_SEARCH_DEPTH = 3;

	private final X11SharedConnection observe;

	private final X11ClientProcess processes;

	private final X11AgentSeat seat;

	X11WindowDriver(X11SharedConnection observe, X11ClientProcess processes) {
		this(observe, processes, null);
	}

	/**
	 * @param seat the agent's own seat, whose keyboard focus is the agent's; {@code null}
	 * in the shared mode
	 */
	X11WindowDriver(X11SharedConnection observe, X11ClientProcess processes, X11AgentSeat seat) {
		this.observe = observe;
		this.processes = processes;
		this.seat = seat;
	}

	@Override
	public Optional<WindowInfo> focusedWindow() {
		Optional<X11WindowFacts> window = this.observe
			.call((connection) -> connection.expectingErrors(() -> focused(connection)));
		// /proc is read outside the connection's lock: it needs no X and should not hold
		// up capture
		return window.map((facts) -> info(facts, true));
	}

	@Override
	public List<WindowInfo> list() {
		Snapshot snapshot = this.observe.call((connection) -> connection.expectingErrors(() -> snapshot(connection)));
		List<WindowInfo> windows = new ArrayList<>(snapshot.windows().size());
		for (X11WindowFacts facts : snapshot.windows()) {
			windows.add(info(facts, facts.id() == snapshot.active()));
		}
		return windows;
	}

	@Override
	public boolean activate(long windowId, Duration timeout) {
		long start = System.nanoTime();
		long timeoutNanos = saturatedNanos(timeout);
		long nextRequest = start;
		while (true) {
			long now = System.nanoTime();
			boolean ask = now - nextRequest >= 0;
			boolean active = this.observe
				.call((connection) -> connection.expectingErrors(() -> askAndCheck(connection, windowId, ask)));
			if (active) {
				return true;
			}
			if (ask) {
				nextRequest = now + ASK_AGAIN_NANOS;
			}
			if (System.nanoTime() - start >= timeoutNanos) {
				logger.debug("window 0x{} did not become active within {}", Long.toHexString(windowId), timeout);
				return false;
			}
			try {
				Thread.sleep(POLL_MILLIS);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				return false;
			}
		}
	}

	/** The focused client window. */
	Optional<X11WindowFacts> focused(X11Connection connection) {
		discardStaleError(connection);
		long id = activeWindow(connection);
		return (id == X11WindowReader.NONE) ? Optional.empty() : describe(connection, id);
	}

	/**
	 * The managed windows, bottom first, and the active one.
	 *
	 * @param windows the windows, without their executables
	 * @param active the active window, read once for the whole list, or {@code NONE}
	 */
	record Snapshot(List<X11WindowFacts> windows, long active) {
	}

	Snapshot snapshot(X11Connection connection) {
		discardStaleError(connection);
		long[] clients = clientList(connection);
		long active = activeWindow(connection);
		List<X11WindowFacts> windows = (clients != null) ? read(connection, clients) : List.of();
		discardStaleError(connection);
		return new Snapshot(windows, active);
	}

	/**
	 * Asks the window manager to activate the window (when {@code ask}) and reads whether
	 * it is active.
	 * @throws DeskhandException E_NOT_FOUND when the window manager does not manage the
	 * window
	 */
	private boolean askAndCheck(X11Connection connection, long windowId, boolean ask) {
		discardStaleError(connection);
		long[] clients = clientList(connection);
		if (clients == null) {
			throw new DeskhandException(ErrorCode.E_UNSUPPORTED, "no EWMH window manager manages X display "
					+ connection.name() + ", so windows cannot be activated; run one (openbox, or any desktop's)");
		}
		if (!contains(clients, windowId)) {
			throw new DeskhandException(ErrorCode.E_NOT_FOUND, String.format(
					"window 0x%x is not a window on X display" + " %s (it may have closed); list the windows again",
					windowId, connection.name()));
		}
		if (this.seat != null) {
			if (ask) {
				// the read below is a round trip: a BadMatch (the window is not viewable)
				// is recorded by then, and the focus stays where it was
				this.seat.focus(connection, windowId);
			}
			return activeWindow(connection) == windowId;
		}
		if (ask) {
			// a minimized window is restored too (openbox does; tested); the read below
			// flushes
			X11WindowReader.messageWindowManager(connection, windowId, "_NET_ACTIVE_WINDOW", SOURCE_PAGER, CURRENT_TIME,
					X11WindowReader.NONE);
		}
		return netActiveWindow(connection) == windowId;
	}

	/**
	 * {@code _NET_CLIENT_LIST_STACKING} (bottom first), else {@code _NET_CLIENT_LIST}.
	 * @return the managed windows, or {@code null} without an EWMH window manager
	 */
	long[] clientList(X11Connection connection) {
		long root = connection.root().longValue();
		for (String name : List.of("_NET_CLIENT_LIST_STACKING", "_NET_CLIENT_LIST")) {
			X11Property list = X11WindowReader.property(connection, root, name);
			if (list != null && list.format() == 32) {
				return list.numbers();
			}
		}
		return null;
	}

	/** One request at a time, unless {@link X11WindowBatch} can send them all at once. */
	private static List<X11WindowFacts> read(X11Connection connection, long[] windows) {
		if (X11WindowBatch.isAvailable()) {
			return X11WindowBatch.read(connection, windows);
		}
		List<X11WindowFacts> facts = new ArrayList<>(windows.length);
		for (long window : windows) {
			X11WindowFacts read = X11WindowReader.facts(connection, window);
			if (read != null) {
				facts.add(read);
			}
			else {
				logger.debug("window 0x{} vanished while it was being read", Long.toHexString(window));
			}
		}
		return facts;
	}

	/**
	 * Title, class, pid and bounds of a client window.
	 * @return them, or empty when the window is gone
	 */
	Optional<X11WindowFacts> describe(X11Connection connection, long id) {
		discardStaleError(connection);
		List<X11WindowFacts> facts = read(connection, new long[] { id });
		discardStaleError(connection);
		return facts.stream().findFirst();
	}

	/**
	 * Adds what the X server does not know: whether the pid is local, and its executable.
	 */
	private WindowInfo info(X11WindowFacts facts, boolean focused) {
		long pid = facts.pid();
		if (pid != 0 && !this.processes.isLocal(facts.machine())) {
			logger.debug("window 0x{} belongs to a client on {}: its pid {} is not a local process",
					Long.toHexString(facts.id()), facts.machine(), pid);
			pid = 0;
		}
		return new WindowInfo(facts.id(), facts.title(), facts.appClass(), facts.appInstance(),
				this.processes.executable(pid), pid, facts.bounds(), focused);
	}

	/** {@code _NET_ACTIVE_WINDOW}, or -1 when the window manager does not publish it. */
	private static long netActiveWindow(X11Connection connection) {
		X11Property active = X11WindowReader.property(connection, connection.root().longValue(), "_NET_ACTIVE_WINDOW");
		return (active != null && active.format() == 32 && active.numbers().length > 0) ? active.number() : -1;
	}

	/**
	 * {@code _NET_ACTIVE_WINDOW} when the window manager publishes it (None: nothing is
	 * active); without one, the client that holds the X input focus.
	 */
	long activeWindow(X11Connection connection) {
		if (this.seat != null) {
			long focus = this.seat.focus(connection);
			// the agent's keyboard starts focused on None (X11AgentSeat.create), never
			// on the window under a pointer
			return (focus == X11WindowReader.POINTER_ROOT) ? X11WindowReader.NONE : focusClient(connection, focus);
		}
		long active = netActiveWindow(connection);
		return (active >= 0) ? active : inputFocusClient(connection);
	}

	/**
	 * The client window that holds the X input focus. The focus is usually on a window
	 * inside the client (Swing focuses a child proxy window) or on a window manager's
	 * frame around it; the client is the window with {@code WM_STATE}, which the window
	 * manager sets on the windows it manages. Without a window manager nothing has
	 * WM_STATE, and the root's child is the client.
	 */
	long inputFocusClient(X11Connection connection) {
		return focusClient(connection, X11WindowReader.inputFocus(connection));
	}

	private long focusClient(X11Connection connection, long focus) {
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

	/**
	 * Breadth first, as xdotool does: the client is a shallow descendant of its frame.
	 */
	private long clientBelow(X11Connection connection, long frame) {
		Deque<long[]> queue = new ArrayDeque<>();
		queue.add(new long[] { frame, 0 });
		while (!queue.isEmpty()) {
			long[] next = queue.poll();
			X11WindowReader.Tree tree = (next[1] < CLIENT_SEARCH_DEPTH) ? X11WindowReader.tree(connection, next[0])
					: null;
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

	private static boolean contains(long[] windows, long window) {
		for (long candidate : windows) {
			if (candidate == window) {
				return true;
			}
		}
		return false;
	}

	private static long saturatedNanos(Duration timeout) {
		if (timeout.isNegative()) {
			return 0;
		}
		try {
			return timeout.toNanos();
		}
		catch (ArithmeticException ex) {
			return Long.MAX_VALUE;
		}
	}

	/** Another caller of the shared connection may have left an error unclaimed. */
	private static void discardStaleError(X11Connection connection) {
		X11Error stale = connection.takeError();
		if (stale != null) {
			logger.debug("discarding an earlier X error on the observation connection: {}", stale.describe());
		}
	}

}
