package dev.deskhand.platform.linux.x11;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

import com.sun.jna.Memory;
import com.sun.jna.NativeLong;
import com.sun.jna.Pointer;
import com.sun.jna.platform.unix.X11;
import com.sun.jna.ptr.IntByReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.linux.x11.jna.XInput;

/**
 * The agent's own master pointer/keyboard pair (XInput2 multi-pointer, the
 * {@code own-seat} working mode), named {@value #NAME}: {@code xinput list} shows
 * "deskhand-agent pointer" and "deskhand-agent keyboard", each with an XTEST slave that
 * Deskhand sends its keys through ({@link X11AgentDevices}).
 *
 * <p>
 * A master is a server object, not a client resource: it outlives the process that made
 * it. So the seat lives as long as the server, is removed at close after every key and
 * button on its slaves was released (removing a master with a button held crashed GTK3
 * apps: XI_BadDevice on their next XIQueryPointer), and {@link #create} first removes one
 * a crashed server left behind, the same way. One own-seat server per display: a second
 * one would take the first one's master for a leftover.
 *
 * @param pointer the master pointer's device id
 * @param keyboard the master keyboard's, whose focus is the agent's
 * @param xtestPointer its XTEST pointer slave's
 * @param xtestKeyboard its XTEST keyboard slave's, which the agent types on
 */
record X11AgentSeat(int pointer, int keyboard, int xtestPointer, int xtestKeyboard) {

	private static final Logger logger = LoggerFactory.getLogger(X11AgentSeat.class);

	/** The master's name; the server adds " pointer", " keyboard" and " XTEST ...". */
	static final String NAME = "deskhand-agent";

	private static final NativeLong CURRENT_TIME = new NativeLong(0);

	/**
	 * Removes a leftover master of this name, then makes a new one.
	 * @throws DeskhandException E_UNSUPPORTED when libXi or the server's XInput 2.2 is
	 * missing, E_FAIL when the server refused the master
	 */
	static X11AgentSeat create(X11Connection connection) {
		requireXInput2(connection);
		Optional<X11AgentSeat> leftover = find(connection);
		if (leftover.isPresent()) {
			logger.warn("removing the {} master a previous Deskhand server left on X display {} (devices {})", NAME,
					connection.name(), leftover.get());
			leftover.get().remove(connection);
		}
		try (Memory change = new Memory(XInput.HIERARCHY_CHANGE_SIZE); Memory name = new Memory(NAME.length() + 1)) {
			change.clear();
			name.setString(0, NAME, "US-ASCII");
			// XIAddMasterInfo: type, name, send_core, enable
			change.setInt(0, XInput.XI_ADD_MASTER);
			change.setPointer(8, name);
			change.setInt(16, 1);
			change.setInt(20, 1);
			xinput(connection).XIChangeHierarchy(connection.display(), change, 1);
			connection.syncAndCheck("adding the " + NAME + " master pointer and keyboard");
		}
		X11AgentSeat seat = find(connection).orElseThrow(() -> new DeskhandException(ErrorCode.E_FAIL,
				"X display " + connection.name() + " added no " + NAME + " master pointer and keyboard"));
		// A new master keyboard follows its pointer (PointerRoot), which starts in the
		// middle
		// of the screen, over whatever window the person has there: until the agent
		// focuses a window of its choice, its keys go nowhere.
		seat.focus(connection, 0);
		connection.syncAndCheck("unfocusing the " + NAME + " keyboard");
		logger.info("the agent's own seat on X display {}: {}", connection.name(), seat);
		return seat;
	}

	/** The master of {@value #NAME} and its XTEST slaves, if the server has them. */
	static Optional<X11AgentSeat> find(X11Connection connection) {
		requireXInput2(connection);
		Map<String, Integer> ids = new HashMap<>();
		IntByReference count = new IntByReference();
		// every device: the XTEST slaves are not masters
		Pointer devices = xinput(connection).XIQueryDevice(connection.display(), 0, count);
		connection.requireUsable();
		if (devices == null) {
			return Optional.empty();
		}
		try {
			for (int i = 0; i < count.getValue(); i++) {
				Pointer device = devices.share((long) i * XInput.DeviceInfoLayout.SIZE);
				Pointer name = device.getPointer(XInput.DeviceInfoLayout.NAME);
				if (name != null) {
					ids.put(name.getString(0, "UTF-8"), device.getInt(XInput.DeviceInfoLayout.DEVICE_ID));
				}
			}
		}
		finally {
			xinput(connection).XIFreeDeviceInfo(devices);
		}
		Integer pointer = ids.get(NAME + " pointer");
		Integer keyboard = ids.get(NAME + " keyboard");
		if (pointer == null || keyboard == null) {
			return Optional.empty();
		}
		return Optional.of(new X11AgentSeat(pointer, keyboard, ids.getOrDefault(NAME + " XTEST pointer", -1),
				ids.getOrDefault(NAME + " XTEST keyboard", -1)));
	}

	/**
	 * Releases every key and button down on the slaves, then removes the master; its
	 * XTEST slaves go with it, any other slave floats.
	 */
	void remove(X11Connection connection) {
		X11AgentDevices bound = connection.agentDevices();
		if (bound != null && bound.seat().equals(this)) {
			bound.releaseAll();
		}
		else {
			try (X11AgentDevices devices = new X11AgentDevices(connection, this)) {
				devices.releaseAll();
			}
		}
		try (Memory change = new Memory(XInput.HIERARCHY_CHANGE_SIZE)) {
			change.clear();
			// XIRemoveMasterInfo: type, deviceid, return_mode, return_pointer,
			// return_keyboard
			change.setInt(0, XInput.XI_REMOVE_MASTER);
			change.setInt(4, this.pointer);
			change.setInt(8, XInput.XI_FLOATING);
			xinput(connection).XIChangeHierarchy(connection.display(), change, 1);
			connection.syncAndCheck("removing the " + NAME + " master pointer and keyboard");
		}
		if (bound != null) {
			// the server closed them with the devices
			bound.forgetOpened();
		}
		logger.info("removed the {} master pointer and keyboard from X display {}", NAME, connection.name());
	}

	/** Gives the agent's master keyboard the focus; the person's stays where it is. */
	void focus(X11Connection connection, long window) {
		requireXInput2(connection);
		xinput(connection).XISetFocus(connection.display(), this.keyboard, new NativeLong(window), CURRENT_TIME);
	}

	/**
	 * The window the agent's master keyboard has the focus on: {@code None} (0),
	 * {@code PointerRoot} (1) or a window.
	 */
	long focus(X11Connection connection) {
		requireXInput2(connection);
		X11.WindowByReference focus = new X11.WindowByReference();
		xinput(connection).XIGetFocus(connection.display(), this.keyboard, focus);
		connection.requireUsable();
		return (focus.getValue() != null) ? focus.getValue().longValue() : 0;
	}

	static XInput xinput(X11Connection connection) {
		XInput xinput = connection.libraries().xinput();
		if (xinput == null) {
			throw new DeskhandException(ErrorCode.E_UNSUPPORTED,
					"the own-seat working mode needs libXi (Debian/Ubuntu: apt-get install libxi6); use"
							+ " deskhand.working-mode=shared or own-display");
		}
		return xinput;
	}

	/**
	 * Announces XI 2.2 on the connection (the server answers XI2 requests only after
	 * that), and checks that the server has it. One round trip.
	 */
	static void requireXInput2(X11Connection connection) {
		connection.requireUsable();
		IntByReference major = new IntByReference(2);
		IntByReference minor = new IntByReference(2);
		int status = xinput(connection).XIQueryVersion(connection.display(), major, minor);
		connection.requireUsable();
		if (status != 0 || major.getValue() < 2) {
			throw new DeskhandException(ErrorCode.E_UNSUPPORTED, "X display " + connection.name()
					+ " has no XInput 2, which the own-seat working mode needs for a pointer and keyboard of the"
					+ " agent's own; use deskhand.working-mode=shared or own-display");
		}
	}

}
