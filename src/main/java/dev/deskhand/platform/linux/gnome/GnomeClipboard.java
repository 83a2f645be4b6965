package dev.deskhand.platform.linux.gnome;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;

import org.freedesktop.dbus.DBusPath;
import org.freedesktop.dbus.FileDescriptor;
import org.freedesktop.dbus.connections.impl.DBusConnection;
import org.freedesktop.dbus.exceptions.DBusException;
import org.freedesktop.dbus.exceptions.DBusExecutionException;
import org.freedesktop.dbus.types.UInt32;
import org.freedesktop.dbus.types.Variant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.ClipboardDriver;
import dev.deskhand.platform.linux.dbus.UnixFdBus;
import dev.deskhand.platform.linux.dbus.DbusCall;

/**
 * The clipboard on GNOME, through the clipboard of a
 * {@code org.gnome.Mutter.RemoteDesktop} session of its own: {@code EnableClipboard},
 * then {@code SelectionRead(mime)} hands over a pipe with the owner's text,
 * {@code SetSelection} makes the session the owner, and each {@code SelectionTransfer}
 * signal (a client pastes) is answered with {@code SelectionWrite(serial)}'s pipe and
 * {@code SelectionWriteDone}. The session is never started: mutter 43 serves the
 * clipboard without it, so no virtual keyboard or pointer is made for it, gnome-shell
 * shows no remote-control indicator for it (a started session gets one), and it is
 * independent of the input's session.
 *
 * <p>
 * Why not {@code wl-copy}/{@code wl-paste}, as on sway: mutter 43 has no data-control
 * protocol, so wl-clipboard 2.1 falls back to mapping a surface of its own to get the
 * keyboard focus a Wayland client needs to touch the clipboard. Measured against a GTK3
 * window on headless mutter 43: every {@code wl-copy} and every {@code wl-paste} took the
 * focus from the user's window and gave it back ({@code focus-out}, then {@code focus-in}
 * 5-40 ms later), which would swallow keys a person or Deskhand types meanwhile; and with
 * no keyboard on the seat (headless, before any virtual one) both fail with "This seat
 * has no keyboard".
 *
 * <p>
 * The pipes need Unix file descriptors passed over D-Bus, which dbus-java's
 * native-unixsocket transport cannot do: the session lives on a connection of its own
 * through {@link UnixFdBus}, and ends with it. Mutter names no owning application, so
 * {@link #read(Duration, List)} cannot refuse a masked application's text. What Deskhand
 * put on the clipboard stays there after it stops: mutter's clipboard manager takes a
 * copy of text as soon as a new owner offers it.
 *
 * <p>
 * Thread-safe: reads take turns (mutter allows one per session), writes take turns, and
 * transfers are answered on a thread of their own, so that a paste is served while a read
 * waits.
 */
final class GnomeClipboard implements ClipboardDriver, AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(GnomeClipboard.class);

	static final String BUS_NAME = "org.gnome.Mutter.RemoteDesktop";

	private static final String SESSION = "org.gnome.Mutter.RemoteDesktop.Session";

	static final String UTF8_TEXT = "text/plain;charset=utf-8";

	/**
	 * What a write offers, each served as UTF-8: GTK and Qt ask for the MIME type, X
	 * clients through Xwayland for {@code UTF8_STRING}. Not {@code STRING} (Latin-1).
	 */
	static final List<String> OFFERED = List.of(UTF8_TEXT, "UTF8_STRING", "text/plain");

	/** Text types a read asks for, best first, with the charset each is in. */
	private static final Map<String, Charset> READABLE = Map.of(UTF8_TEXT, StandardCharsets.UTF_8, "UTF8_STRING",
			StandardCharsets.UTF_8, "text/plain", StandardCharsets.UTF_8, "STRING", StandardCharsets.ISO_8859_1, "TEXT",
			StandardCharsets.UTF_8);

	private static final List<String> READ_ORDER = List.of(UTF8_TEXT, "UTF8_STRING", "text/plain", "TEXT", "STRING");

	/** As on X11 and sway: larger text is refused, not truncated. */
	static final int MAX_TEXT_BYTES = 64 * 1024 * 1024;

	private final String busAddress;

	private final Duration callTimeout;

	private final ExecutorService transfers = Executors.newSingleThreadExecutor((task) -> {
		Thread thread = new Thread(task, "deskhand-gnome-clipboard");
		thread.setDaemon(true);
		return thread;
	});

	// the session in use and its (re)opening
	private final Object sessionLock = new Object();

	// one SelectionRead at a time: mutter refuses a second while one runs
	private final Object readLock = new Object();

	// one SetSelection at a time, with the text it serves
	private final Object writeLock = new Object();

	private Session session;

	private boolean closed;

	/** What this process put on the clipboard last, served to every paste. */
	private volatile byte[] served = new byte[0];

	private GnomeClipboard(String busAddress, Duration callTimeout) {
		this.busAddress = busAddress;
		this.callTimeout = callTimeout;
	}

	/**
	 * Opens the clipboard's session on the user's session bus.
	 * @param sessionBusAddress the session bus ({@code DBUS_SESSION_BUS_ADDRESS}), a
	 * {@code unix:} address
	 * @param callTimeout for each D-Bus call and each answer to a paste
	 * @throws DeskhandException E_NO_DESKTOP when mutter's RemoteDesktop does not answer
	 */
	static GnomeClipboard open(String sessionBusAddress, Duration callTimeout) {
		GnomeClipboard clipboard = new GnomeClipboard(sessionBusAddress, callTimeout);
		synchronized (clipboard.sessionLock) {
			clipboard.session();
		}
		return clipboard;
	}

	@Override
	public String read(Duration timeout) {
		long deadline = System.nanoTime() + timeout.toNanos();
		synchronized (this.readLock) {
			Session current = currentSession();
			String mime = textType(current.offered);
			if (mime == null) {
				return "";
			}
			Object[] answer;
			try {
				answer = DbusCall.call(current.bus, BUS_NAME, current.path, SESSION, "SelectionRead",
						positive(deadline), "s", mime);
			}
			catch (DBusExecutionException ex) {
				String why = DbusCall.describe(ex);
				if (why.contains("No selection owner")) {
					return "";
				}
				if (why.contains("Tried to read own selection")) {
					return new String(this.served, StandardCharsets.UTF_8);
				}
				throw failure(current, "reading the clipboard", ex);
			}
			int fd = ((FileDescriptor) answer[0]).getIntFileDescriptor();
			byte[] bytes = PipeFd.readAll(fd, deadline, MAX_TEXT_BYTES, "the clipboard's owner handing over its text");
			return new String(bytes, READABLE.getOrDefault(mime, StandardCharsets.UTF_8));
		}
	}

	/**
	 * What the clipboard's owner offers as mutter last said: {@code null} before it said,
	 * empty when nobody owns the clipboard. A change reaches this a little after the call
	 * that made it (signals are handled on dbus-java's threads): a read in between asks
	 * for UTF-8 text, which an application that offers text answers.
	 */
	List<String> offeredTypes() {
		return currentSession().offered;
	}

	/**
	 * The type to ask for: the best text type the owner offers, or {@code null} when it
	 * offers none; UTF-8 text when the offer is not known yet.
	 */
	static String textType(List<String> offered) {
		if (offered == null) {
			return UTF8_TEXT;
		}
		if (offered.isEmpty()) {
			// no owner: mutter says so (an empty clipboard reads "")
			return UTF8_TEXT;
		}
		for (String type : READ_ORDER) {
			if (offered.contains(type)) {
				return type;
			}
		}
		for (String type : offered) {
			if (type.regionMatches(true, 0, "text/plain", 0, 10)) {
				return type;
			}
		}
		return null;
	}

	@Override
	public void write(String text) {
		byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
		if (bytes.length > MAX_TEXT_BYTES) {
			throw DeskhandException.args(
					"the text is " + bytes.length + " bytes; the clipboard takes at most " + MAX_TEXT_BYTES + " bytes");
		}
		synchronized (this.writeLock) {
			Session current = currentSession();
			byte[] previous = this.served;
			this.served = bytes;
			try {
				DbusCall.call(current.bus, BUS_NAME, current.path, SESSION, "SetSelection", this.callTimeout, "a{sv}",
						Map.of("mime-types", new Variant<>(OFFERED.toArray(new String[0]), "as")));
			}
			catch (DBusExecutionException ex) {
				this.served = previous;
				throw failure(current, "putting text on the clipboard", ex);
			}
		}
	}

	/** Answers one paste of what this session offers, on the transfer thread. */
	private void serve(Session from, long serial) {
		byte[] bytes = this.served;
		long deadline = System.nanoTime() + this.callTimeout.toNanos();
		boolean done = false;
		try {
			Object[] answer = DbusCall.call(from.bus, BUS_NAME, from.path, SESSION, "SelectionWrite", this.callTimeout,
					"u", new UInt32(serial));
			int fd = ((FileDescriptor) answer[0]).getIntFileDescriptor();
			PipeFd.writeAll(fd, bytes, deadline, "handing the clipboard's text to a paste");
			done = true;
		}
		catch (DBusExecutionException | DeskhandException ex) {
			logger.debug("a paste of Deskhand's clipboard text (transfer {}) failed: {}", serial, ex.getMessage());
		}
		finally {
			try {
				DbusCall.call(from.bus, BUS_NAME, from.path, SESSION, "SelectionWriteDone", this.callTimeout, "ub",
						new UInt32(serial), done);
			}
			catch (DBusExecutionException ex) {
				logger.debug("mutter did not take the end of transfer {}: {}", serial, ex.getMessage());
			}
		}
	}

	private Session currentSession() {
		synchronized (this.sessionLock) {
			if (this.closed) {
				throw new DeskhandException(ErrorCode.E_NO_DESKTOP, "the GNOME clipboard is closed");
			}
			return session();
		}
	}

	// under sessionLock: the open session, or a new one when the last one was lost
	private Session session() {
		if (this.session != null && this.session.bus.isConnected()) {
			return this.session;
		}
		if (this.session != null) {
			this.session.close(this.callTimeout);
			this.session = null;
		}
		this.session = Session.open(this.busAddress, this.callTimeout, this::onTransfer);
		return this.session;
	}

	private void onTransfer(Session from, long serial) {
		try {
			this.transfers.execute(() -> serve(from, serial));
		}
		catch (RejectedExecutionException ex) {
			// closing: the session goes with it, and mutter ends the transfer
		}
	}

	/**
	 * A failed call as the error for the agent; the session is dropped, so that the next
	 * call opens a new one (mutter restarted, or closed it).
	 */
	private DeskhandException failure(Session failed, String what, DBusExecutionException ex) {
		synchronized (this.sessionLock) {
			if (this.session == failed) {
				this.session.close(this.callTimeout);
				this.session = null;
			}
		}
		return new DeskhandException(ErrorCode.E_NO_DESKTOP,
				what + " through mutter's RemoteDesktop clipboard failed: " + DbusCall.describe(ex), ex);
	}

	private Duration positive(long deadline) {
		long left = deadline - System.nanoTime();
		if (left <= 0) {
			throw new DeskhandException(ErrorCode.E_TIMEOUT, "no time left to read the clipboard");
		}
		return Duration.ofNanos(left);
	}

	/** Ends the session: a paste of Deskhand's text then gets mutter's copy of it. */
	@Override
	public void close() {
		synchronized (this.sessionLock) {
			this.closed = true;
			if (this.session != null) {
				this.session.close(this.callTimeout);
				this.session = null;
			}
		}
		this.transfers.shutdownNow();
	}

	/** A RemoteDesktop session with its clipboard enabled, on a connection of its own. */
	private static final class Session {

		interface TransferListener {

			void transfer(Session from, long serial);

		}

		final DBusConnection bus;

		final String path;

		/**
		 * What the clipboard's owner offers, from mutter's last SelectionOwnerChanged:
		 * {@code null} before the first, empty for no owner.
		 */
		volatile List<String> offered;

		private final List<AutoCloseable> handlers = new ArrayList<>();

		private Session(DBusConnection bus, String path) {
			this.bus = bus;
			this.path = path;
		}

		static Session open(String busAddress, Duration timeout, TransferListener listener) {
			DBusConnection bus;
			try {
				bus = UnixFdBus.connect(busAddress);
			}
			catch (DBusException | RuntimeException ex) {
				throw new DeskhandException(ErrorCode.E_NO_DESKTOP,
						"cannot reach the session bus " + busAddress + " for the clipboard: " + ex.getMessage(), ex);
			}
			Session session = null;
			try {
				String path = path(DbusCall.call(bus, BUS_NAME, "/org/gnome/Mutter/RemoteDesktop", BUS_NAME,
						"CreateSession", timeout, "")[0]);
				Session opened = new Session(bus, path);
				session = opened;
				opened.handlers.add(bus.addSigHandler(MutterClipboardSignals.SelectionOwnerChanged.class, (signal) -> {
					if (path.equals(signal.getPath())) {
						opened.offered = mimeTypes(signal.options());
					}
				}));
				opened.handlers.add(bus.addSigHandler(MutterClipboardSignals.SelectionTransfer.class, (signal) -> {
					if (path.equals(signal.getPath())) {
						listener.transfer(opened, signal.serial());
					}
				}));
				DbusCall.call(bus, BUS_NAME, path, SESSION, "EnableClipboard", timeout, "a{sv}", Map.of());
				return opened;
			}
			catch (DBusException | DBusExecutionException ex) {
				if (session != null) {
					session.close(timeout);
				}
				else {
					bus.disconnect();
				}
				throw new DeskhandException(ErrorCode.E_NO_DESKTOP,
						"mutter's RemoteDesktop clipboard (" + BUS_NAME + ") does not answer: " + ex.getMessage(), ex);
			}
		}

		void close(Duration timeout) {
			for (AutoCloseable handler : this.handlers) {
				try {
					handler.close();
				}
				catch (Exception ex) {
					// the disconnect below drops it anyway
				}
			}
			try {
				DbusCall.call(this.bus, BUS_NAME, this.path, SESSION, "Stop", timeout, "");
			}
			catch (DBusExecutionException ex) {
				// already gone with mutter or its connection: nothing left to stop
			}
			this.bus.disconnect();
		}

		private static String path(Object value) {
			return (value instanceof DBusPath path) ? path.getPath() : String.valueOf(value);
		}

	}

	/**
	 * The {@code mime-types} of a SelectionOwnerChanged, wherever dbus-java put the
	 * strings: mutter 43 wraps the array in a struct.
	 */
	static List<String> mimeTypes(Map<String, Variant<?>> options) {
		Variant<?> types = options.get("mime-types");
		List<String> flat = new ArrayList<>();
		if (types != null) {
			flatten(types.getValue(), flat);
		}
		return List.copyOf(flat);
	}

	private static void flatten(Object value, List<String> into) {
		if (value instanceof String text) {
			into.add(text);
		}
		else if (value instanceof Object[] array) {
			for (Object item : array) {
				flatten(item, into);
			}
		}
		else if (value instanceof Collection<?> items) {
			items.forEach((item) -> flatten(item, into));
		}
		else if (value instanceof Variant<?> variant) {
			flatten(variant.getValue(), into);
		}
		else if (value instanceof org.freedesktop.dbus.Struct struct) {
			for (Object item : struct.getParameters()) {
				flatten(item, into);
			}
		}
	}

}
