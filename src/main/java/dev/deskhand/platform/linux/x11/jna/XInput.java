package dev.deskhand.platform.linux.x11.jna;

import com.sun.jna.Library;
import com.sun.jna.NativeLong;
import com.sun.jna.Pointer;
import com.sun.jna.platform.unix.X11;
import com.sun.jna.ptr.IntByReference;

/**
 * The few libXi calls of the own-seat mode (XInput2 multi-pointer): a master
 * pointer/keyboard pair of the agent's, its per-master keyboard focus, and the state of
 * its XTEST slaves. Load with {@code Native.load("Xi", XInput.class)}. Structures are
 * read at the {@code *Layout} offsets (LP64).
 */
public interface XInput extends Library {

	/** {@link #XIQueryDevice}'s device: every master device. */
	int XI_ALL_MASTER_DEVICES = 1;

	/** {@code XIDeviceInfo.use} of a master pointer. */
	int XI_MASTER_POINTER = 1;

	/** {@code XIDeviceInfo.use} of a master keyboard. */
	int XI_MASTER_KEYBOARD = 2;

	/** {@code XIChangeHierarchy} change types. */
	int XI_ADD_MASTER = 1;

	int XI_REMOVE_MASTER = 2;

	/** {@code XIRemoveMasterInfo.return_mode}: the master's other slaves float. */
	int XI_FLOATING = 2;

	/**
	 * {@code XInputClass.class} of a key and a button state in
	 * {@link #XQueryDeviceState}.
	 */
	int KEY_CLASS = 0;

	int BUTTON_CLASS = 1;

	/**
	 * Tells the server which XI2 version this connection speaks; XI2 requests need it
	 * first.
	 * @return {@code Success} (0), or {@code BadRequest} without XI2
	 */
	int XIQueryVersion(X11.Display display, IntByReference major, IntByReference minor);

	/**
	 * @return {@code count} {@code XIDeviceInfo}s of {@link DeviceInfoLayout#SIZE} bytes,
	 * to free with {@link #XIFreeDeviceInfo}
	 */
	Pointer XIQueryDevice(X11.Display display, int deviceId, IntByReference count);

	void XIFreeDeviceInfo(Pointer info);

	/**
	 * @param changes {@code count} {@code XIAnyHierarchyChangeInfo} unions, each
	 * {@link #HIERARCHY_CHANGE_SIZE} bytes
	 */
	int XIChangeHierarchy(X11.Display display, Pointer changes, int count);

	/** The union's size: {@code XIAddMasterInfo}, its largest member. */
	int HIERARCHY_CHANGE_SIZE = 24;

	int XISetFocus(X11.Display display, int deviceId, NativeLong focus, NativeLong time);

	int XIGetFocus(X11.Display display, int deviceId, X11.WindowByReference focus);

	/**
	 * The pointer of master {@code deviceId}, with the modifier state of its paired
	 * keyboard.
	 * @param buttons an {@code XIButtonState} ({@link #BUTTON_STATE_SIZE} bytes) whose
	 * {@code mask} the caller frees with {@code XFree}
	 * @param modifiers an {@code XIModifierState}: base, latched, locked, effective
	 * @param group an {@code XIGroupState}, the same four ints
	 * @return false when the pointer is not on the screen of {@code window}
	 */
	boolean XIQueryPointer(X11.Display display, int deviceId, X11.Window window, X11.WindowByReference root,
			X11.WindowByReference child, double[] rootX, double[] rootY, double[] windowX, double[] windowY,
			Pointer buttons, Pointer modifiers, Pointer group);

	/** {@code XIButtonState}: {@code int mask_len; unsigned char *mask}. */
	int BUTTON_STATE_SIZE = 16;

	/** Four ints: {@code base, latched, locked, effective}. */
	int MODIFIER_STATE_SIZE = 16;

	/**
	 * XI1 open of a slave, which the XTest device calls need.
	 * @return an {@code XDevice*} to close with {@link #XCloseDevice}; {@code null} on
	 * failure
	 */
	Pointer XOpenDevice(X11.Display display, NativeLong deviceId);

	int XCloseDevice(X11.Display display, Pointer device);

	/**
	 * @return an {@code XDeviceState*} ({@link DeviceStateLayout}) to free with
	 * {@link #XFreeDeviceState}; {@code null} on failure
	 */
	Pointer XQueryDeviceState(X11.Display display, Pointer device);

	void XFreeDeviceState(Pointer state);

	/** {@code XIDeviceInfo}. */
	final class DeviceInfoLayout {

		public static final int DEVICE_ID = 0;

		public static final int NAME = 8;

		public static final int USE = 16;

		public static final int ATTACHMENT = 20;

		public static final int SIZE = 40;

		private DeviceInfoLayout() {
		}

	}

	/**
	 * {@code XDeviceState}: {@code XID device_id; int num_classes; XInputClass *data},
	 * the classes packed one after another, each {@code length} bytes long, starting with
	 * {@code unsigned char class, length}. A key or button class has a {@code short}
	 * count at 2 and a 32-byte bitmap at 4.
	 */
	final class DeviceStateLayout {

		public static final int NUM_CLASSES = 8;

		public static final int DATA = 16;

		public static final int CLASS_BITS = 4;

		private DeviceStateLayout() {
		}

	}

}
