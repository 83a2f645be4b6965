package dev.deskhand.platform.linux.kde;

import dev.deskhand.platform.linux.wayland.input.WaylandKeyboardSeat;
import dev.deskhand.platform.linux.wayland.wire.WaylandConnection;
import dev.deskhand.platform.linux.wayland.wire.WaylandConnectionException;
import dev.deskhand.platform.linux.wayland.wire.WaylandWireEvent;
import dev.deskhand.platform.linux.wayland.wire.WaylandWireHandler;
import dev.deskhand.platform.linux.wayland.wire.WaylandWireObject;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;

import com.sun.jna.Pointer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.linux.LinuxLibc;

/**
 * KWin's {@code org_kde_kwin_fake_input} (version 4) on a Wayland connection of its own,
 * spoken by Deskhand's wire client: absolute pointer motion in KWin's global layout
 * units, buttons and axes as evdev codes and {@code wl_pointer} axes, keys as evdev
 * keycodes of KWin's own keyboard, whose keymap it keeps from {@code wl_keyboard.keymap}
 * ({@link KwinKeymap}). The requests' opcodes are those of Plasma's
 * {@code fake-input.xml}; the XML is not needed at run time.
 * <p>
 * KWin offers the global only to programs it trusts: on Plasma, those whose
 * {@code .desktop} file lists {@code org_kde_kwin_fake_input} in
 * {@code X-KDE-Wayland-Interfaces}; in tests, any program when
 * {@code KWIN_WAYLAND_NO_PERMISSION_CHECKS=1}. KWin handles each request as it arrives
 * (the protocol has no frame), so a roundtrip after a batch means KWin has handled it.
 * One thread at a time, like its connection.
 */
final class KwinFakeInput implements AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(KwinFakeInput.class);

	static final String INTERFACE = "org_kde_kwin_fake_input";

	static final int VERSION = 4;

	private static final int AUTHENTICATE = 0;

	private static final int BUTTON = 2;

	private static final int AXIS = 3;

	private static final int POINTER_MOTION_ABSOLUTE = 9;

	private static final int KEYBOARD_KEY = 10;

	private static final int SEAT_GET_KEYBOARD = 1;

	private static final int KEYBOARD_KEYMAP = 0;

	private static final int KEYMAP_FORMAT_XKB_V1 = 1;

	private static final int MAP_PRIVATE = 2;

	private final WaylandConnection connection;

	private final WaylandWireObject fakeInput;

	private volatile KwinKeymap keymap;

	private KwinFakeInput(WaylandConnection connection, WaylandWireObject fakeInput) {
		this.connection = connection;
		this.fakeInput = fakeInput;
	}

	/**
	 * Connects, binds fake input, authenticates, and waits until KWin's keymap arrived
	 * and the seat has a pointer that clients had {@code settle} to bind.
	 * @throws DeskhandException E_NO_DESKTOP when KWin does not offer fake input to this
	 * program
	 */
	static KwinFakeInput open(Path socket, Duration timeout, Duration settle) {
		WaylandConnection connection = WaylandConnection.open(socket, timeout);
		try {
			if (connection.registry().find(INTERFACE).isEmpty()) {
				throw new DeskhandException(ErrorCode.E_NO_DESKTOP, "KWin does not offer " + INTERFACE
						+ " to Deskhand, so it cannot send input: on Plasma, install Deskhand's .desktop file (it lists"
						+ " the interface in X-KDE-Wayland-Interfaces) and start Deskhand by it");
			}
			WaylandKeyboardSeat seat = WaylandKeyboardSeat.bind(connection);
			KwinFakeInput input;
			synchronized (connection) {
				WaylandWireObject bound = connection.registry().bind(INTERFACE, VERSION, WaylandWireHandler.IGNORE);
				if (bound.version() < VERSION) {
					throw new DeskhandException(ErrorCode.E_NO_DESKTOP, "KWin offers " + INTERFACE + " version "
							+ bound.version() + "; Deskhand needs version " + VERSION + " (keyboard keys), KWin 5.23+");
				}
				input = new KwinFakeInput(connection, bound);
				connection.request(bound, AUTHENTICATE)
					.string("Deskhand")
					.string("an AI agent operates this desktop on your behalf")
					.send();
				WaylandWireObject keyboard = connection.newObject("wl_keyboard", seat.object().version(),
						input::onKeyboardEvent);
				connection.request(seat.object(), SEAT_GET_KEYBOARD).newId(keyboard).send();
				connection.dispatchUntil(() -> input.keymap != null, "KWin's keymap (wl_keyboard.keymap)");
			}
			seat.awaitCapability(WaylandKeyboardSeat.POINTER, "a pointer", settle);
			logger.debug("KWin fake input bound, keymap {}", input.keymap);
			return input;
		}
		catch (RuntimeException ex) {
			connection.close();
			throw ex;
		}
	}

	private void onKeyboardEvent(WaylandWireEvent event) {
		if (event.opcode() != KEYBOARD_KEYMAP) {
			return;
		}
		int format = event.uint();
		int fd = event.fd();
		long size = Integer.toUnsignedLong(event.uint());
		LinuxLibc libc = LinuxLibc.get();
		try {
			if (format != KEYMAP_FORMAT_XKB_V1 || size == 0) {
				return;
			}
			Pointer mapped = libc.mmap(null, size, LinuxLibc.PROT_READ, MAP_PRIVATE, fd, 0);
			if (mapped == null || Pointer.nativeValue(mapped) == -1) {
				throw new WaylandConnectionException("cannot map KWin's keymap of " + size + " bytes");
			}
			try {
				byte[] bytes = mapped.getByteArray(0, (int) size);
				int length = bytes.length;
				while (length > 0 && bytes[length - 1] == 0) {
					length--;
				}
				this.keymap = KwinKeymap.parse(new String(bytes, 0, length, StandardCharsets.UTF_8));
			}
			finally {
				libc.munmap(mapped, size);
			}
		}
		finally {
			libc.close(fd);
		}
	}

	/** KWin's keymap as last sent: a layout switch sends a new one. */
	KwinKeymap keymap() {
		return this.keymap;
	}

	WaylandConnection connection() {
		return this.connection;
	}

	/** Moves the pointer to a point in KWin's layout units. */
	void motionAbsolute(double x, double y) {
		this.connection.request(this.fakeInput, POINTER_MOTION_ABSOLUTE).fixed(x).fixed(y).send();
	}

	/** A button by evdev code ({@code BTN_LEFT} 0x110). */
	void button(int code, boolean pressed) {
		this.connection.request(this.fakeInput, BUTTON).uint(code).uint(pressed ? 1 : 0).send();
	}

	/**
	 * {@code wl_pointer.axis}: 0 vertical, 1 horizontal; value positive down or right.
	 */
	void axis(int axis, double value) {
		this.connection.request(this.fakeInput, AXIS).uint(axis).fixed(value).send();
	}

	void key(int evdev, boolean pressed) {
		this.connection.request(this.fakeInput, KEYBOARD_KEY).uint(evdev).uint(pressed ? 1 : 0).send();
	}

	/** Waits until KWin handled every request so far (and reads a new keymap, if any). */
	void roundtrip() {
		this.connection.roundtrip();
	}

	boolean isClosed() {
		return this.connection.isClosed();
	}

	/**
	 * Version 4 has no destructor: the device goes with the connection. Release what it
	 * holds first.
	 */
	@Override
	public void close() {
		this.connection.close();
	}

}
