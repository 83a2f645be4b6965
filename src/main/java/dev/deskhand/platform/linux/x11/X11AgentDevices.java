package dev.deskhand.platform.linux.x11;

import java.util.ArrayList;
import java.util.List;

import com.sun.jna.Memory;
import com.sun.jna.NativeLong;
import com.sun.jna.Pointer;
import com.sun.jna.platform.unix.X11;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.linux.x11.jna.XInput;
import dev.deskhand.platform.linux.x11.jna.XTestDevice;

/**
 * The agent seat's XTEST slaves as opened on one connection ({@code XOpenDevice} is per
 * connection): keys and buttons sent through them, and their state read back. XI2 has no
 * request that injects input; XTest on a master's own XTEST slave is the way. Owned by
 * the connection's thread, like the connection.
 */
final class X11AgentDevices implements AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(X11AgentDevices.class);

	private static final NativeLong NO_DELAY = new NativeLong(0);

	private final X11Connection connection;

	private final X11AgentSeat seat;

	private final XInput xinput;

	private final XTestDevice xtest;

	private Pointer keyboard;

	private Pointer pointer;

	X11AgentDevices(X11Connection connection, X11AgentSeat seat) {
		this.connection = connection;
		this.seat = seat;
		this.xinput = X11AgentSeat.xinput(connection);
		this.xtest = connection.libraries().xtestDevice();
	}

	X11AgentSeat seat() {
		return this.seat;
	}

	void fakeKey(int keycode, boolean press) {
		this.xtest.XTestFakeDeviceKeyEvent(this.connection.display(), keyboard(), keycode, press ? 1 : 0, null, 0,
				NO_DELAY);
	}

	void fakeButton(int button, boolean press) {
		this.xtest.XTestFakeDeviceButtonEvent(this.connection.display(), pointer(), button, press ? 1 : 0, null, 0,
				NO_DELAY);
	}

	/**
	 * The keys down on the agent's XTEST keyboard, as {@code XQueryKeymap} gives them.
	 */
	byte[] keysDown() {
		return stateBits(keyboard(), XInput.KEY_CLASS);
	}

	/**
	 * The agent's master pointer, with the buttons its XTEST slave holds and the modifier
	 * and group state of the agent's master keyboard, in the core event state's bits.
	 */
	X11Connection.PointerState pointerState() {
		this.connection.requireUsable();
		X11.WindowByReference root = new X11.WindowByReference();
		X11.WindowByReference child = new X11.WindowByReference();
		double[] rootX = new double[1];
		double[] rootY = new double[1];
		double[] windowX = new double[1];
		double[] windowY = new double[1];
		int mask;
		try (Memory buttons = new Memory(XInput.BUTTON_STATE_SIZE);
				Memory modifiers = new Memory(XInput.MODIFIER_STATE_SIZE);
				Memory group = new Memory(XInput.MODIFIER_STATE_SIZE)) {
			buttons.clear();
			this.xinput.XIQueryPointer(this.connection.display(), this.seat.pointer(), this.connection.root(), root,
					child, rootX, rootY, windowX, windowY, buttons, modifiers, group);
			this.connection.requireUsable();
			Pointer buttonMask = buttons.getPointer(8);
			if (buttonMask != null) {
				this.connection.libraries().xlib().XFree(buttonMask);
			}
			// effective modifiers in bits 0-7, the effective group in bits 13-14
			mask = (modifiers.getInt(12) & 0xff) | ((group.getInt(12) & 3) << 13);
		}
		byte[] held = stateBits(pointer(), XInput.BUTTON_CLASS);
		for (int button = 1; button <= 5; button++) {
			if ((held[button >> 3] & (1 << (button & 7))) != 0) {
				mask |= (1 << 8) << (button - 1);
			}
		}
		return new X11Connection.PointerState((int) rootX[0], (int) rootY[0], mask);
	}

	/** Lets go of every key and button the slaves hold, and waits for the server. */
	List<String> releaseAll() {
		List<String> released = new ArrayList<>();
		byte[] keys = keysDown();
		for (int keycode = 8; keycode < 256; keycode++) {
			if ((keys[keycode >> 3] & (1 << (keycode & 7))) != 0) {
				fakeKey(keycode, false);
				released.add("keycode " + keycode);
			}
		}
		byte[] buttons = stateBits(pointer(), XInput.BUTTON_CLASS);
		for (int button = 1; button < 32 * 8; button++) {
			if ((buttons[button >> 3] & (1 << (button & 7))) != 0) {
				fakeButton(button, false);
				released.add("button " + button);
			}
		}
		this.connection.sync();
		return released;
	}

	/** The 32-byte bitmap of a key or button class of {@code XQueryDeviceState}. */
	private byte[] stateBits(Pointer device, int wantedClass) {
		this.connection.requireUsable();
		Pointer state = this.xinput.XQueryDeviceState(this.connection.display(), device);
		this.connection.requireUsable();
		if (state == null) {
			throw new DeskhandException(ErrorCode.E_FAIL, "cannot read the state of the " + X11AgentSeat.NAME
					+ " devices on X display " + this.connection.name());
		}
		try {
			int classes = state.getInt(XInput.DeviceStateLayout.NUM_CLASSES);
			Pointer data = state.getPointer(XInput.DeviceStateLayout.DATA);
			long offset = 0;
			for (int i = 0; i < classes && data != null; i++) {
				int type = data.getByte(offset) & 0xff;
				int length = data.getByte(offset + 1) & 0xff;
				if (type == wantedClass) {
					return data.getByteArray(offset + XInput.DeviceStateLayout.CLASS_BITS, 32);
				}
				if (length == 0) {
					break;
				}
				offset += length;
			}
			return new byte[32];
		}
		finally {
			this.xinput.XFreeDeviceState(state);
		}
	}

	private Pointer keyboard() {
		if (this.keyboard == null) {
			this.keyboard = open(this.seat.xtestKeyboard(), "XTEST keyboard");
		}
		return this.keyboard;
	}

	private Pointer pointer() {
		if (this.pointer == null) {
			this.pointer = open(this.seat.xtestPointer(), "XTEST pointer");
		}
		return this.pointer;
	}

	private Pointer open(int id, String what) {
		this.connection.requireUsable();
		Pointer device = (id > 0) ? this.connection
			.expectingErrors(() -> this.xinput.XOpenDevice(this.connection.display(), new NativeLong(id))) : null;
		this.connection.requireUsable();
		if (device == null) {
			this.connection.takeError();
			throw new DeskhandException(ErrorCode.E_NO_DESKTOP,
					"the agent's " + what + " (" + X11AgentSeat.NAME + ", device " + id + ") is gone from X display "
							+ this.connection.name() + "; someone removed it (xinput remove-master?): restart"
							+ " Deskhand to make a new one");
		}
		return device;
	}

	/** After the devices were removed: there is nothing left to close. */
	void forgetOpened() {
		this.keyboard = null;
		this.pointer = null;
	}

	/** Closes what was opened; the devices themselves stay. */
	@Override
	public void close() {
		if (!this.connection.isUsable()) {
			return;
		}
		for (Pointer device : new Pointer[] { this.keyboard, this.pointer }) {
			if (device != null) {
				this.xinput.XCloseDevice(this.connection.display(), device);
			}
		}
		this.keyboard = null;
		this.pointer = null;
		logger.trace("closed the agent's devices on {}", this.connection);
	}

}
