package dev.deskhand.platform.linux.x11;

import java.util.HashMap;
import java.util.Map;

import com.sun.jna.Native;
import com.sun.jna.NativeLong;
import com.sun.jna.Pointer;
import com.sun.jna.platform.unix.X11;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.NativeLongByReference;
import com.sun.jna.ptr.PointerByReference;

import dev.deskhand.platform.Rect;
import dev.deskhand.platform.linux.x11.jna.Xlib;

/**
 * The Xlib calls about windows: properties, geometry, the window tree, the input focus,
 * and the client messages sent to the window manager. Window ids are plain {@code long}s,
 * 0 for None. Callers own the connection while they call (the observation connection's
 * lock), and check it for errors: a window can vanish between any two requests, and a
 * request naming it then fails with BadWindow, which the error handler records on the
 * connection.
 */
final class X11WindowReader {

	static final long NONE = 0;

	/** {@code XGetInputFocus}: the focus follows the pointer. */
	static final long POINTER_ROOT = 1;

	/** Up to 64 KiB of a property (the length is in 32-bit units): no title is longer. */
	private static final NativeLong MAX_LENGTH = new NativeLong(16384);

	private static final X11.Atom ANY_PROPERTY_TYPE = new X11.Atom(0);

	private static final int SUCCESS = 0;

	/**
	 * {@code XSendEvent}'s mask for a message to the window manager (EWMH, "root window
	 * messages").
	 */
	private static final NativeLong TO_WINDOW_MANAGER = new NativeLong(
			X11.SubstructureRedirectMask | X11.SubstructureNotifyMask);

	private X11WindowReader() {
	}

	/**
	 * @return the property, or {@code null} when the window lacks it or is gone
	 */
	static X11Property property(X11Connection connection, long window, String name) {
		long atom = connection.atom(name);
		if (atom == NONE) {
			return null;
		}
		Xlib xlib = connection.libraries().xlib();
		X11.AtomByReference actualType = new X11.AtomByReference();
		IntByReference actualFormat = new IntByReference();
		NativeLongByReference items = new NativeLongByReference();
		NativeLongByReference bytesAfter = new NativeLongByReference();
		PointerByReference data = new PointerByReference();
		int status = xlib.XGetWindowProperty(connection.display(), new X11.Window(window), new X11.Atom(atom),
				new NativeLong(0), MAX_LENGTH, false, ANY_PROPERTY_TYPE, actualType, actualFormat, items, bytesAfter,
				data);
		connection.requireUsable();
		Pointer values = data.getValue();
		try {
			int format = actualFormat.getValue();
			if (status != SUCCESS || format == 0 || values == null) {
				return null;
			}
			X11.Atom type = actualType.getValue();
			String typeName = (type != null) ? connection.atomName(type.longValue()) : null;
			int count = (int) items.getValue().longValue();
			if (format == 8) {
				return X11Property.ofBytes(typeName, values.getByteArray(0, count));
			}
			// Xlib widens format-16 items to C short and format-32 items to C long
			long[] numbers = new long[count];
			for (int i = 0; i < count; i++) {
				numbers[i] = (format == 16) ? values.getShort(2L * i) & 0xffffL
						: values.getNativeLong((long) Native.LONG_SIZE * i).longValue() & 0xffffffffL;
			}
			return X11Property.ofNumbers(typeName, format, numbers);
		}
		finally {
			if (values != null) {
				xlib.XFree(values);
			}
		}
	}

	/**
	 * One window's facts, one request at a time (see {@link X11WindowBatch} for all at
	 * once).
	 * @return them, or {@code null} when the window is gone
	 */
	static X11WindowFacts facts(X11Connection connection, long window) {
		Map<String, X11Property> properties = new HashMap<>();
		for (String name : X11WindowFacts.PROPERTIES) {
			X11Property property = property(connection, window, name);
			if (property != null) {
				properties.put(name, property);
			}
		}
		// read last: a window that vanished after its properties has no bounds and is
		// left out
		Rect bounds = bounds(connection, window);
		return (bounds != null) ? new X11WindowFacts(window, properties, bounds) : null;
	}

	/**
	 * The window's inside in root coordinates: its origin translated to the root, as
	 * xwininfo's "Absolute upper-left" (a window manager's frame sits around it, so the
	 * window's own x and y are relative to the frame), and its size.
	 * @return the bounds, or {@code null} when the window is gone
	 */
	static Rect bounds(X11Connection connection, long window) {
		connection.requireUsable();
		Xlib xlib = connection.libraries().xlib();
		IntByReference width = new IntByReference();
		IntByReference height = new IntByReference();
		IntByReference ignored = new IntByReference();
		int status = xlib.XGetGeometry(connection.display(), new X11.Window(window), new X11.WindowByReference(),
				ignored, ignored, width, height, ignored, ignored);
		connection.requireUsable();
		if (status == 0) {
			return null;
		}
		IntByReference x = new IntByReference();
		IntByReference y = new IntByReference();
		boolean translated = xlib.XTranslateCoordinates(connection.display(), new X11.Window(window), connection.root(),
				0, 0, x, y, new X11.WindowByReference());
		connection.requireUsable();
		return translated ? new Rect(x.getValue(), y.getValue(), width.getValue(), height.getValue()) : null;
	}

	/**
	 * Sends a format-32 client message about {@code window} to the root, where the window
	 * manager listens for it (EWMH's root window messages, e.g.
	 * {@code _NET_ACTIVE_WINDOW}). Not flushed.
	 */
	static void messageWindowManager(X11Connection connection, long window, String messageType, long... data) {
		connection.requireUsable();
		X11.XEvent event = new X11.XEvent();
		event.type = X11.ClientMessage;
		event.setType(X11.XClientMessageEvent.class);
		X11.XClientMessageEvent message = event.xclient;
		message.type = X11.ClientMessage;
		message.send_event = 1;
		message.display = connection.display();
		message.window = new X11.Window(window);
		message.message_type = new X11.Atom(connection.atom(messageType));
		message.format = 32;
		message.data.setType(NativeLong[].class);
		for (int i = 0; i < message.data.l.length; i++) {
			message.data.l[i] = new NativeLong((i < data.length) ? data[i] : 0);
		}
		connection.libraries().xlib().XSendEvent(connection.display(), connection.root(), 0, TO_WINDOW_MANAGER, event);
		connection.requireUsable();
	}

	/**
	 * @return the focus window, {@link #NONE} or {@link #POINTER_ROOT}
	 */
	static long inputFocus(X11Connection connection) {
		connection.requireUsable();
		NativeLongByReference focus = new NativeLongByReference();
		connection.libraries().xlib().XGetInputFocus(connection.display(), focus, new IntByReference());
		connection.requireUsable();
		return focus.getValue().longValue();
	}

	/**
	 * @param parent the window's parent, {@link #NONE} for the root
	 * @param children its children, bottom to top
	 */
	record Tree(long parent, long[] children) {
	}

	/**
	 * @return the window's place in the tree, or {@code null} when it is gone
	 */
	static Tree tree(X11Connection connection, long window) {
		connection.requireUsable();
		Xlib xlib = connection.libraries().xlib();
		X11.WindowByReference root = new X11.WindowByReference();
		X11.WindowByReference parent = new X11.WindowByReference();
		PointerByReference children = new PointerByReference();
		IntByReference count = new IntByReference();
		int status = xlib.XQueryTree(connection.display(), new X11.Window(window), root, parent, children, count);
		connection.requireUsable();
		Pointer list = children.getValue();
		try {
			if (status == 0) {
				return null;
			}
			long[] ids = new long[(list != null) ? count.getValue() : 0];
			for (int i = 0; i < ids.length; i++) {
				ids[i] = list.getNativeLong((long) Native.LONG_SIZE * i).longValue();
			}
			X11.Window up = parent.getValue();
			return new Tree((up != null) ? up.longValue() : NONE, ids);
		}
		finally {
			if (list != null) {
				xlib.XFree(list);
			}
		}
	}

	/**
	 * @return the root's child under the pointer (a frame, or a client without a WM), or
	 * NONE
	 */
	static long topLevelUnderPointer(X11Connection connection) {
		connection.requireUsable();
		X11.WindowByReference root = new X11.WindowByReference();
		X11.WindowByReference child = new X11.WindowByReference();
		IntByReference ignored = new IntByReference();
		connection.libraries()
			.xlib()
			.XQueryPointer(connection.display(), connection.root(), root, child, ignored, ignored, ignored, ignored,
					ignored);
		connection.requireUsable();
		X11.Window window = child.getValue();
		return (window != null) ? window.longValue() : NONE;
	}

}
