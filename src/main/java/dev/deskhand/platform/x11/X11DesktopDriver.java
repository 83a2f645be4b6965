package dev.deskhand.platform.x11;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.CaptureDriver;
import dev.deskhand.platform.ClipboardDriver;
import dev.deskhand.platform.DesktopDriver;
import dev.deskhand.platform.DisplayDriver;
import dev.deskhand.platform.InputStateSensor;
import dev.deskhand.platform.KeyboardDriver;
import dev.deskhand.platform.PointerDriver;
import dev.deskhand.platform.WindowDriver;

/**
 * The X11 driver: Xlib, XTest, RandR, MIT-SHM and DAMAGE through JNA.
 *
 * <p>
 * Connections, one owner each: observation (displays, pointer position, capture, windows;
 * any thread, one at a time), input (the InputQueue's thread only), control (release-all
 * and the keymap restore, any thread, so that a stuck input thread cannot block them),
 * the clipboard's (its own thread, started on first use, since it must answer other
 * clients at any moment), and one per failsafe sensor.
 */
public final class X11DesktopDriver implements DesktopDriver, AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(X11DesktopDriver.class);

	/** {@code XQueryPointer} mask bit of button 1; buttons 2-5 follow. */
	private static final int BUTTON1_MASK = 1 << 8;

	private final String displayName;

	private final X11ManagedDisplay managed;

	private final X11SharedConnection observe;

	private final X11SharedConnection control;

	private final X11HeldInputs held = new X11HeldInputs();

	private final X11DisplayDriver displays;

	private final X11CaptureDriver capture;

	private final X11PointerDriver pointer;

	private final X11KeyboardDriver keyboard;

	private final X11WindowDriver windows;

	private final X11Clipboard clipboard;

	/** Only the input thread reads or replaces it (resetInput runs there too). */
	private X11Connection input;

	private X11DesktopDriver(String displayName, X11Connection observation, X11ManagedDisplay managed,
			boolean shmAllowed) {
		this.displayName = displayName;
		this.managed = managed;
		this.observe = new X11SharedConnection(displayName, "observe", observation);
		this.control = new X11SharedConnection(displayName, "control", null);
		this.displays = new X11DisplayDriver(this.observe);
		this.capture = new X11CaptureDriver(this.observe, shmAllowed);
		this.pointer = new X11PointerDriver(this::input, this.held);
		this.keyboard = new X11KeyboardDriver(this::input, this.held, X11TypingPace.system());
		this.windows = new X11WindowDriver(this.observe, X11ClientProcess.system());
		this.clipboard = new X11Clipboard(displayName);
	}

	/**
	 * Connects to an X display that is already running.
	 * @param displayName e.g. {@code :0}
	 * @return the driver; close it to release keys, restore the keymap and disconnect
	 * @throws DeskhandException E_NO_DESKTOP when the display is unreachable or lacks
	 * XTEST
	 */
	public static X11DesktopDriver connect(String displayName) {
		return connect(displayName, null, true);
	}

	/**
	 * @param managed the Xvfb this driver owns and stops at close, or {@code null}
	 * @param shmAllowed false to capture with XGetImage even where MIT-SHM works
	 */
	static X11DesktopDriver connect(String displayName, X11ManagedDisplay managed, boolean shmAllowed) {
		X11Connection observation;
		try {
			observation = X11Connection.open(displayName, "observe");
		}
		catch (DeskhandException ex) {
			throw new DeskhandException(ErrorCode.E_NO_DESKTOP, "X display " + displayName + " is not reachable;"
					+ " check that its X server runs and that this user may connect to it (DISPLAY, XAUTHORITY)", ex);
		}
		try {
			if (!observation.hasXTest()) {
				throw new DeskhandException(ErrorCode.E_NO_DESKTOP,
						"X display " + displayName + " lacks the XTEST"
								+ " extension, which Deskhand needs to send input; start the X server without"
								+ " '-extension XTEST' (Xvfb and Xorg enable it by default)");
			}
			int randr = observation.randrVersion();
			if (randr < X11DisplayDriver.RANDR_MONITORS) {
				logger.warn(
						"X display {} has {}; without RandR 1.5 Deskhand sees the whole screen as one display"
								+ " (start Xvfb with +extension RANDR for monitors)",
						displayName, (randr == 0) ? "no RandR" : "only RandR " + randr / 100 + "." + randr % 100);
			}
		}
		catch (RuntimeException ex) {
			observation.close();
			throw ex;
		}
		logger.info("connected to X display {}{}", displayName, (managed != null) ? " (managed Xvfb)" : "");
		return new X11DesktopDriver(displayName, observation, managed, shmAllowed);
	}

	@Override
	public String name() {
		return "x11";
	}

	@Override
	public String target() {
		return (this.managed != null) ? this.displayName + " (managed Xvfb)" : this.displayName;
	}

	/** The display name alone, e.g. {@code :0}. */
	String displayName() {
		return this.displayName;
	}

	/** The Xvfb this driver started, if any. */
	X11ManagedDisplay managedDisplay() {
		return this.managed;
	}

	@Override
	public boolean reachable() {
		try {
			return this.observe.call((connection) -> {
				connection.sync();
				return true;
			});
		}
		catch (DeskhandException ex) {
			return false;
		}
	}

	@Override
	public DisplayDriver displays() {
		return this.displays;
	}

	@Override
	public CaptureDriver capture() {
		return this.capture;
	}

	X11CaptureDriver x11Capture() {
		return this.capture;
	}

	@Override
	public PointerDriver pointer() {
		return this.pointer;
	}

	@Override
	public KeyboardDriver keyboard() {
		return this.keyboard;
	}

	private X11Connection input() {
		if (this.input == null || !this.input.isUsable()) {
			if (this.input != null) {
				this.input.close();
			}
			this.input = null;
			this.input = X11Connection.open(this.displayName, "input");
		}
		return this.input;
	}

	@Override
	public WindowDriver windows() {
		return this.windows;
	}

	X11WindowDriver x11Windows() {
		return this.windows;
	}

	@Override
	public Process launch(List<String> command) {
		return X11Launcher.start(this.displayName, command);
	}

	/**
	 * On a connection and a thread of its own, started on first use: see
	 * {@link X11Clipboard}.
	 */
	@Override
	public ClipboardDriver clipboard() {
		return this.clipboard;
	}

	/**
	 * A sensor on a connection of its own, never one of the driver's: see
	 * {@link X11InputSensor}.
	 */
	@Override
	public InputStateSensor openSensor() {
		return X11InputSensor.open(this.displayName);
	}

	@Override
	public void releaseAll() {
		this.control.call((connection) -> {
			Set<Integer> keycodes = this.held.keycodes();
			Set<Integer> buttons = this.held.buttons();
			byte[] down = connection.queryKeymap();
			for (int keycode = 8; keycode < 256; keycode++) {
				if ((down[keycode >> 3] & (1 << (keycode & 7))) != 0) {
					keycodes.add(keycode);
				}
			}
			int mask = connection.queryPointer().mask();
			for (int button = 1; button <= 5; button++) {
				if ((mask & (BUTTON1_MASK << (button - 1))) != 0) {
					buttons.add(button);
				}
			}
			for (int keycode : keycodes) {
				connection.fakeKey(keycode, false);
			}
			for (int button : buttons) {
				connection.fakeButton(button, false);
			}
			connection.sync();
			this.held.forget(keycodes, buttons);
			if (!keycodes.isEmpty() || !buttons.isEmpty()) {
				logger.info("released keycodes {} and buttons {} on X display {}", keycodes, new TreeSet<>(buttons),
						this.displayName);
			}
			return null;
		});
		this.keyboard.forgetPressed();
	}

	@Override
	public void resetInput() {
		try {
			releaseAll();
		}
		catch (DeskhandException ex) {
			logger.warn("could not release keys and buttons before resetting the input connection: {}",
					ex.getMessage());
		}
		if (this.input != null) {
			this.input.close();
			this.input = null;
		}
		try {
			input();
		}
		catch (DeskhandException ex) {
			logger.warn("could not reopen the input connection (the next input action retries): {}", ex.getMessage());
		}
	}

	/**
	 * Releases everything held, gives the claimed keycodes their original mapping back,
	 * closes the connections and stops a managed Xvfb. Call it after the input thread has
	 * stopped.
	 */
	@Override
	public void close() {
		try {
			releaseAll();
			this.keyboard.blockToRestore().ifPresent(this::restoreKeymap);
		}
		catch (RuntimeException ex) {
			logger.warn("could not release input or restore the keymap of X display {}: {}", this.displayName,
					ex.getMessage());
		}
		if (this.input != null) {
			this.input.close();
			this.input = null;
		}
		this.clipboard.close();
		this.capture.close();
		this.observe.close();
		this.control.close();
		if (this.managed != null) {
			this.managed.close();
		}
	}

	private void restoreKeymap(X11KeycodeBlock block) {
		this.control.call((connection) -> {
			connection.changeKeyboardMapping(block.first(), block.keysymsPerKeycode(), block.original(), block.count());
			connection.sync();
			logger.debug("restored keycodes {}-{} of X display {}", block.first(), block.first() + block.count() - 1,
					this.displayName);
			return null;
		});
	}

}
