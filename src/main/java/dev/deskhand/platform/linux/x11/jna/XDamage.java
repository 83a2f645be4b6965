package dev.deskhand.platform.linux.x11.jna;

import com.sun.jna.Library;
import com.sun.jna.NativeLong;
import com.sun.jna.platform.unix.X11;
import com.sun.jna.ptr.IntByReference;

/**
 * libXdamage, which jna-platform does not bind. Load with
 * {@code Native.load("Xdamage", XDamage.class)}. A {@code Damage} and an
 * {@code XserverRegion} are XIDs, passed as {@link NativeLong}.
 */
public interface XDamage extends Library {

	/**
	 * {@code level} of {@link #XDamageCreate}: one DamageNotify when the damage goes from
	 * empty to not.
	 */
	int REPORT_NON_EMPTY = 3;

	/**
	 * @return non-zero when the server has DAMAGE
	 */
	int XDamageQueryExtension(X11.Display display, IntByReference eventBase, IntByReference errorBase);

	/**
	 * Tells the server which version the client speaks: the server refuses other DAMAGE
	 * requests of a client that has not asked.
	 * @return non-zero on success
	 */
	int XDamageQueryVersion(X11.Display display, IntByReference major, IntByReference minor);

	/**
	 * @return the new Damage object, accumulating what is drawn on {@code drawable}
	 */
	NativeLong XDamageCreate(X11.Display display, X11.Drawable drawable, int level);

	/**
	 * With {@code repair} None: moves the whole accumulated damage into {@code parts} (a
	 * region, or None to discard it) and empties it.
	 */
	void XDamageSubtract(X11.Display display, NativeLong damage, NativeLong repair, NativeLong parts);

	void XDamageDestroy(X11.Display display, NativeLong damage);

}
