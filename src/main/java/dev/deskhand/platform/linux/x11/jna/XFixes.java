package dev.deskhand.platform.linux.x11.jna;

import com.sun.jna.Library;
import com.sun.jna.NativeLong;
import com.sun.jna.Pointer;
import com.sun.jna.platform.unix.X11;
import com.sun.jna.ptr.IntByReference;

/**
 * The region requests of libXfixes, which jna-platform does not bind. Load with
 * {@code Native.load("Xfixes", XFixes.class)}. An {@code XserverRegion} is an XID, passed
 * as {@link NativeLong}.
 */
public interface XFixes extends Library {

	/**
	 * Bytes of an {@code XRectangle}: {@code short x, y; unsigned short width, height}.
	 */
	int XRECTANGLE_SIZE = 8;

	/**
	 * @return non-zero when the server has XFIXES
	 */
	int XFixesQueryExtension(X11.Display display, IntByReference eventBase, IntByReference errorBase);

	/**
	 * Tells the server which version the client speaks: the server refuses region
	 * requests (XFIXES 2) of a client that has not asked.
	 * @return non-zero on success
	 */
	int XFixesQueryVersion(X11.Display display, IntByReference major, IntByReference minor);

	/**
	 * @param rectangles {@code null} with {@code count} 0 for an empty region
	 */
	NativeLong XFixesCreateRegion(X11.Display display, Pointer rectangles, int count);

	void XFixesDestroyRegion(X11.Display display, NativeLong region);

	/**
	 * A round trip.
	 * @return {@code count} rectangles of {@link #XRECTANGLE_SIZE} bytes, to free with
	 * {@code XFree}; {@code null} when the request failed or the region is empty
	 */
	Pointer XFixesFetchRegion(X11.Display display, NativeLong region, IntByReference count);

}
