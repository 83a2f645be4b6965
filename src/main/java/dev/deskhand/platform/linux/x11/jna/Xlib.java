package dev.deskhand.platform.linux.x11.jna;

import com.sun.jna.Callback;
import com.sun.jna.NativeLong;
import com.sun.jna.Pointer;
import com.sun.jna.Structure;
import com.sun.jna.Structure.FieldOrder;
import com.sun.jna.platform.unix.X11;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.NativeLongByReference;

/**
 * libX11, extending jna-platform's {@link X11} with what it lacks or binds wrongly. Load
 * with {@code Native.load("X11", Xlib.class)}.
 */
public interface Xlib extends X11 {

	/** {@code format} of {@link #XGetImage}: one pixel value per pixel. */
	int ZPIXMAP = 2;

	/** {@code XImage.byte_order}: least significant byte first. */
	int LSB_FIRST = 0;

	/** {@code Visual.class} of a visual whose pixel values hold RGB directly. */
	int TRUE_COLOR = 4;

	int XInitThreads();

	/**
	 * @return an {@code XImage*} to read with {@link XImage#XImage(Pointer)} and free
	 * with {@link #XDestroyImage}; {@code null} on failure (the error handler sees why)
	 */
	Pointer XGetImage(Display display, Drawable drawable, int x, int y, int width, int height, NativeLong planeMask,
			int format);

	/** A real exported function in libX11 1.8 (older headers only had the macro). */
	int XDestroyImage(Pointer image);

	/**
	 * The keysyms of {@code count} keycodes from {@code firstKeycode},
	 * {@code keysymsPerKeycode} each. jna-platform declares the return as one
	 * {@code KeySym}; it is a {@code KeySym*} to read as {@code long[]} and free with
	 * {@link #XFree}. Call it with an {@code int} first keycode: a {@code byte} selects
	 * jna-platform's wrong overload.
	 */
	Pointer XGetKeyboardMapping(Display display, int firstKeycode, int count, IntByReference keysymsPerKeycode);

	/**
	 * {@code long[]} is {@code KeySym[]} on LP64 Linux; no per-element {@code KeySym}
	 * objects.
	 */
	int XChangeKeyboardMapping(Display display, int firstKeycode, int keysymsPerKeycode, long[] keysyms, int numCodes);

	/**
	 * The error handler with the event as a raw pointer: jna-platform's
	 * {@code XErrorEvent} has its fields in the wrong order. Read it at
	 * {@link XErrorEventLayout} offsets.
	 */
	interface XErrorHandlerRaw extends Callback {

		int apply(Pointer display, Pointer errorEvent);

	}

	/**
	 * @return the previous handler ({@code _XDefaultError} when none was set)
	 */
	Pointer XSetErrorHandler(XErrorHandlerRaw handler);

	/** Sets the default handler back; returns the previous one. */
	Pointer XSetErrorHandler(Pointer handler);

	interface XIOErrorHandler extends Callback {

		int apply(Pointer display);

	}

	Pointer XSetIOErrorHandler(XIOErrorHandler handler);

	interface XIOErrorExitHandler extends Callback {

		void apply(Pointer display, Pointer userData);

	}

	/**
	 * Replaces, for one connection, the {@code exit(1)} that follows an IO error. libX11
	 * 1.7 and later; older versions end the process on any lost connection.
	 */
	void XSetIOErrorExitHandler(Display display, XIOErrorExitHandler handler, Pointer userData);

	/**
	 * {@code mode} of {@code XEventsQueued}: count the events already read, without any
	 * I/O.
	 */
	int QUEUED_ALREADY = 0;

	/** Bytes of an {@code XEvent} (a union padded to 24 longs) on LP64. */
	int XEVENT_SIZE = 192;

	/**
	 * @param focus receives the focus window, {@code None} (0) or {@code PointerRoot}
	 * (1); a {@code NativeLongByReference} so that neither maps to a {@code null} Window
	 */
	int XGetInputFocus(Display display, NativeLongByReference focus, IntByReference revertTo);

	/**
	 * Takes the next event off the queue into a buffer of {@link #XEVENT_SIZE} bytes; its
	 * first {@code int} is the event type. Blocks when the queue is empty: check
	 * {@code XEventsQueued} first.
	 */
	int XNextEvent(Display display, Pointer event);

	/** {@code device_spec} of the XKB calls: the core keyboard. */
	int XKB_USE_CORE_KBD = 0x100;

	/** XKB event mask bit for XkbMapNotify: the keyboard mapping changed. */
	int XKB_MAP_NOTIFY_MASK = 1 << 1;

	/**
	 * Selects XKB events. libX11 turns on XKB for every connection at XOpenDisplay, and
	 * the server sends an XKB client no core MappingNotify unless it asked for
	 * XkbMapNotify: with that selected, Xlib delivers both.
	 * @return {@code True} (1) when the server has XKB
	 */
	int XkbSelectEvents(Display display, int deviceSpec, NativeLong bitsToChange, NativeLong valuesForBits);

	/** Byte offsets in {@code XErrorEvent} on LP64 (x86-64, aarch64). */
	final class XErrorEventLayout {

		public static final int RESOURCE_ID = 16;

		public static final int SERIAL = 24;

		public static final int ERROR_CODE = 32;

		public static final int REQUEST_CODE = 33;

		public static final int MINOR_CODE = 34;

		private XErrorEventLayout() {
		}

	}

	/** Byte offsets in {@code Visual}, which jna-platform keeps opaque. */
	final class VisualLayout {

		public static final int CLASS = 16;

		private VisualLayout() {
		}

	}

	/**
	 * {@code XImage} from Xlib.h; the trailing function pointers are the {@code f}
	 * member.
	 */
	@FieldOrder({ "width", "height", "xoffset", "format", "data", "byte_order", "bitmap_unit", "bitmap_bit_order",
			"bitmap_pad", "depth", "bytes_per_line", "bits_per_pixel", "red_mask", "green_mask", "blue_mask", "obdata",
			"f_create_image", "f_destroy_image", "f_get_pixel", "f_put_pixel", "f_sub_image", "f_add_pixel" })
	class XImage extends Structure {

		public int width;

		public int height;

		public int xoffset;

		public int format;

		public Pointer data;

		public int byte_order;

		public int bitmap_unit;

		public int bitmap_bit_order;

		public int bitmap_pad;

		public int depth;

		public int bytes_per_line;

		public int bits_per_pixel;

		public NativeLong red_mask;

		public NativeLong green_mask;

		public NativeLong blue_mask;

		public Pointer obdata;

		public Pointer f_create_image;

		public Pointer f_destroy_image;

		public Pointer f_get_pixel;

		public Pointer f_put_pixel;

		public Pointer f_sub_image;

		public Pointer f_add_pixel;

		public XImage(Pointer pointer) {
			super(pointer);
			read();
		}

	}

	/**
	 * Takes or gives up a selection.
	 * @param owner the new owner, {@code new Window(0)} (None) to give it up
	 * @param time a server timestamp from an event, as ICCCM 2.1 asks; the server ignores
	 * the request if it is older than the selection's last change
	 */
	int XSetSelectionOwner(Display display, Atom selection, Window owner, NativeLong time);

	/**
	 * @return the owner window, 0 (None) when the selection has none; not a Window, which
	 * maps 0 to null
	 */
	NativeLong XGetSelectionOwner(Display display, Atom selection);

	/**
	 * Asks the selection's owner to convert it to {@code target} into {@code property} on
	 * {@code requestor}.
	 */
	int XConvertSelection(Display display, Atom selection, Atom target, Atom property, Window requestor,
			NativeLong time);

	/**
	 * XSendEvent with the event as a raw buffer of {@link #XEVENT_SIZE} bytes, laid out
	 * as in {@link SelectionEventLayout}: jna-platform's XEvent union needs a Structure
	 * per type.
	 */
	int XSendEvent(Display display, Window window, int propagate, NativeLong eventMask, Pointer event);

	/**
	 * @return the connection's socket, to wait for events with {@code poll}
	 */
	int XConnectionNumber(Display display);

	/**
	 * @return the largest request the server takes without BIG-REQUESTS, in 4-byte units
	 */
	NativeLong XMaxRequestSize(Display display);

	/**
	 * {@code mode} of {@code XEventsQueued}: flush, then read what the socket holds,
	 * without blocking.
	 */
	int QUEUED_AFTER_FLUSH = 2;

	/**
	 * Byte offsets in the selection and property events on LP64 (x86-64, aarch64). Every
	 * event starts with
	 * {@code int type; unsigned long serial; Bool send_event; Display *display}.
	 */
	final class SelectionEventLayout {

		public static final int TYPE = 0;

		public static final int SEND_EVENT = 16;

		public static final int DISPLAY = 24;

		/**
		 * XSelectionRequestEvent: owner, requestor, selection, target, property, time.
		 */
		public static final int REQUEST_OWNER = 32;

		public static final int REQUEST_REQUESTOR = 40;

		public static final int REQUEST_SELECTION = 48;

		public static final int REQUEST_TARGET = 56;

		public static final int REQUEST_PROPERTY = 64;

		public static final int REQUEST_TIME = 72;

		/**
		 * XSelectionEvent (SelectionNotify): requestor, selection, target, property,
		 * time.
		 */
		public static final int NOTIFY_REQUESTOR = 32;

		public static final int NOTIFY_SELECTION = 40;

		public static final int NOTIFY_TARGET = 48;

		public static final int NOTIFY_PROPERTY = 56;

		public static final int NOTIFY_TIME = 64;

		/** XSelectionClearEvent: window, selection, time. */
		public static final int CLEAR_WINDOW = 32;

		public static final int CLEAR_SELECTION = 40;

		public static final int CLEAR_TIME = 48;

		/**
		 * XPropertyEvent: window, atom, time, state (an int: PropertyNewValue or
		 * PropertyDelete).
		 */
		public static final int PROPERTY_WINDOW = 32;

		public static final int PROPERTY_ATOM = 40;

		public static final int PROPERTY_TIME = 48;

		public static final int PROPERTY_STATE = 56;

		private SelectionEventLayout() {
		}

	}

}
