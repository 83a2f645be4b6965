package dev.deskhand.platform.linux.x11.jna;

import com.sun.jna.Library;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.PointerByReference;

/**
 * The few libxcb requests Deskhand pipelines on an Xlib connection (see {@link X11Xcb}):
 * a request returns a cookie at once and its reply is collected later, so reading many
 * windows costs one round trip instead of one per request. Load with
 * {@code Native.load("xcb", Xcb.class)}.
 *
 * <p>
 * A cookie is a C struct holding one {@code unsigned int}; on x86-64 and aarch64 such a
 * struct is returned and passed in a register exactly like an {@code int}, so cookies are
 * bound as {@code int}. Window and atom ids are 32-bit on the wire, also {@code int}.
 * Every reply and error is {@code malloc}ed: free it with {@code Native.free}. Every
 * cookie must be collected, or libxcb keeps its reply for the connection's life.
 */
public interface Xcb extends Library {

	/**
	 * @return nonzero when the connection is broken (then every reply is {@code null})
	 */
	int xcb_connection_has_error(Pointer connection);

	/**
	 * @param delete a C {@code uint8_t}: 0 keeps the property
	 */
	int xcb_get_property(Pointer connection, byte delete, int window, int property, int type, int longOffset,
			int longLength);

	/**
	 * @param error receives an {@code xcb_generic_error_t*} when the request failed (read
	 * it at {@link ErrorLayout} offsets); passing one keeps the error away from Xlib's
	 * error handler
	 * @return an {@code xcb_get_property_reply_t*} ({@link PropertyReplyLayout}),
	 * {@code null} on error
	 */
	Pointer xcb_get_property_reply(Pointer connection, int cookie, PointerByReference error);

	int xcb_get_geometry(Pointer connection, int drawable);

	/**
	 * @return an {@code xcb_get_geometry_reply_t*} ({@link GeometryReplyLayout})
	 */
	Pointer xcb_get_geometry_reply(Pointer connection, int cookie, PointerByReference error);

	int xcb_translate_coordinates(Pointer connection, int source, int destination, short x, short y);

	/**
	 * @return an {@code xcb_translate_coordinates_reply_t*}
	 * ({@link TranslateReplyLayout})
	 */
	Pointer xcb_translate_coordinates_reply(Pointer connection, int cookie, PointerByReference error);

	/** Byte offsets in {@code xcb_generic_error_t}, the X protocol's error packet. */
	final class ErrorLayout {

		public static final int ERROR_CODE = 1;

		public static final int MAJOR_CODE = 10;

		private ErrorLayout() {
		}

	}

	/** Byte offsets in a GetProperty reply; 32-bit items stay 32-bit, unlike Xlib's. */
	final class PropertyReplyLayout {

		public static final int FORMAT = 1;

		public static final int TYPE = 8;

		/** Items, in units of the format. */
		public static final int VALUE_LENGTH = 16;

		public static final int VALUE = 32;

		private PropertyReplyLayout() {
		}

	}

	/** Byte offsets in a GetGeometry reply; width and height are unsigned 16-bit. */
	final class GeometryReplyLayout {

		public static final int WIDTH = 16;

		public static final int HEIGHT = 18;

		private GeometryReplyLayout() {
		}

	}

	/**
	 * Byte offsets in a TranslateCoordinates reply; the coordinates are signed 16-bit.
	 */
	final class TranslateReplyLayout {

		public static final int DESTINATION_X = 12;

		public static final int DESTINATION_Y = 14;

		private TranslateReplyLayout() {
		}

	}

}
