package dev.deskhand.testing;

import java.util.Set;
import java.util.TreeSet;

import com.sun.jna.platform.unix.X11;
import com.sun.jna.ptr.IntByReference;

/**
 * Reads which keys and buttons the X server holds down, on a connection of the test's
 * own.
 * <p>
 * A fresh connection per query: nothing is shared with the driver under test, and no
 * connection is left open for Xlib's default I/O error handler to exit the JVM on when
 * the server stops. Only requests that cannot raise X errors are used, so no error
 * handler is installed.
 */
final class XInputState {

	private XInputState() {
	}

	static Set<Integer> keysDown(String display) {
		X11 x11 = X11.INSTANCE;
		X11.Display connection = open(display);
		try {
			byte[] keymap = new byte[32];
			x11.XQueryKeymap(connection, keymap);
			return decodeKeymap(keymap);
		}
		finally {
			x11.XCloseDisplay(connection);
		}
	}

	static int buttonsDownMask(String display) {
		X11 x11 = X11.INSTANCE;
		X11.Display connection = open(display);
		try {
			IntByReference ignored = new IntByReference();
			IntByReference mask = new IntByReference();
			boolean sameScreen = x11.XQueryPointer(connection, x11.XDefaultRootWindow(connection),
					new X11.WindowByReference(), new X11.WindowByReference(), ignored, ignored, ignored, ignored, mask);
			if (!sameScreen) {
				throw new IllegalStateException("XQueryPointer failed on " + display);
			}
			return mask.getValue()
					& (Buttons.BUTTON1 | Buttons.BUTTON2 | Buttons.BUTTON3 | Buttons.BUTTON4 | Buttons.BUTTON5);
		}
		finally {
			x11.XCloseDisplay(connection);
		}
	}

	/** Bit {@code kc} of the 32-byte keymap is set while keycode {@code kc} is down. */
	static Set<Integer> decodeKeymap(byte[] keymap) {
		Set<Integer> down = new TreeSet<>();
		for (int keycode = 0; keycode < keymap.length * 8; keycode++) {
			if ((keymap[keycode >> 3] & (1 << (keycode & 7))) != 0) {
				down.add(keycode);
			}
		}
		return down;
	}

	private static X11.Display open(String display) {
		X11.Display connection = X11.INSTANCE.XOpenDisplay(display);
		if (connection == null) {
			throw new IllegalStateException("cannot open X display " + display + " from the test JVM");
		}
		return connection;
	}

	/**
	 * Button masks of the core protocol's key-button state, as XQueryPointer reports
	 * them.
	 */
	static final class Buttons {

		static final int BUTTON1 = 1 << 8;

		static final int BUTTON2 = 1 << 9;

		static final int BUTTON3 = 1 << 10;

		static final int BUTTON4 = 1 << 11;

		static final int BUTTON5 = 1 << 12;

		private Buttons() {
		}

	}

}
