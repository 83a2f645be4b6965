package dev.deskhand.platform.linux.x11.jna;

import com.sun.jna.Library;
import com.sun.jna.NativeLong;
import com.sun.jna.Pointer;
import com.sun.jna.Structure;
import com.sun.jna.Structure.FieldOrder;
import com.sun.jna.platform.unix.X11;
import com.sun.jna.ptr.IntByReference;

/**
 * libXrandr, which jna-platform does not bind. Load with
 * {@code Native.load("Xrandr", Xrandr.class)}.
 */
public interface Xrandr extends Library {

	/**
	 * @return non-zero when the server has RandR; the version goes to the references
	 */
	int XRRQueryVersion(X11.Display display, IntByReference major, IntByReference minor);

	/**
	 * RandR 1.5 monitors of the screen of {@code root}.
	 * @param getActive 1 for the active monitors only. An {@code int}, not a
	 * {@code boolean}: JNA passes {@code true} as -1, and Xlib copies it into a one-byte
	 * protocol field
	 * @return the first {@link XRRMonitorInfo} of {@code count}, to free with
	 * {@link #XRRFreeMonitors}; {@code null} when there are none
	 */
	Pointer XRRGetMonitors(X11.Display display, X11.Window root, int getActive, IntByReference count);

	void XRRFreeMonitors(Pointer monitors);

	@FieldOrder({ "name", "primary", "automatic", "noutput", "x", "y", "width", "height", "mwidth", "mheight",
			"outputs" })
	class XRRMonitorInfo extends Structure {

		/** An atom: read its text with {@code XGetAtomName}. */
		public NativeLong name;

		public int primary;

		public int automatic;

		public int noutput;

		public int x;

		public int y;

		public int width;

		public int height;

		public int mwidth;

		public int mheight;

		public Pointer outputs;

		public XRRMonitorInfo(Pointer pointer) {
			super(pointer);
			read();
		}

	}

}
