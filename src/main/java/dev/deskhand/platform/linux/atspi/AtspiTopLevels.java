package dev.deskhand.platform.linux.atspi;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.freedesktop.dbus.exceptions.DBusExecutionException;
import org.freedesktop.dbus.types.UInt32;
import org.freedesktop.dbus.types.Variant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.Rect;
import dev.deskhand.platform.elements.ElementRole;
import dev.deskhand.platform.linux.atspi.AtspiDbus.Accessible;
import dev.deskhand.platform.linux.atspi.AtspiDbus.Component;
import dev.deskhand.platform.linux.atspi.AtspiDbus.Extents;
import dev.deskhand.platform.linux.atspi.AtspiDbus.ObjectRef;
import dev.deskhand.platform.linux.atspi.AtspiDbus.Properties;

/**
 * The top-level windows of every application in the accessibility tree, with their
 * titles, applications, processes and whether they are active: the window list of a
 * desktop whose compositor tells its clients nothing about other clients' windows (GNOME
 * on Wayland, where the Shell's introspection is closed). Only applications that joined
 * the tree are seen (GTK, Qt and, when started for it, Chromium); an X11 or toolkit-less
 * program is not.
 * <p>
 * What the toolkit says of a window is what it knows: GTK on Wayland never learns where
 * its window is, so its extents start at (0,0) and include its client-side shadow.
 * {@link TopLevel#extents()} passes them on as they are; the caller decides what they are
 * worth. Thread-safe; the bus is connected on first use, like the accessibility driver's.
 */
public final class AtspiTopLevels implements AutoCloseable {

	// a frame's VISIBLE state (AtspiStateType 30): a hidden GTK window stays a child of
	// its application
	private static final int VISIBLE = 30;

	// pop-ups that are toplevels to the toolkit but no window a user switches to
	private static final Set<ElementRole> NOT_WINDOWS = Set.of(ElementRole.TOOL_TIP, ElementRole.MENU,
			ElementRole.POPUP_MENU, ElementRole.MENU_ITEM);

	private static final Logger logger = LoggerFactory.getLogger(AtspiTopLevels.class);

	private final AtspiBus bus;

	private final AtspiTree tree;

	/**
	 * A top-level window as the toolkit describes it.
	 *
	 * @param busName its application's unique name on the accessibility bus
	 * ({@code :1.42})
	 * @param path its object path in that application; with {@code busName} it names the
	 * window while both live
	 * @param app the application's accessible name (GTK: the program name, e.g. its
	 * {@code g_set_prgname})
	 * @param pid the application's process, from the bus daemon; 0 when unknown
	 * @param title the window's accessible name (its title)
	 * @param extents the toolkit's screen extents, or {@code null} when it gives none
	 * @param active whether the toolkit says it is the active window (it has the
	 * compositor's keyboard focus)
	 */
	public record TopLevel(String busName, String path, String app, long pid, String title, Rect extents,
			boolean active) {
	}

	AtspiTopLevels(AtspiBus bus) {
		this.bus = bus;
		this.tree = new AtspiTree(bus);
	}

	/**
	 * Top-level windows on the accessibility bus of a session.
	 * @param environment the session's {@code DBUS_SESSION_BUS_ADDRESS} (where
	 * {@code org.a11y.Bus} gives the bus's address) or {@code AT_SPI_BUS_ADDRESS}
	 * @param timeout how long one call may take
	 * @return the reader; nothing is connected until the first {@link #list()}
	 */
	public static AtspiTopLevels forSession(Map<String, String> environment, Duration timeout) {
		return new AtspiTopLevels(new AtspiBus(environment, timeout, false));
	}

	/**
	 * Every visible top-level window of every application, applications in the registry's
	 * order, each one's windows in its own order. An application that quits while it is
	 * read is left out.
	 * @throws DeskhandException E_UNSUPPORTED when there is no accessibility bus (the
	 * message says how to get one), E_TIMEOUT when the registry or an application does
	 * not answer in time
	 */
	public List<TopLevel> list() {
		try {
			List<String> busNames = this.tree.busNames();
			Map<String, Long> pids = this.bus.pids(busNames);
			List<TopLevel> windows = new ArrayList<>();
			for (String busName : busNames) {
				try {
					AtspiApp app = this.tree.app(busName, pids.getOrDefault(busName, 0L));
					windows.addAll(windows(app));
				}
				catch (DBusExecutionException ex) {
					if (!AtspiErrors.gone(ex)) {
						throw ex;
					}
					this.bus.forget(busName);
				}
				catch (AtspiTimeoutException ex) {
					// one hung application must not hide every other window
					logger.warn("{} did not answer the accessibility bus within {}: its windows are left out",
							this.tree.known(busName).describe(), this.bus.timeout());
				}
			}
			return windows;
		}
		catch (AtspiUnavailableException ex) {
			throw new DeskhandException(ErrorCode.E_UNSUPPORTED, ex.getMessage(), ex);
		}
		catch (AtspiTimeoutException ex) {
			throw new DeskhandException(ErrorCode.E_TIMEOUT, "the application " + this.tree.known(ex.owner()).describe()
					+ " did not answer the accessibility" + " bus within " + this.bus.timeout(), ex);
		}
		catch (DBusExecutionException ex) {
			throw new DeskhandException(ErrorCode.E_FAIL, "the accessibility registry failed: " + ex.getMessage(), ex);
		}
	}

	// one round trip for all of an application's windows: children, then per window its
	// name, role, states and extents sent together
	private List<TopLevel> windows(AtspiApp app) {
		AtspiChannel channel = this.bus.channel(app.busName());
		long deadline = this.bus.deadline();
		List<String> paths = channel.<List<ObjectRef>>call(AtspiDbus.ROOT_PATH, Accessible.class, "GetChildren")
			.await(deadline)
			.stream()
			.filter((ref) -> !ref.isNull())
			.map(ObjectRef::path)
			.toList();
		List<AtspiCall<Variant<?>>> names = new ArrayList<>();
		List<AtspiCall<UInt32>> roles = new ArrayList<>();
		List<AtspiCall<List<UInt32>>> states = new ArrayList<>();
		List<AtspiCall<Extents>> extents = new ArrayList<>();
		for (String path : paths) {
			names.add(channel.call(path, Properties.class, "Get", AtspiDbus.ACCESSIBLE, "Name"));
			roles.add(channel.call(path, Accessible.class, "GetRole"));
			states.add(channel.call(path, Accessible.class, "GetState"));
			extents.add(channel.call(path, Component.class, "GetExtents", AtspiDbus.COORDS_SCREEN));
		}
		List<TopLevel> windows = new ArrayList<>();
		for (int i = 0; i < paths.size(); i++) {
			try {
				List<UInt32> stateWords = states.get(i).await(deadline);
				ElementRole role = AtspiRoles.of(roles.get(i).await(deadline).longValue());
				String title = AtspiTree.string(names.get(i).await(deadline));
				Rect where = extentsOrNull(extents.get(i), deadline);
				if (!isWindow(role, stateWords, title)) {
					continue;
				}
				windows.add(new TopLevel(app.busName(), paths.get(i), app.name(), app.pid(), title, where,
						AtspiStates.has(stateWords, AtspiStates.ACTIVE)));
			}
			catch (DBusExecutionException ex) {
				// a window closed while it was read
				if (!AtspiErrors.gone(ex)) {
					throw ex;
				}
			}
		}
		return windows;
	}

	/**
	 * Whether a child of an application is a window a user switches to: visible, not
	 * defunct, not a tool tip or menu, and not an untitled "window", which is a toolkit's
	 * pop-up (GTK's combo lists) or gnome-shell's own stage (the app {@code gnome-shell},
	 * one screen-sized untitled window).
	 */
	static boolean isWindow(ElementRole role, List<? extends Number> states, String title) {
		return !NOT_WINDOWS.contains(role) && AtspiStates.has(states, VISIBLE)
				&& !AtspiStates.has(states, AtspiStates.DEFUNCT) && !(role == ElementRole.WINDOW && title.isEmpty());
	}

	private static Rect extentsOrNull(AtspiCall<Extents> call, long deadline) {
		try {
			return AtspiElements.bounds(call.await(deadline));
		}
		catch (DBusExecutionException ex) {
			// a window without Component
			return null;
		}
	}

	@Override
	public void close() {
		this.bus.close();
	}

}
