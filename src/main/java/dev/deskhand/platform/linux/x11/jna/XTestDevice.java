package dev.deskhand.platform.linux.x11.jna;

import com.sun.jna.Library;
import com.sun.jna.NativeLong;
import com.sun.jna.Pointer;
import com.sun.jna.platform.unix.X11;

/**
 * libXtst's calls that send input through one given device (an {@code XDevice*} from
 * {@code XOpenDevice}), which jna-platform does not bind: the own-seat mode types on the
 * XTEST slave of the agent's master keyboard. Load with
 * {@code Native.load("Xtst", XTestDevice.class)}.
 */
public interface XTestDevice extends Library {

	/**
	 * @param press an {@code int}, not a {@code boolean}: JNA passes {@code true} as -1
	 */
	int XTestFakeDeviceKeyEvent(X11.Display display, Pointer device, int keycode, int press, Pointer axes,
			int axisCount, NativeLong delay);

	int XTestFakeDeviceButtonEvent(X11.Display display, Pointer device, int button, int press, Pointer axes,
			int axisCount, NativeLong delay);

}
