package dev.deskhand.platform.linux.x11;

import java.io.ByteArrayOutputStream;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

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
import dev.deskhand.platform.linux.x11.jna.Xlib.SelectionEventLayout;

/**
 * The clipboard's connection and its window: an unmapped 1x1 window that owns CLIPBOARD
 * while Deskhand does and receives the conversions Deskhand asks for. Confined to the
 * clipboard thread, like the connection inside it. Window ids and atoms are plain
 * numbers, 0 for None.
 */
final class X11ClipboardSession implements AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(X11ClipboardSession.class);

	static final long NONE = 0;

	/**
	 * Upper bound of one property write; ICCCM only asks for less than the maximum
	 * request size.
	 */
	private static final int MAX_CHUNK = 256 * 1024;

	/** Room for ChangeProperty's own 24 bytes in a request of the maximum size. */
	private static final int REQUEST_HEADER = 64;

	/** Selections larger than this are refused rather than held in memory. */
	static final int MAX_TEXT_BYTES = 64 * 1024 * 1024;

	/**
	 * One XGetWindowProperty reads at most this many 4-byte units; larger properties take
	 * several.
	 */
	private static final NativeLong READ_UNITS = new NativeLong(4 * 1024 * 1024);

	private static final X11.Atom ANY_PROPERTY_TYPE = new X11.Atom(0);

	private static final String PROPERTY_PREFIX = "DESKHAND_CLIPBOARD";

	private final X11Connection connection;

	private final Xlib xlib;

	private final X11.Display display;

	private final long window;

	private final int chunkSize;

	private final long clipboard;

	/** The property a zero-length append to yields a server timestamp (ICCCM 2.1). */
	private final long stampProperty;

	/**
	 * Events read while waiting for something else, handed out first by
	 * {@link #takeEvents()}.
	 */
	private final Deque<X11ClipboardEvent> backlog = new ArrayDeque<>();

	private final Memory received = new Memory(Xlib.XEVENT_SIZE);

	private final Memory sent = new Memory(Xlib.XEVENT_SIZE);

	/**
	 * Bumped when a read is abandoned, so that its owner's late answer lands elsewhere.
	 */
	private int transferGeneration;

	private long transferProperty;

	private X11ClipboardSession(X11Connection connection, long window) {
		this.connection = connection;
		this.xlib = connection.libraries().xlib();
		this.display = connection.display();
		this.window = window;
		long maxRequestBytes = this.xlib.XMaxRequestSize(this.display).longValue() * 4;
		this.chunkSize = (int) Math.min(MAX_CHUNK, maxRequestBytes - REQUEST_HEADER);
		this.clipboard = connection.atom("CLIPBOARD");
		this.stampProperty = connection.atom("DESKHAND_TIMESTAMP");
		this.transferProperty = connection.atom(PROPERTY_PREFIX);
	}

	/**
	 * Opens a connection of its own and creates the window.
	 * @throws DeskhandException E_NO_DESKTOP when the display is unreachable
	 */
	static X11ClipboardSession open(String displayName) {
		// bounded: the clipboard's thread must not be lost to an open that never returns
		X11Connection connection = X11Connection.openBounded(displayName, "clipboard", X11Clipboard.WRITE_TIMEOUT);
		try {
			Xlib xlib = connection.libraries().xlib();
			// unmapped and 1x1 off screen: it only needs to exist to own the selection
			// and receive properties
			X11.Window window = xlib.XCreateSimpleWindow(connection.display(), connection.root(), -10, -10, 1, 1, 0, 0,
					0);
			xlib.XSelectInput(connection.display(), window, new NativeLong(X11.PropertyChangeMask));
			connection.syncAndCheck("creating the clipboard window");
			return new X11ClipboardSession(connection, window.longValue());
		}
		catch (RuntimeException ex) {
			connection.close();
			throw ex;
		}
	}

	X11Connection connection() {
		return this.connection;
	}

	long window() {
		return this.window;
	}

	long clipboard() {
		return this.clipboard;
	}

	/** Bytes of text sent in one property; more goes by INCR in chunks of this size. */
	int chunkSize() {
		return this.chunkSize;
	}

	/**
	 * The socket to wait on, -1 once the connection is gone (poll skips negative fds).
	 */
	int fd() {
		return this.connection.isUsable() ? this.xlib.XConnectionNumber(this.display) : -1;
	}

	boolean isUsable() {
		return this.connection.isUsable();
	}

	long atom(String name) {
		return this.connection.atom(name);
	}

	String atomName(long atom) {
		return this.connection.atomName(atom);
	}

	/**
	 * Every event read so far: the backlog first, then what the socket holds. Never
	 * blocks.
	 */
	List<X11ClipboardEvent> takeEvents() {
		this.connection.requireUsable();
		List<X11ClipboardEvent> events = new ArrayList<>(this.backlog);
		this.backlog.clear();
		// XPending flushes, reads what the socket holds without blocking, and counts the
		// queue
		while (this.xlib.XPending(this.display) > 0) {
			X11ClipboardEvent event = next();
			if (event != null) {
				events.add(event);
			}
		}
		this.connection.requireUsable();
		return events;
	}

	/**
	 * Whether events wait to be taken; flushes first. Call it right before waiting on
	 * {@link #fd()}.
	 */
	boolean hasEvents() {
		return !this.backlog.isEmpty()
				|| (this.connection.isUsable() && this.xlib.XEventsQueued(this.display, Xlib.QUEUED_AFTER_FLUSH) > 0);
	}

	private X11ClipboardEvent next() {
		this.xlib.XNextEvent(this.display, this.received);
		return X11ClipboardEvent.parse(this.received);
	}

	/**
	 * A current server timestamp: a zero-length append to a property of the window,
	 * answered by PropertyNotify with the server's time (ICCCM 2.1: CurrentTime would let
	 * a late request overtake a newer one). One round trip; other events read meanwhile
	 * go to the backlog.
	 * @return the timestamp, or CurrentTime (0) if the server sent none
	 */
	long serverTime() {
		this.connection.requireUsable();
		try (Memory nothing = new Memory(1)) {
			this.xlib.XChangeProperty(this.display, new X11.Window(this.window), new X11.Atom(this.stampProperty),
					X11.XA_INTEGER, 8, X11.PropModeAppend, nothing, 0);
		}
		this.connection.sync();
		long time = -1;
		while (this.xlib.XEventsQueued(this.display, Xlib.QUEUED_ALREADY) > 0) {
			X11ClipboardEvent event = next();
			if (event instanceof X11ClipboardEvent.PropertyChange change && change.window() == this.window
					&& change.atom() == this.stampProperty) {
				time = change.time();
			}
			else if (event != null) {
				this.backlog.add(event);
			}
		}
		if (time < 0) {
			logger.debug("X display {} sent no timestamp; using CurrentTime", this.connection.name());
			return X11.CurrentTime;
		}
		return time;
	}

	/**
	 * @return the window that owns CLIPBOARD, {@link #NONE} when none does; a round trip
	 */
	long owner() {
		this.connection.requireUsable();
		long owner = this.xlib.XGetSelectionOwner(this.display, new X11.Atom(this.clipboard)).longValue();
		this.connection.requireUsable();
		return owner;
	}

	/**
	 * @return whether the window owns CLIPBOARD now, checked with a round trip
	 */
	boolean takeOwnership(long time) {
		this.connection.requireUsable();
		this.xlib.XSetSelectionOwner(this.display, new X11.Atom(this.clipboard), new X11.Window(this.window),
				new NativeLong(time));
		return owner() == this.window;
	}

	/**
	 * Gives CLIPBOARD up; the server ignores it if another client took it after
	 * {@code since}.
	 */
	void releaseOwnership(long since) {
		this.connection.requireUsable();
		this.xlib.XSetSelectionOwner(this.display, new X11.Atom(this.clipboard), new X11.Window(NONE),
				new NativeLong(since));
	}

	/** The property of the window that conversions Deskhand asks for are written to. */
	long transferProperty() {
		return this.transferProperty;
	}

	/**
	 * After a read gave up: its owner may still write, so the next reads use a fresh
	 * property.
	 */
	void abandonTransferProperty() {
		this.transferGeneration++;
		this.transferProperty = this.connection.atom(PROPERTY_PREFIX + "_" + this.transferGeneration);
	}

	/**
	 * Asks CLIPBOARD's owner for {@code target} in {@link #transferProperty()} of the
	 * window.
	 */
	void convert(long target, long time) {
		this.connection.requireUsable();
		this.xlib.XConvertSelection(this.display, new X11.Atom(this.clipboard), new X11.Atom(target),
				new X11.Atom(this.transferProperty), new X11.Window(this.window), new NativeLong(time));
		this.xlib.XFlush(this.display);
	}

	/**
	 * A property's type and, for format 8, its bytes.
	 *
	 * @param type the type's name, e.g. {@code UTF8_STRING}, {@code INCR}
	 * @param bytes the items of a format-8 property, empty for other formats
	 */
	record Property(String type, int format, byte[] bytes) {
	}

	/**
	 * Reads a whole property, in several requests if it is large.
	 * @return the property, or {@code null} when the window lacks it
	 * @throws DeskhandException E_UNSUPPORTED beyond {@link #MAX_TEXT_BYTES}
	 */
	Property readProperty(long window, long property) {
		ByteArrayOutputStream bytes = new ByteArrayOutputStream();
		String type = null;
		int format = 0;
		long offset = 0;
		long remaining;
		do {
			this.connection.requireUsable();
			X11.AtomByReference actualType = new X11.AtomByReference();
			IntByReference actualFormat = new IntByReference();
			NativeLongByReference items = new NativeLongByReference();
			NativeLongByReference bytesAfter = new NativeLongByReference();
			PointerByReference data = new PointerByReference();
			// delete=false: JNA passes a Java true as -1, which the server rejects as
			// BadValue
			int status = this.xlib.XGetWindowProperty(this.display, new X11.Window(window), new X11.Atom(property),
					new NativeLong(offset), READ_UNITS, false, ANY_PROPERTY_TYPE, actualType, actualFormat, items,
					bytesAfter, data);
			this.connection.requireUsable();
			Pointer values = data.getValue();
			try {
				if (status != 0 || actualFormat.getValue() == 0) {
					return null;
				}
				X11.Atom typeAtom = actualType.getValue();
				type = (typeAtom != null) ? atomName(typeAtom.longValue()) : null;
				format = actualFormat.getValue();
				int count = (int) items.getValue().longValue();
				if (format == 8 && values != null) {
					bytes.write(values.getByteArray(0, count), 0, count);
				}
				offset += (long) count * format / 32;
				remaining = bytesAfter.getValue().longValue();
			}
			finally {
				if (values != null) {
					this.xlib.XFree(values);
				}
			}
			if (bytes.size() + remaining > MAX_TEXT_BYTES) {
				throw tooLarge();
			}
		}
		while (remaining > 0);
		return new Property(type, format, bytes.toByteArray());
	}

	static DeskhandException tooLarge() {
		return new DeskhandException(ErrorCode.E_UNSUPPORTED,
				"the clipboard holds more than " + MAX_TEXT_BYTES / (1024 * 1024) + " MiB; Deskhand reads no more");
	}

	void deleteProperty(long window, long property) {
		this.connection.requireUsable();
		this.xlib.XDeleteProperty(this.display, new X11.Window(window), new X11.Atom(property));
	}

	/**
	 * Replaces a property with {@code length} bytes of {@code bytes} from {@code offset};
	 * 0 is fine.
	 */
	void writeBytes(long window, long property, long type, byte[] bytes, int offset, int length) {
		this.connection.requireUsable();
		try (Memory data = new Memory(Math.max(1, length))) {
			data.write(0, bytes, offset, length);
			this.xlib.XChangeProperty(this.display, new X11.Window(window), new X11.Atom(property), new X11.Atom(type),
					8, X11.PropModeReplace, data, length);
		}
	}

	/** Replaces a property with format-32 items (atoms, a timestamp, INCR's size). */
	void writeLongs(long window, long property, long type, long[] values) {
		this.connection.requireUsable();
		// Xlib takes format-32 items as C longs
		try (Memory data = new Memory(8L * Math.max(1, values.length))) {
			for (int i = 0; i < values.length; i++) {
				data.setLong(8L * i, values[i]);
			}
			this.xlib.XChangeProperty(this.display, new X11.Window(window), new X11.Atom(property), new X11.Atom(type),
					32, X11.PropModeReplace, data, values.length);
		}
	}

	/**
	 * Tells a requestor its conversion is done ({@code property} set) or refused (NONE).
	 */
	void sendNotify(long requestor, long selection, long target, long property, long time) {
		this.connection.requireUsable();
		this.sent.clear();
		this.sent.setInt(SelectionEventLayout.TYPE, X11.SelectionNotify);
		this.sent.setLong(SelectionEventLayout.NOTIFY_REQUESTOR, requestor);
		this.sent.setLong(SelectionEventLayout.NOTIFY_SELECTION, selection);
		this.sent.setLong(SelectionEventLayout.NOTIFY_TARGET, target);
		this.sent.setLong(SelectionEventLayout.NOTIFY_PROPERTY, property);
		this.sent.setLong(SelectionEventLayout.NOTIFY_TIME, time);
		this.xlib.XSendEvent(this.display, new X11.Window(requestor), 0, new NativeLong(X11.NoEventMask), this.sent);
	}

	/**
	 * Starts or stops PropertyNotify from another client's window (an INCR requestor's).
	 */
	void watchProperties(long window, boolean watch) {
		this.connection.requireUsable();
		this.xlib.XSelectInput(this.display, new X11.Window(window),
				new NativeLong(watch ? X11.PropertyChangeMask : X11.NoEventMask));
	}

	void flush() {
		if (this.connection.isUsable()) {
			this.xlib.XFlush(this.display);
		}
	}

	/** Destroys the window (which also ends its ownership) and closes the connection. */
	@Override
	public void close() {
		if (this.connection.isUsable()) {
			this.xlib.XDestroyWindow(this.display, new X11.Window(this.window));
			this.xlib.XSync(this.display, false);
		}
		this.received.close();
		this.sent.close();
		this.connection.close();
	}

}
