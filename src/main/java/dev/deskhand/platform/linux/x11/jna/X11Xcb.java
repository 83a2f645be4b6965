package dev.deskhand.platform.linux.x11.jna;

import com.sun.jna.Library;
import com.sun.jna.Pointer;
import com.sun.jna.platform.unix.X11;

/**
 * libX11-xcb: the XCB connection under an Xlib {@code Display}, so that {@link Xcb}
 * requests can share it. Not part of libX11 itself (Debian: {@code libx11-xcb1}). Load
 * with {@code Native.load("X11-xcb", X11Xcb.class)}.
 */
public interface X11Xcb extends Library {

	/**
	 * @return the {@code xcb_connection_t*}, valid until the display is closed
	 */
	Pointer XGetXCBConnection(X11.Display display);

}
