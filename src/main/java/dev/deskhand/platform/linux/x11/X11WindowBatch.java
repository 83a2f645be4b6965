package dev.deskhand.platform.linux.x11;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import com.sun.jna.Native;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.PointerByReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.deskhand.platform.Rect;
import dev.deskhand.platform.linux.x11.jna.X11Xcb;
import dev.deskhand.platform.linux.x11.jna.Xcb;

/**
 * Reads many windows in about one round trip: every request for every window goes out on
 * the XCB connection under Xlib's, and the replies are collected afterwards. Xlib waits
 * for each reply before sending the next request, so reading a desktop's windows that way
 * takes several times longer than pipelined (docs/performance.md). Needs libX11-xcb;
 * without it {@link #isAvailable()} is false and callers read one request at a time.
 *
 * <p>
 * Like every {@link X11WindowReader} call, it runs while the caller owns the connection.
 * A request that fails returns its error to the caller here instead of going through
 * Xlib's error handler, so a window that vanished is simply left out.
 */
final class X11WindowBatch {

	private static final Logger logger = LoggerFactory.getLogger(X11WindowBatch.class);

	private static final int BAD_WINDOW = 3;

	/** What GetGeometry reports for a window that is gone: it names a drawable. */
	private static final int BAD_DRAWABLE = 9;

	private static final int ANY_PROPERTY_TYPE = 0;

	/** Up to 64 KiB of a property, as {@link X11WindowReader#property} reads. */
	private static final int MAX_LENGTH = 16384;

	/** Per window: each property, then the size, then the origin. */
	private static final int REQUESTS = X11WindowFacts.PROPERTIES.size() + 2;

	private X11WindowBatch() {
	}

	static boolean isAvailable() {
		return Libraries.XCB != null;
	}

	/**
	 * @param windows client windows
	 * @return the facts of each window that still exists, in the order given
	 * @throws dev.deskhand.errors.DeskhandException E_NO_DESKTOP when the connection is
	 * lost
	 */
	static List<X11WindowFacts> read(X11Connection connection, long[] windows) {
		connection.requireUsable();
		Xcb xcb = Libraries.XCB;
		Pointer xcbConnection = Libraries.X11_XCB.XGetXCBConnection(connection.display());
		int root = (int) connection.root().longValue();
		int[] atoms = X11WindowFacts.PROPERTIES.stream().mapToInt((name) -> (int) connection.atom(name)).toArray();
		int[] cookies = new int[windows.length * REQUESTS];
		int next = 0;
		for (long window : windows) {
			for (int atom : atoms) {
				cookies[next++] = xcb.xcb_get_property(xcbConnection, (byte) 0, (int) window, atom, ANY_PROPERTY_TYPE,
						0, MAX_LENGTH);
			}
			cookies[next++] = xcb.xcb_get_geometry(xcbConnection, (int) window);
			cookies[next++] = xcb.xcb_translate_coordinates(xcbConnection, (int) window, root, (short) 0, (short) 0);
		}
		List<Pending> pending = new ArrayList<>(windows.length);
		Replies replies = new Replies(xcb, xcbConnection, cookies);
		for (long window : windows) {
			pending.add(replies.collect(window, atoms.length));
		}
		if (xcb.xcb_connection_has_error(xcbConnection) != 0) {
			connection.markBroken();
			connection.requireUsable();
		}
		// atom names are resolved only now: an Xlib round trip amid the replies would
		// work, but slowly
		List<X11WindowFacts> facts = new ArrayList<>(windows.length);
		for (Pending window : pending) {
			if (window != null) {
				facts.add(window.facts(connection));
			}
		}
		return facts;
	}

	/** A property as it came off the wire, its type not yet named. */
	private record RawProperty(long type, int format, byte[] bytes, long[] numbers) {

		X11Property resolve(X11Connection connection) {
			String typeName = connection.atomName(this.type);
			return (this.format == 8) ? X11Property.ofBytes(typeName, this.bytes)
					: X11Property.ofNumbers(typeName, this.format, this.numbers);
		}

	}

	private record Pending(long id, Map<String, RawProperty> properties, Rect bounds) {

		X11WindowFacts facts(X11Connection connection) {
			Map<String, X11Property> resolved = new HashMap<>();
			this.properties.forEach((name, raw) -> resolved.put(name, raw.resolve(connection)));
			return new X11WindowFacts(this.id, resolved, this.bounds);
		}

	}

	/**
	 * Collects replies in request order. Every cookie is collected, even after a failure:
	 * libxcb keeps an uncollected reply for the connection's life.
	 */
	private static final class Replies {

		private final Xcb xcb;

		private final Pointer connection;

		private final int[] cookies;

		private final PointerByReference error = new PointerByReference();

		private int next;

		private boolean gone;

		Replies(Xcb xcb, Pointer connection, int[] cookies) {
			this.xcb = xcb;
			this.connection = connection;
			this.cookies = cookies;
		}

		/**
		 * @return the window's replies, or {@code null} when it is gone
		 */
		Pending collect(long window, int propertyCount) {
			this.gone = false;
			Map<String, RawProperty> properties = new HashMap<>();
			for (int i = 0; i < propertyCount; i++) {
				RawProperty property = readAndFree(
						this.xcb.xcb_get_property_reply(this.connection, this.cookies[this.next++], clearedError()),
						Replies::property);
				checkError(window);
				if (property != null) {
					properties.put(X11WindowFacts.PROPERTIES.get(i), property);
				}
			}
			int[] size = readAndFree(
					this.xcb.xcb_get_geometry_reply(this.connection, this.cookies[this.next++], clearedError()),
					(reply) -> new int[] { reply.getShort(Xcb.GeometryReplyLayout.WIDTH) & 0xffff,
							reply.getShort(Xcb.GeometryReplyLayout.HEIGHT) & 0xffff });
			checkError(window);
			int[] origin = readAndFree(
					this.xcb.xcb_translate_coordinates_reply(this.connection, this.cookies[this.next++],
							clearedError()),
					(reply) -> new int[] { reply.getShort(Xcb.TranslateReplyLayout.DESTINATION_X),
							reply.getShort(Xcb.TranslateReplyLayout.DESTINATION_Y) });
			checkError(window);
			if (this.gone || size == null || origin == null) {
				return null;
			}
			return new Pending(window, properties, new Rect(origin[0], origin[1], size[0], size[1]));
		}

		private PointerByReference clearedError() {
			this.error.setValue(null);
			return this.error;
		}

		private void checkError(long window) {
			Pointer failure = this.error.getValue();
			if (failure == null) {
				return;
			}
			int code = failure.getByte(Xcb.ErrorLayout.ERROR_CODE) & 0xff;
			int major = failure.getByte(Xcb.ErrorLayout.MAJOR_CODE) & 0xff;
			Native.free(Pointer.nativeValue(failure));
			if (code == BAD_WINDOW || code == BAD_DRAWABLE) {
				if (!this.gone) {
					logger.debug("window 0x{} vanished while it was being read", Long.toHexString(window));
				}
				this.gone = true;
			}
			else {
				logger.debug("X error {} (request {}) while reading window 0x{}", code, major,
						Long.toHexString(window));
			}
		}

		private static RawProperty property(Pointer reply) {
			int format = reply.getByte(Xcb.PropertyReplyLayout.FORMAT) & 0xff;
			if (format == 0) {
				// the window lacks the property
				return null;
			}
			long type = reply.getInt(Xcb.PropertyReplyLayout.TYPE) & 0xffffffffL;
			int count = reply.getInt(Xcb.PropertyReplyLayout.VALUE_LENGTH);
			int at = Xcb.PropertyReplyLayout.VALUE;
			if (format == 8) {
				return new RawProperty(type, format, reply.getByteArray(at, count), new long[0]);
			}
			long[] numbers = new long[count];
			for (int i = 0; i < count; i++) {
				numbers[i] = (format == 16) ? reply.getShort(at + 2L * i) & 0xffffL
						: reply.getInt(at + 4L * i) & 0xffffffffL;
			}
			return new RawProperty(type, format, new byte[0], numbers);
		}

		/**
		 * @return what {@code reader} made of the reply, {@code null} for no reply
		 */
		private static <T> T readAndFree(Pointer reply, Function<Pointer, T> reader) {
			if (reply == null) {
				return null;
			}
			try {
				return reader.apply(reply);
			}
			finally {
				Native.free(Pointer.nativeValue(reply));
			}
		}

	}

	/** Loaded on first use; both {@code null} when libX11-xcb or libxcb is missing. */
	private static final class Libraries {

		static final Xcb XCB;

		static final X11Xcb X11_XCB;

		static {
			Xcb xcb = null;
			X11Xcb x11Xcb = null;
			try {
				x11Xcb = Native.load("X11-xcb", X11Xcb.class);
				xcb = Native.load("xcb", Xcb.class);
			}
			catch (UnsatisfiedLinkError ex) {
				logger.info(
						"libX11-xcb is not installed ({}): window lists are read one request at a time,"
								+ " about 1 ms per window (Debian/Ubuntu: apt-get install libx11-xcb1)",
						ex.getMessage());
			}
			boolean both = xcb != null && x11Xcb != null;
			XCB = both ? xcb : null;
			X11_XCB = both ? x11Xcb : null;
		}

		private Libraries() {
		}

	}

}
