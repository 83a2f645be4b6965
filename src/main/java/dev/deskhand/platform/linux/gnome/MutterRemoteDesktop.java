package dev.deskhand.platform.linux.gnome;

import dev.deskhand.platform.linux.TextOutsideLayout;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;

import org.freedesktop.dbus.connections.AbstractConnection;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.DisplayInfo;
import dev.deskhand.platform.HeldInputs;
import dev.deskhand.platform.InjectedInput;
import dev.deskhand.platform.KeyboardDriver;
import dev.deskhand.platform.Point;
import dev.deskhand.platform.PointerDriver;
import dev.deskhand.platform.Rect;

/**
 * Pointer and keyboard on GNOME through mutter's own
 * {@code org.gnome.Mutter.RemoteDesktop} API (no portal, no consent dialog; mutter
 * answers only callers on the user's session bus): one remote desktop session with a
 * linked screencast that records every display ({@link MutterRemoteSession}), held for
 * the driver's life and replaced by {@link #reset()} or when the displays change.
 * <p>
 * A new session gives the seat a new virtual pointer and keyboard, and its very first
 * events are lost: clients bind {@code wl_pointer} and {@code wl_keyboard} only when the
 * seat announces them, after the events went out (on the headless rig: a key press and
 * release sent right after {@code Start} never arrived, nor a first motion). So every new
 * session gets a warm-up that moves nothing and types nothing (a relative motion by (0,
 * 0), a Shift tap), then {@value #SETTLE_MILLIS} ms for clients to bind.
 * <p>
 * Used from the input thread; {@link #releaseAll()} from any thread. Every call that
 * sends input is bracketed in {@link HeldInputs}, which tracks every key (by keysym) and
 * button (by evdev code) held.
 */
final class MutterRemoteDesktop implements AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(MutterRemoteDesktop.class);

	static final long SETTLE_MILLIS = 300;

	// how much longer clients may take to bind on a starved host, at most
	private static final double MAX_SETTLE_FACTOR = 4;

	private final RemoteInputSession.Starter starter;

	private final Supplier<List<DisplayInfo>> displays;

	private final Duration timeout;

	private final HeldInputs held = new HeldInputs();

	// one sender at a time: release-all from another thread must not interleave its
	// events with a click or a text in flight, nor use a session reset() is replacing
	private final Object lock = new Object();

	private final MutterPointer pointer;

	private final MutterKeyboard keyboard;

	private RemoteInputSession session;

	// the displays as the current send read them
	private List<DisplayInfo> sendingTo = List.of();

	// mutter's display, where its keymap is read; null when not known
	private final Path waylandSocket;

	private MutterKeymapWatch keymapWatch;

	private volatile boolean closed;

	private MutterRemoteDesktop(RemoteInputSession.Starter starter, Path waylandSocket,
			Supplier<List<DisplayInfo>> displays, Duration timeout, TextOutsideLayout textOutsideLayout) {
		this.starter = starter;
		this.waylandSocket = waylandSocket;
		this.displays = displays;
		this.timeout = timeout;
		this.pointer = new MutterPointer(this, this.held);
		this.keyboard = new MutterKeyboard(this, this.held, textOutsideLayout);
	}

	/**
	 * Starts a remote desktop session over the displays and warms its devices up.
	 * @param bus the session bus; must stay open while this is used (mutter ends the
	 * session with the connection)
	 * @param waylandSocket mutter's Wayland display, where its keymap is read so that
	 * text the layout cannot type is refused before anything is sent; {@code null} to
	 * send every text and let mutter drop what it has no key for
	 * @param displays the displays now, in mutter's layout units
	 * ({@link MutterDisplayConfig#read}); asked before each pointer move
	 * @param timeout for each D-Bus call
	 */
	static MutterRemoteDesktop open(AbstractConnection bus, Path waylandSocket, Supplier<List<DisplayInfo>> displays,
			Duration timeout) {
		return open(bus, waylandSocket, displays, timeout, TextOutsideLayout.REFUSE);
	}

	/**
	 * Like {@link #open(AbstractConnection, Path, Supplier, Duration)}, with what the
	 * keyboard does with characters the layout lacks.
	 */
	static MutterRemoteDesktop open(AbstractConnection bus, Path waylandSocket, Supplier<List<DisplayInfo>> displays,
			Duration timeout, TextOutsideLayout textOutsideLayout) {
		return open((now) -> MutterRemoteSession.start(bus, now, timeout), waylandSocket, displays, timeout,
				textOutsideLayout);
	}

	/**
	 * Like
	 * {@link #open(AbstractConnection, Path, Supplier, Duration, TextOutsideLayout)}, on
	 * the sessions {@code starter} starts, e.g. the xdg-desktop-portal's.
	 */
	static MutterRemoteDesktop open(RemoteInputSession.Starter starter, Path waylandSocket,
			Supplier<List<DisplayInfo>> displays, Duration timeout, TextOutsideLayout textOutsideLayout) {
		MutterRemoteDesktop input = new MutterRemoteDesktop(starter, waylandSocket, displays, timeout,
				textOutsideLayout);
		synchronized (input.lock) {
			input.session = input.startSession(displays.get());
		}
		return input;
	}

	PointerDriver pointer() {
		return this.pointer;
	}

	KeyboardDriver keyboard() {
		return this.keyboard;
	}

	/**
	 * @return {@link System#nanoTime()} when the last call that sent input ended,
	 * {@link Long#MIN_VALUE} before the first
	 */
	long lastInjection() {
		return this.held.lastInjectedNanos();
	}

	/** What this process holds and last injected, for the desk's human detection. */
	InjectedInput injected() {
		return this.held.state();
	}

	/**
	 * Where Deskhand last put the pointer, in layout units: mutter tells no client where
	 * the cursor is. Before the first move, the centre of the first display.
	 */
	Point lastPointer() {
		return this.pointer.last().orElseGet(() -> {
			List<DisplayInfo> now = this.displays.get();
			if (now.isEmpty()) {
				return new Point(0, 0);
			}
			Rect first = now.get(0).bounds();
			return new Point(first.x() + first.width() / 2, first.y() + first.height() / 2);
		});
	}

	/**
	 * Sends events on the session of the moment, bracketed as injected input; replaces
	 * the session first when a display appeared that it has no stream for.
	 */
	void send(Consumer<RemoteInputSession> events) {
		synchronized (this.lock) {
			if (this.closed) {
				throw new DeskhandException(ErrorCode.E_NO_DESKTOP, "GNOME input is closed");
			}
			List<DisplayInfo> now = this.displays.get();
			if (!this.session.covers(now)) {
				logger.debug("displays changed to {}: a new remote desktop session records them", now);
				replaceSession(now);
			}
			this.sendingTo = now;
			this.held.injecting();
			try {
				deliver(this.session, events);
			}
			finally {
				this.held.injected();
			}
		}
	}

	// the session's calls are in flight until flushed: a send returns once mutter has
	// taken every event, and a failed one leaves none in flight for the next
	private static void deliver(RemoteInputSession session, Consumer<RemoteInputSession> events) {
		try {
			events.accept(session);
		}
		catch (RuntimeException ex) {
			try {
				session.flush();
			}
			catch (RuntimeException answer) {
				ex.addSuppressed(answer);
			}
			throw ex;
		}
		session.flush();
	}

	/**
	 * The keys mutter's layout has, for the keyboard's check before typing; called under
	 * the lock, within {@link #send}.
	 */
	MutterKeymap keymap() {
		MutterKeymapWatch watch = this.keymapWatch;
		if (watch == null) {
			return MutterKeymap.unknown();
		}
		try {
			return watch.current();
		}
		catch (RuntimeException ex) {
			logger.warn("mutter's keymap cannot be read any more ({}): text is sent unchecked", ex.getMessage());
			watch.close();
			this.keymapWatch = null;
			return MutterKeymap.unknown();
		}
	}

	/**
	 * The displays the events of the current {@link #send} go to, read once per call, for
	 * the pointer's mapping.
	 */
	List<DisplayInfo> displays() {
		synchronized (this.lock) {
			return this.sendingTo;
		}
	}

	/** Releases every key and button this process holds; any thread. */
	void releaseAll() {
		synchronized (this.lock) {
			if (this.closed) {
				return;
			}
			this.held.injecting();
			try {
				releaseHeld(this.session);
			}
			finally {
				this.held.injected();
			}
		}
	}

	private void releaseHeld(RemoteInputSession current) {
		RuntimeException failure = null;
		for (Runnable release : List.<Runnable>of(() -> this.keyboard.releaseAll(current),
				() -> this.pointer.releaseAll(current), current::flush)) {
			try {
				release.run();
			}
			catch (RuntimeException ex) {
				if (failure == null) {
					failure = ex;
				}
				else {
					failure.addSuppressed(ex);
				}
			}
		}
		if (failure != null) {
			throw failure;
		}
	}

	/**
	 * Drops the session and starts a new one. Mutter releases what a stopped session's
	 * devices held, so nothing stays down across a reset; the release is sent first all
	 * the same, so clients see it.
	 */
	void reset() {
		synchronized (this.lock) {
			if (this.closed) {
				throw new DeskhandException(ErrorCode.E_NO_DESKTOP, "GNOME input is closed");
			}
			replaceSession(this.displays.get());
		}
	}

	private void replaceSession(List<DisplayInfo> now) {
		RemoteInputSession old = this.session;
		try {
			releaseHeld(old);
		}
		catch (RuntimeException ex) {
			logger.debug("releasing before a new remote desktop session failed: {}", ex.getMessage());
		}
		this.keyboard.forget();
		this.pointer.forget();
		old.stop();
		this.session = startSession(now);
	}

	private RemoteInputSession startSession(List<DisplayInfo> now) {
		RemoteInputSession started = this.starter.start(now);
		if (!started.injects()) {
			return started;
		}
		try {
			warmUp(started);
		}
		catch (RuntimeException ex) {
			started.stop();
			throw ex;
		}
		watchKeymap();
		logger.debug("remote desktop session started: {}", started);
		return started;
	}

	// the seat's keyboard may be new with the session (a headless one has none without
	// it): a keyboard bound before does not hear of the keymap, so a new watch each time
	private void watchKeymap() {
		if (this.keymapWatch != null) {
			this.keymapWatch.close();
			this.keymapWatch = null;
		}
		if (this.waylandSocket == null) {
			return;
		}
		try {
			this.keymapWatch = MutterKeymapWatch.open(this.waylandSocket, this.timeout);
		}
		catch (RuntimeException ex) {
			logger.warn("mutter's keymap cannot be read at {} ({}): text is sent unchecked", this.waylandSocket,
					ex.getMessage());
		}
	}

	// the first events of the session's new devices are lost: these ones move nothing and
	// type nothing, then clients get time to bind the new devices
	private static void warmUp(RemoteInputSession session) {
		session.pointerBy(0, 0);
		session.keysym(MutterKeyboard.SHIFT_L, true);
		session.keysym(MutterKeyboard.SHIFT_L, false);
		session.flush();
		var os = ManagementFactory.getOperatingSystemMXBean();
		double load = os.getSystemLoadAverage() / Math.max(1, os.getAvailableProcessors());
		try {
			Thread.sleep((long) (SETTLE_MILLIS * Math.min(MAX_SETTLE_FACTOR, Math.max(1, load))));
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new DeskhandException(ErrorCode.E_TIMEOUT,
					"interrupted while clients bind to the new remote desktop devices", ex);
		}
	}

	/** Releases what is held and stops the session; the bus stays the caller's. */
	@Override
	public void close() {
		synchronized (this.lock) {
			if (this.closed) {
				return;
			}
			try {
				releaseHeld(this.session);
			}
			catch (RuntimeException ex) {
				logger.debug("releasing on close failed: {}", ex.getMessage());
			}
			this.closed = true;
			if (this.keymapWatch != null) {
				this.keymapWatch.close();
			}
			this.session.stop();
		}
	}

}
