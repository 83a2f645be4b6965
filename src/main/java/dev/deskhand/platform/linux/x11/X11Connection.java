package dev.deskhand.platform.linux.x11;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

import com.sun.jna.Memory;
import com.sun.jna.NativeLong;
import com.sun.jna.Pointer;
import com.sun.jna.platform.unix.X11;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.NativeLongByReference;
import com.sun.jna.ptr.PointerByReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.linux.x11.jna.Xlib;
import dev.deskhand.platform.linux.x11.jna.Xrandr;

/**
 * One Xlib connection ({@code Display*}) and the typed calls Deskhand makes on it. Not
 * thread-safe: each connection has one owner thread at a time (an
 * {@link X11SharedConnection}'s worker, the clipboard's thread, a failsafe sensor's
 * poller). X errors and a lost server are recorded here by {@link X11Libraries}' handlers
 * instead of ending the process.
 *
 * <p>
 * A connection the server dropped is never passed to {@code XCloseDisplay}: on such a
 * connection it was seen to block for good (holding Xlib's display lock), and all it
 * would free is some memory and a socket, once per lost server. A connection given up
 * while its owner is stuck in a call ({@link #abandon()}) refuses every further request,
 * so the owner, should it ever return, touches nothing it shared with others.
 *
 * <p>
 * A connection bound to the agent's own seat ({@link #useSeat}, the own-seat working
 * mode) sends its keys and buttons through that seat's XTEST slaves and reads the keys,
 * buttons and modifiers of that seat: never the person's core devices.
 */
final class X11Connection implements AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(X11Connection.class);

	private static final NativeLong NO_DELAY = new NativeLong(0);

	/** {@code XTestFakeMotionEvent}'s screen: the screen the pointer is on. */
	private static final int CURRENT_SCREEN = -1;

	private final X11Libraries libraries;

	private final Xlib xlib;

	private final String name;

	private final String role;

	private final X11.Display display;

	private final X11.Window root;

	/**
	 * Atom names never change while the server runs, and XGetAtomName's strings are not
	 * freed.
	 */
	private final Map<Long, String> atomNames = new ConcurrentHashMap<>();

	/** Interned atoms by name: one round trip per name for the connection's life. */
	private final Map<String, Long> atoms = new ConcurrentHashMap<>();

	private volatile boolean broken;

	private volatile boolean closed;

	private volatile boolean abandoned;

	private volatile X11Error lastError;

	private volatile boolean expectingErrors;

	private int randrVersion = -1;

	// Set once by the owner thread, before the first input call.
	private X11AgentDevices agent;

	private X11Connection(X11Libraries libraries, String name, String role, X11.Display display) {
		this.libraries = libraries;
		this.xlib = libraries.xlib();
		this.name = name;
		this.role = role;
		this.display = display;
		this.root = this.xlib.XDefaultRootWindow(display);
	}

	/**
	 * @param name the display name, e.g. {@code :0}
	 * @param role what the connection is for, for logs: {@code observe}, {@code input}
	 * ...
	 * @throws DeskhandException E_NO_DESKTOP when the display cannot be opened
	 */
	static X11Connection open(String name, String role) {
		X11Libraries libraries = X11Libraries.get();
		X11.Display display = libraries.opening(() -> libraries.xlib().XOpenDisplay(name));
		if (display == null) {
			throw new DeskhandException(ErrorCode.E_NO_DESKTOP, "X display " + name + " is not reachable");
		}
		X11Connection connection = new X11Connection(libraries, name, role, display);
		libraries.register(connection);
		logger.debug("opened the {} connection to X display {}", role, name);
		return connection;
	}

	/**
	 * Like {@link #open}, on a thread of its own, waiting at most {@code timeout}: for
	 * threads that must never be lost to an open that does not return (a stopped server,
	 * or one that died in the middle of it, see {@link X11Libraries}), such as the
	 * failsafe's poller and the clipboard's loop. An open that returns late is closed.
	 */
	static X11Connection openBounded(String name, String role, Duration timeout) {
		CompletableFuture<X11Connection> opened = new CompletableFuture<>();
		Thread opener = new Thread(() -> {
			try {
				X11Connection connection = open(name, role);
				if (!opened.complete(connection)) {
					connection.close();
				}
			}
			catch (RuntimeException ex) {
				opened.completeExceptionally(ex);
			}
		}, "deskhand-x11-open-" + role + "-" + name);
		opener.setDaemon(true);
		opener.start();
		try {
			return opened.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
		}
		catch (TimeoutException ex) {
			opened.cancel(false);
			throw new DeskhandException(ErrorCode.E_NO_DESKTOP,
					"X display " + name + " did not answer a new connection within " + timeout.toMillis() + " ms");
		}
		catch (ExecutionException ex) {
			if (ex.getCause() instanceof DeskhandException failure) {
				throw new DeskhandException(failure.code(), failure.getMessage(), failure);
			}
			throw new DeskhandException(ErrorCode.E_NO_DESKTOP, "cannot open X display " + name, ex.getCause());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			opened.cancel(false);
			throw new DeskhandException(ErrorCode.E_NO_DESKTOP, "interrupted while opening X display " + name, ex);
		}
	}

	/**
	 * Whether an X server answers at this display name: opens a connection and closes it.
	 */
	static boolean isReachable(String name) {
		try (X11Connection probe = open(name, "probe")) {
			return probe.isUsable();
		}
		catch (DeskhandException ex) {
			return false;
		}
	}

	X11Libraries libraries() {
		return this.libraries;
	}

	X11.Display display() {
		return this.display;
	}

	X11.Window root() {
		return this.root;
	}

	String name() {
		return this.name;
	}

	boolean isUsable() {
		return !this.broken && !this.closed && !this.abandoned;
	}

	/** Whether the server dropped the connection (Xlib reported an IO error on it). */
	boolean isBroken() {
		return this.broken;
	}

	/**
	 * Gives the connection up while its owner is stuck in a call on it: from now on every
	 * request fails, so the owner stops at its next check should the call ever return.
	 * Any thread.
	 */
	void abandon() {
		this.abandoned = true;
	}

	void markBroken() {
		if (!this.broken) {
			this.broken = true;
			logger.warn("lost the {} connection to X display {} (the X server went away or closed it)", this.role,
					this.name);
		}
	}

	void recordError(X11Error error) {
		this.lastError = error;
		if (this.expectingErrors) {
			logger.debug("X error on the {} connection to {} (expected): {}", this.role, this.name, error.describe());
		}
		else {
			logger.warn("X error on the {} connection to {}: {}", this.role, this.name, error.describe());
		}
	}

	/** Round trip: every request so far is processed, and its errors recorded. */
	void sync() {
		requireUsable();
		this.xlib.XSync(this.display, false);
		requireUsable();
	}

	/**
	 * Round trip, then fails if any request since the last check caused an X error.
	 * @param action what was being done, for the message
	 */
	void syncAndCheck(String action) {
		sync();
		X11Error error = takeError();
		if (error != null) {
			throw new DeskhandException(ErrorCode.E_FAIL,
					action + " failed on X display " + this.name + ": " + error.describe());
		}
	}

	/**
	 * @return the error recorded since the last call, or {@code null}
	 */
	X11Error takeError() {
		X11Error error = this.lastError;
		this.lastError = null;
		return error;
	}

	/**
	 * Errors recorded while this runs are logged at debug level: the caller checks for
	 * them.
	 */
	<T> T expectingErrors(Supplier<T> action) {
		this.expectingErrors = true;
		try {
			return action.get();
		}
		finally {
			this.expectingErrors = false;
		}
	}

	void requireUsable() {
		if (this.closed) {
			throw new DeskhandException(ErrorCode.E_NO_DESKTOP,
					"the " + this.role + " connection to X display " + this.name + " is closed");
		}
		if (this.broken) {
			throw new DeskhandException(ErrorCode.E_NO_DESKTOP,
					"lost the connection to X display " + this.name + "; the X server went away");
		}
		if (this.abandoned) {
			throw new DeskhandException(ErrorCode.E_NO_DESKTOP, "X display " + this.name + " stopped answering the "
					+ this.role + " connection, and Deskhand gave that connection up");
		}
	}

	boolean hasXTest() {
		IntByReference unused = new IntByReference();
		return this.libraries.xtest().XTestQueryExtension(this.display, unused, unused, unused, unused);
	}

	/**
	 * @return RandR's version as {@code major * 100 + minor} (105 = 1.5), 0 without RandR
	 */
	int randrVersion() {
		if (this.randrVersion < 0) {
			this.randrVersion = queryRandrVersion();
		}
		return this.randrVersion;
	}

	private int queryRandrVersion() {
		IntByReference major = new IntByReference();
		IntByReference minor = new IntByReference();
		if (this.libraries.xrandr().XRRQueryVersion(this.display, major, minor) == 0) {
			return 0;
		}
		return major.getValue() * 100 + minor.getValue();
	}

	boolean hasShm() {
		return this.libraries.xshm().XShmQueryExtension(this.display);
	}

	record PointerState(int x, int y, int mask) {

		/** The mask's button bits: Button1Mask is bit 8, buttons 2-5 follow. */
		private static final int BUTTON1_MASK = 1 << 8;

		/** Buttons past 5 (the horizontal wheel) have no bit in the mask: never down. */
		boolean buttonDown(int button) {
			return button >= 1 && button <= 5 && (this.mask & (BUTTON1_MASK << (button - 1))) != 0;
		}

	}

	/**
	 * Binds the connection's input to the agent's seat: keys and buttons go through its
	 * XTEST slaves, and {@link #queryKeymap()} and {@link #queryPointer()} read that
	 * seat.
	 */
	void useSeat(X11AgentSeat seat) {
		X11AgentSeat.requireXInput2(this);
		this.agent = new X11AgentDevices(this, seat);
	}

	/** The agent's seat this connection's input is bound to, or {@code null}. */
	X11AgentDevices agentDevices() {
		return this.agent;
	}

	PointerState queryPointer() {
		requireUsable();
		if (this.agent != null) {
			return this.agent.pointerState();
		}
		X11.WindowByReference rootReturn = new X11.WindowByReference();
		X11.WindowByReference childReturn = new X11.WindowByReference();
		IntByReference rootX = new IntByReference();
		IntByReference rootY = new IntByReference();
		IntByReference winX = new IntByReference();
		IntByReference winY = new IntByReference();
		IntByReference mask = new IntByReference();
		boolean sameScreen = this.xlib.XQueryPointer(this.display, this.root, rootReturn, childReturn, rootX, rootY,
				winX, winY, mask);
		requireUsable();
		if (!sameScreen && rootReturn.getValue() == null) {
			throw new DeskhandException(ErrorCode.E_FAIL, "XQueryPointer failed on X display " + this.name);
		}
		return new PointerState(rootX.getValue(), rootY.getValue(), mask.getValue());
	}

	/**
	 * @return the 32-byte bitmap of keys down: bit {@code kc & 7} of byte {@code kc >> 3}
	 */
	byte[] queryKeymap() {
		requireUsable();
		if (this.agent != null) {
			return this.agent.keysDown();
		}
		byte[] keys = new byte[32];
		this.xlib.XQueryKeymap(this.display, keys);
		requireUsable();
		return keys;
	}

	X11Keymap keyboardMapping() {
		requireUsable();
		IntByReference min = new IntByReference();
		IntByReference max = new IntByReference();
		this.xlib.XDisplayKeycodes(this.display, min, max);
		int count = max.getValue() - min.getValue() + 1;
		IntByReference perKeycode = new IntByReference();
		Pointer keysyms = this.xlib.XGetKeyboardMapping(this.display, min.getValue(), count, perKeycode);
		requireUsable();
		if (keysyms == null) {
			throw new DeskhandException(ErrorCode.E_FAIL, "cannot read the keyboard mapping of X display " + this.name);
		}
		try {
			return new X11Keymap(min.getValue(), perKeycode.getValue(),
					keysyms.getLongArray(0, count * perKeycode.getValue()));
		}
		finally {
			this.xlib.XFree(keysyms);
		}
	}

	/**
	 * Rebinds {@code count} keycodes from {@code first}; sends MappingNotify to every
	 * client.
	 */
	void changeKeyboardMapping(int first, int keysymsPerKeycode, long[] keysyms, int count) {
		requireUsable();
		this.xlib.XChangeKeyboardMapping(this.display, first, keysymsPerKeycode, keysyms, count);
	}

	/**
	 * @return the keycodes bound to any modifier (Shift, Lock, Control, Mod1..Mod5)
	 */
	Set<Integer> modifierKeycodes() {
		requireUsable();
		X11.XModifierKeymapRef map = this.xlib.XGetModifierMapping(this.display);
		requireUsable();
		Set<Integer> keycodes = new HashSet<>();
		if (map == null) {
			return keycodes;
		}
		try {
			byte[] codes = map.modifiermap.getByteArray(0, 8 * map.max_keypermod);
			for (byte code : codes) {
				if (code != 0) {
					keycodes.add(code & 0xff);
				}
			}
		}
		finally {
			this.xlib.XFreeModifiermap(map);
		}
		return keycodes;
	}

	void fakeMotion(int x, int y) {
		requireUsable();
		if (this.agent != null) {
			// the own-seat pointer refuses first (X11OwnSeatPointer): reaching here is a
			// bug
			throw new IllegalStateException("the agent's seat on X11 moves no pointer");
		}
		this.libraries.xtest().XTestFakeMotionEvent(this.display, CURRENT_SCREEN, x, y, NO_DELAY);
	}

	void fakeButton(int button, boolean press) {
		requireUsable();
		if (this.agent != null) {
			this.agent.fakeButton(button, press);
			return;
		}
		this.libraries.xtest().XTestFakeButtonEvent(this.display, button, press, NO_DELAY);
	}

	void fakeKey(int keycode, boolean press) {
		requireUsable();
		if (this.agent != null) {
			this.agent.fakeKey(keycode, press);
			return;
		}
		this.libraries.xtest().XTestFakeKeyEvent(this.display, keycode, press, NO_DELAY);
	}

	record Monitor(String name, boolean primary, int x, int y, int width, int height) {
	}

	/** RandR 1.5 active monitors; empty when RandR reports none. */
	List<Monitor> monitors() {
		requireUsable();
		IntByReference count = new IntByReference();
		Pointer first = this.libraries.xrandr().XRRGetMonitors(this.display, this.root, 1, count);
		requireUsable();
		List<Monitor> monitors = new ArrayList<>();
		if (first == null) {
			return monitors;
		}
		try {
			int size = new Xrandr.XRRMonitorInfo(first).size();
			for (int i = 0; i < count.getValue(); i++) {
				Xrandr.XRRMonitorInfo info = new Xrandr.XRRMonitorInfo(first.share((long) i * size));
				monitors.add(new Monitor(atomName(info.name.longValue()), info.primary != 0, info.x, info.y, info.width,
						info.height));
			}
		}
		finally {
			this.libraries.xrandr().XRRFreeMonitors(first);
		}
		return monitors;
	}

	/**
	 * @return the atom's name, {@code null} for None
	 */
	String atomName(long atom) {
		if (atom == 0) {
			return null;
		}
		return this.atomNames.computeIfAbsent(atom, (key) -> this.xlib.XGetAtomName(this.display, new X11.Atom(key)));
	}

	/**
	 * @return the atom for {@code name}, interning it on the server the first time
	 */
	long atom(String name) {
		requireUsable();
		Long atom = this.atoms.get(name);
		if (atom == null) {
			// onlyIfExists=false: see rootHasProperty
			X11.Atom interned = this.xlib.XInternAtom(this.display, name, false);
			requireUsable();
			atom = (interned != null) ? interned.longValue() : 0L;
			if (atom != 0) {
				this.atoms.put(name, atom);
			}
		}
		return atom;
	}

	/**
	 * Asks for an event whenever the keyboard mapping changes (see
	 * {@link #drainEvents()}). Xlib makes every connection an XKB client, and the server
	 * tells an XKB client about mapping changes only if it selected XkbMapNotify; a
	 * server without XKB sends MappingNotify anyway.
	 */
	void selectKeyboardMappingEvents() {
		requireUsable();
		NativeLong mask = new NativeLong(Xlib.XKB_MAP_NOTIFY_MASK);
		this.xlib.XkbSelectEvents(this.display, Xlib.XKB_USE_CORE_KBD, mask, mask);
	}

	/**
	 * Takes every event Xlib has already read off its queue, without any I/O, so that
	 * selected events do not pile up for the connection's life.
	 * @return how many there were
	 */
	int drainEvents() {
		requireUsable();
		int queued = this.xlib.XEventsQueued(this.display, Xlib.QUEUED_ALREADY);
		if (queued <= 0) {
			return 0;
		}
		try (Memory event = new Memory(Xlib.XEVENT_SIZE)) {
			for (int i = 0; i < queued; i++) {
				this.xlib.XNextEvent(this.display, event);
			}
		}
		return queued;
	}

	/**
	 * @param width root window width
	 * @param height root window height
	 * @param depth bits per pixel of the root's visual that carry colour
	 * @param visualClass {@code Visual.class}, {@link Xlib#TRUE_COLOR} for RGB pixels
	 * @param visual the root's visual, for XShmCreateImage
	 */
	record RootInfo(int width, int height, int depth, int visualClass, X11.Visual visual) {
	}

	RootInfo rootInfo() {
		requireUsable();
		X11.XWindowAttributes attributes = new X11.XWindowAttributes();
		int status = this.xlib.XGetWindowAttributes(this.display, this.root, attributes);
		requireUsable();
		if (status == 0 || attributes.visual == null) {
			throw new DeskhandException(ErrorCode.E_FAIL, "cannot read the root window of X display " + this.name);
		}
		int visualClass = attributes.visual.getPointer().getInt(Xlib.VisualLayout.CLASS);
		return new RootInfo(attributes.width, attributes.height, attributes.depth, visualClass, attributes.visual);
	}

	/**
	 * Whether the root window has a property, e.g. {@code _NET_SUPPORTING_WM_CHECK},
	 * which a window manager sets once it manages the screen.
	 */
	boolean rootHasProperty(String propertyName) {
		requireUsable();
		// onlyIfExists=false: JNA passes a Java true as -1, which the server rejects as
		// BadValue
		X11.Atom atom = this.xlib.XInternAtom(this.display, propertyName, false);
		if (atom == null || atom.longValue() == 0) {
			return false;
		}
		X11.AtomByReference actualType = new X11.AtomByReference();
		IntByReference actualFormat = new IntByReference();
		NativeLongByReference items = new NativeLongByReference();
		NativeLongByReference bytesAfter = new NativeLongByReference();
		PointerByReference data = new PointerByReference();
		int status = this.xlib.XGetWindowProperty(this.display, this.root, atom, new NativeLong(0), new NativeLong(1),
				false, new X11.Atom(0), actualType, actualFormat, items, bytesAfter, data);
		requireUsable();
		if (data.getValue() != null) {
			this.xlib.XFree(data.getValue());
		}
		return status == 0 && actualFormat.getValue() != 0;
	}

	/**
	 * Closes the connection; safe to call twice. Call it on the owner's thread. A broken
	 * connection is left as it is (see the class comment), still registered, so that
	 * Xlib's handlers keep recognising its address.
	 */
	@Override
	public void close() {
		if (this.closed) {
			return;
		}
		if (this.agent != null && !this.broken) {
			this.agent.close();
		}
		this.closed = true;
		if (this.broken) {
			logger.debug("leaving the lost {} connection to X display {} unclosed", this.role, this.name);
			return;
		}
		this.xlib.XCloseDisplay(this.display);
		this.libraries.unregister(this);
		logger.debug("closed the {} connection to X display {}", this.role, this.name);
	}

	@Override
	public String toString() {
		return "X11Connection[" + this.role + " " + this.name + "]";
	}

}
