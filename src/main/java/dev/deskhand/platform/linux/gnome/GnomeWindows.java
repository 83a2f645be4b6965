package dev.deskhand.platform.linux.gnome;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

import org.freedesktop.dbus.connections.AbstractConnection;
import org.freedesktop.dbus.exceptions.DBusExecutionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.WindowDriver;
import dev.deskhand.platform.WindowInfo;
import dev.deskhand.platform.linux.ProcessExecutables;
import dev.deskhand.platform.linux.atspi.AtspiTopLevels;
import dev.deskhand.platform.linux.gnome.ShellIntrospect.Access;
import dev.deskhand.platform.linux.gnome.ShellIntrospect.ShellWindow;

/**
 * Windows on GNOME (Wayland) through what GNOME offers a program in the user's session. A
 * Wayland client learns nothing of other clients' windows, and mutter has no window API
 * on D-Bus, so the list comes from one of two places, chosen once, on first use:
 * <ul>
 * <li>gnome-shell's {@code org.gnome.Shell.Introspect.GetWindows} where it answers (a
 * Shell in unsafe mode; a stock Shell refuses it, mutter alone has none): mutter's window
 * ids, titles, app ids and focus;</li>
 * <li>else the accessibility tree (AT-SPI): each application's top-level windows, their
 * titles, the application's name and process, and its toolkit's ACTIVE state, which
 * follows the keyboard focus mutter gives the window. Ids are Deskhand's own, stable
 * while the window lives. Applications that are not in the tree (X11 programs, toolkits
 * without accessibility) are not listed.</li>
 * </ul>
 * <p>
 * <b>No bounds</b>: {@link WindowInfo#bounds()} is {@code null}. A Wayland client never
 * learns where its window is (GTK reports (0,0) plus its shadow), and the Shell's
 * introspection gives sizes without positions; a made-up origin would send clicks to the
 * wrong place, so tools see "position unknown" instead. For the same reason the order is
 * not the stacking order, which neither source gives: the focused window comes last (it
 * is on top), the others in the source's order.
 * <p>
 * <b>No activation</b> of another window: mutter offers no call for it, the Shell's
 * introspection has none, and a toolkit's own request is not honoured: AT-SPI
 * {@code GrabFocus} on a GTK 3.24 window's focusable widget (GTK then calls
 * {@code gtk_window_present}) answers true and the window is mapped again, but the focus
 * stays where it was, on mutter 43 and gnome-shell 43 alike (focus-stealing prevention:
 * the request carries no user action). So {@link #activate} succeeds only for the window
 * that already has focus and otherwise fails with {@code E_UNSUPPORTED}, pointing the
 * agent at a click or alt+tab: input does move the focus (alt+tab switched to the window
 * used before the current one on both; repeated alt+escape on mutter went back and forth
 * between two of three windows, so neither reaches an arbitrary window). Thread-safe.
 */
public final class GnomeWindows implements WindowDriver, AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(GnomeWindows.class);

	private final AbstractConnection sessionBus;

	private final AtspiTopLevels topLevels;

	private final ProcessExecutables executables;

	private final Duration timeout;

	// the source is chosen once: a refused or absent Shell is not asked again
	private volatile Access shell;

	// AT-SPI names a window by its application's bus name and object path: Deskhand's ids
	// for them, handed out in order and forgotten when the window is gone
	private final Map<String, Long> ids = new HashMap<>();

	private final AtomicLong nextId = new AtomicLong(1);

	/**
	 * @param sessionBus a connection to the user's session bus, kept open by the caller
	 * while this is used (the Shell's introspection is asked there)
	 * @param environment the session's {@code DBUS_SESSION_BUS_ADDRESS} (the
	 * accessibility bus is found through {@code org.a11y.Bus} there) or
	 * {@code AT_SPI_BUS_ADDRESS}
	 * @param timeout how long one D-Bus call may take
	 */
	public GnomeWindows(AbstractConnection sessionBus, Map<String, String> environment, Duration timeout) {
		this(sessionBus, AtspiTopLevels.forSession(environment, timeout), ProcessExecutables.system(), timeout);
	}

	GnomeWindows(AbstractConnection sessionBus, AtspiTopLevels topLevels, ProcessExecutables executables,
			Duration timeout) {
		this.sessionBus = sessionBus;
		this.topLevels = topLevels;
		this.executables = executables;
		this.timeout = timeout;
	}

	@Override
	public Optional<WindowInfo> focusedWindow() {
		return list().stream().filter(WindowInfo::focused).findFirst();
	}

	@Override
	public List<WindowInfo> list() {
		Optional<List<ShellWindow>> fromShell = shellWindows();
		List<WindowInfo> windows = fromShell.isPresent() ? fromShell.get().stream().map(GnomeWindows::info).toList()
				: fromAccessibilityTree();
		// neither source gives the stacking order: the focused window is on top
		List<WindowInfo> ordered = new ArrayList<>(windows.stream().filter((w) -> !w.focused()).toList());
		ordered.addAll(windows.stream().filter(WindowInfo::focused).toList());
		return ordered;
	}

	/**
	 * Where the list comes from, for the driver's description; asks the Shell once if not
	 * asked yet.
	 */
	public String source() {
		return shellWindows().isPresent() ? "gnome-shell's introspection (org.gnome.Shell.Introspect)"
				: "the accessibility tree (AT-SPI; " + ((this.shell == Access.DENIED)
						? "gnome-shell refuses its introspection to other programs" : "no gnome-shell on the bus")
						+ ")";
	}

	private Optional<List<ShellWindow>> shellWindows() {
		Access access = this.shell;
		if (access == Access.ABSENT || access == Access.DENIED) {
			return Optional.empty();
		}
		try {
			List<ShellWindow> windows = ShellIntrospect
				.windows(ShellIntrospect.getWindows(this.sessionBus, this.timeout));
			if (access == null) {
				logger.info("GNOME windows from gnome-shell's introspection (org.gnome.Shell.Introspect)");
				this.shell = Access.OPEN;
			}
			return Optional.of(windows.stream().filter((w) -> !w.hidden()).toList());
		}
		catch (DBusExecutionException ex) {
			Access refusal = ShellIntrospect.refusal(ex);
			if (refusal != null) {
				logger.info("GNOME windows from the accessibility tree: org.gnome.Shell.Introspect.GetWindows {} ({})",
						(refusal == Access.DENIED) ? "is refused" : "is not there", ex.getMessage());
				this.shell = refusal;
				return Optional.empty();
			}
			throw new DeskhandException(ErrorCode.E_FAIL,
					"gnome-shell's window list failed: " + ex.getMessage() + "; try again", ex);
		}
	}

	private static WindowInfo info(ShellWindow window) {
		return new WindowInfo(window.id(), window.title(), window.wmClass(), window.appId(), "", 0, null,
				window.focused());
	}

	private List<WindowInfo> fromAccessibilityTree() {
		List<WindowInfo> windows = new ArrayList<>();
		// one list at a time reads the tree and hands out and forgets ids: an older
		// snapshot must not forget a window a newer one gave an id to
		synchronized (this.ids) {
			List<AtspiTopLevels.TopLevel> topLevels = this.topLevels.list();
			Set<String> present = new HashSet<>();
			for (AtspiTopLevels.TopLevel window : topLevels) {
				String key = window.busName() + window.path();
				present.add(key);
				long id = this.ids.computeIfAbsent(key, (k) -> this.nextId.getAndIncrement());
				String executable = this.executables.executable(window.pid());
				windows.add(new WindowInfo(id, window.title(), window.app(), window.app(), executable, window.pid(),
						null, window.active()));
			}
			this.ids.keySet().retainAll(present);
		}
		return windows;
	}

	/**
	 * @return {@code true} when the window already has focus
	 * @throws DeskhandException E_NOT_FOUND when no such window is open, E_UNSUPPORTED
	 * for any other window: GNOME lets no program raise another's window (see the class
	 * comment)
	 */
	@Override
	public boolean activate(long windowId, Duration timeout) {
		WindowInfo window = list().stream()
			.filter((w) -> w.id() == windowId)
			.findFirst()
			.orElseThrow(() -> new DeskhandException(ErrorCode.E_NOT_FOUND,
					"window 0x" + Long.toHexString(windowId) + " is not open (any more); list the windows again"));
		if (window.focused()) {
			return true;
		}
		throw new DeskhandException(ErrorCode.E_UNSUPPORTED, "GNOME lets no program bring another's window to the"
				+ " front: mutter has no call for it, gnome-shell's introspection has none, and the window's own"
				+ " request (through the accessibility tree) is ignored by mutter's focus-stealing prevention."
				+ " Click into the window '" + window.title() + "' instead (find it in a screenshot), or press"
				+ " alt+tab, which switches to the window used before the current one");
	}

	@Override
	public void close() {
		this.topLevels.close();
	}

}
