package dev.deskhand.platform.linux.x11;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.Optional;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.AgentDisplay;
import dev.deskhand.platform.DesktopDriver;
import dev.deskhand.platform.DesktopHealth;
import dev.deskhand.platform.DriverParts;
import dev.deskhand.platform.HeldInputs;
import dev.deskhand.platform.InputStateSensor;
import dev.deskhand.platform.InjectedInput;
import dev.deskhand.platform.PointerDriver;
import dev.deskhand.platform.WorkingMode;

/**
 * The X11 driver: Xlib, XTest, RandR, MIT-SHM and DAMAGE through JNA.
 *
 * <p>
 * Connections, one owner thread each, and every call on them bounded by
 * {@code deskhand.display.call-timeout} ({@link X11SharedConnection}): observation
 * (displays, pointer position, capture, windows), input (called from the InputQueue's
 * thread only), control (release-all and the keymap restore, so that a stuck input call
 * cannot block them), the clipboard's (its own thread, started on first use, since it
 * must answer other clients at any moment), and one per failsafe sensor. An
 * {@link X11DisplayWatch} follows whether the display answers.
 *
 * <p>
 * In the own-seat working mode the driver makes the agent a master pointer/keyboard pair
 * of its own ({@link X11AgentSeat}) at start and removes it at close: keys go through its
 * XTEST keyboard, focus is its master keyboard's, release-all acts on its devices only,
 * pointer actions are refused ({@link X11OwnSeatPointer}), and the person's own input is
 * not watched (it does not pre-empt the agent).
 */
public final class X11DesktopDriver implements DesktopDriver, AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(X11DesktopDriver.class);

	/** {@code deskhand.display.call-timeout}'s default. */
	static final Duration DEFAULT_CALL_TIMEOUT = Duration.ofSeconds(5);

	/** {@code deskhand.display.wedged-after}'s default. */
	static final Duration DEFAULT_WEDGED_AFTER = Duration.ofSeconds(60);

	private final String displayName;

	private final X11ManagedDisplay managed;

	private final OwnDisplay own;

	private final X11SharedConnection observe;

	private final X11SharedConnection control;

	private final X11SharedConnection input;

	private final X11DisplayWatch watch;

	private final Duration callTimeout;

	private final HeldInputs held = new HeldInputs();

	private final X11CaptureDriver capture;

	private final X11KeyboardDriver keyboard;

	private final X11Clipboard clipboard;

	private final DriverParts parts;

	/** The agent's own seat in the own-seat mode, else {@code null}. */
	private final X11AgentSeat seat;

	private X11DesktopDriver(String displayName, X11Connection observation, X11ManagedDisplay managed, OwnDisplay own,
			boolean shmAllowed, Duration callTimeout, Duration wedgedAfter, X11AgentSeat seat) {
		this.displayName = displayName;
		this.managed = managed;
		this.own = own;
		this.callTimeout = callTimeout;
		this.watch = new X11DisplayWatch(displayName, callTimeout, wedgedAfter);
		this.observe = new X11SharedConnection(displayName, "observe", observation, callTimeout, this.watch);
		this.control = new X11SharedConnection(displayName, "control", null, callTimeout, this.watch);
		this.input = new X11SharedConnection(displayName, "input", null, callTimeout, this.watch);
		this.input.fenceInjections(this.held);
		this.control.fenceInjections(this.held);
		this.seat = seat;
		if (seat != null) {
			this.input.bindToSeat(seat);
			this.control.bindToSeat(seat);
		}
		this.capture = new X11CaptureDriver(this.observe, shmAllowed);
		this.keyboard = new X11KeyboardDriver(this.input, this.held, X11TypingPace.system());
		this.clipboard = new X11Clipboard(displayName);
		PointerDriver pointer = (seat != null) ? new X11OwnSeatPointer() : new X11PointerDriver(this.input, this.held);
		this.parts = new DriverParts(new X11DisplayDriver(this.observe), this.capture, pointer, this.keyboard,
				new X11WindowDriver(this.observe, X11ClientProcess.system(), seat), this.clipboard);
		this.watch.start(this.observe, this::releaseAfterReturn);
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
		return connect(displayName, managed, shmAllowed, DEFAULT_CALL_TIMEOUT, DEFAULT_WEDGED_AFTER);
	}

	/**
	 * @param callTimeout how long any one call on the display may take
	 * @param wedgedAfter how long a native call may stay stuck while the display answers
	 * before health calls the driver wedged
	 */
	static X11DesktopDriver connect(String displayName, X11ManagedDisplay managed, boolean shmAllowed,
			Duration callTimeout, Duration wedgedAfter) {
		return connect(displayName, managed, null, shmAllowed, callTimeout, wedgedAfter, WorkingMode.SHARED);
	}

	/**
	 * @param mode {@link WorkingMode#OWN_SEAT} makes the agent's own master
	 * pointer/keyboard here, removing one a previous server left
	 * @throws DeskhandException E_UNSUPPORTED for own-seat without XInput 2
	 */
	static X11DesktopDriver connect(String displayName, X11ManagedDisplay managed, boolean shmAllowed,
			Duration callTimeout, Duration wedgedAfter, WorkingMode mode) {
		return connect(displayName, managed, null, shmAllowed, callTimeout, wedgedAfter, mode);
	}

	/**
	 * The agent display of the own-display working mode: the driver drives
	 * {@code managed}, stops it at close and deletes its lock file.
	 *
	 * @param display what the surfaces show of it
	 * @param personDisplay the person's X display, whose keyboard the failsafe reads
	 * besides the agent display's; {@code null} when the person's session is not X11
	 * @param lock the file that names the agent display's processes while they run
	 */
	record OwnDisplay(AgentDisplay display, String personDisplay, X11OwnDisplayLock lock) {
	}

	static X11DesktopDriver connect(String displayName, X11ManagedDisplay managed, OwnDisplay own, boolean shmAllowed,
			Duration callTimeout, Duration wedgedAfter) {
		return connect(displayName, managed, own, shmAllowed, callTimeout, wedgedAfter, WorkingMode.OWN_DISPLAY);
	}

	private static X11DesktopDriver connect(String displayName, X11ManagedDisplay managed, OwnDisplay own,
			boolean shmAllowed, Duration callTimeout, Duration wedgedAfter, WorkingMode mode) {
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
		X11AgentSeat seat = null;
		if (mode == WorkingMode.OWN_SEAT) {
			try {
				seat = X11AgentSeat.create(observation);
			}
			catch (RuntimeException ex) {
				observation.close();
				throw ex;
			}
		}
		logger.info("connected to X display {}{}{}", displayName,
				(own != null) ? " (the agent's own display)"
						: (managed != null) ? " (managed " + managed.server().label() + ")" : "",
				(seat != null) ? ", the agent on a master keyboard of its own (own-seat, keyboard-only)" : "");
		return new X11DesktopDriver(displayName, observation, managed, own, shmAllowed, callTimeout, wedgedAfter, seat);
	}

	@Override
	public String name() {
		return "x11";
	}

	@Override
	public String target() {
		if (this.own != null) {
			return this.displayName + " (the agent's own " + this.managed.server().label()
					+ this.own.display().hostDisplay().map((host) -> " in " + host).orElse(", headless") + ")";
		}
		return (this.managed != null) ? this.displayName + " (managed Xvfb)" : this.displayName;
	}

	@Override
	public WorkingMode workingMode() {
		return (this.own != null) ? WorkingMode.OWN_DISPLAY
				: (this.seat != null) ? WorkingMode.OWN_SEAT : WorkingMode.SHARED;
	}

	@Override
	public Optional<AgentDisplay> agentDisplay() {
		return Optional.ofNullable(this.own).map(OwnDisplay::display);
	}

	@Override
	public Optional<String> managedDisplayName() {
		return (this.managed != null) ? Optional.of(this.displayName) : Optional.empty();
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
	public DesktopHealth health() {
		return this.watch.health();
	}

	/**
	 * Told on the thread that noticed it (a worker, a caller, the heartbeat), within
	 * about a second plus the call timeout of the display going away or stopping.
	 */
	@Override
	public void onDesktopLost(Consumer<DeskhandException> listener) {
		this.watch.onLost(listener);
	}

	/**
	 * After the display answered again: what a stopped server read before it stopped may
	 * have pressed keys that nobody releases now.
	 */
	private void releaseAfterReturn() {
		releaseAll();
	}

	/**
	 * The clipboard runs on a connection and a thread of its own, started on first use:
	 * see {@link X11Clipboard}.
	 */
	@Override
	public DriverParts parts() {
		return this.parts;
	}

	X11CaptureDriver x11Capture() {
		return this.capture;
	}

	@Override
	public Process launch(List<String> command) {
		return X11Launcher.start(this.displayName, command);
	}

	/**
	 * A sensor on a connection of its own, never one of the driver's: see
	 * {@link X11InputSensor}. It reads every key, so the chord does not matter.
	 */
	@Override
	public InputStateSensor openSensor(List<String> chord) {
		if (this.own != null && this.own.personDisplay() != null) {
			return new X11OwnDisplaySensor(X11InputSensor.open(this.displayName),
					X11InputSensor.open(this.own.personDisplay()));
		}
		return X11InputSensor.open(this.displayName);
	}

	@Override
	public String failsafeSees() {
		if (this.own == null) {
			return DesktopDriver.super.failsafeSees();
		}
		if (this.own.personDisplay() != null) {
			return "the keyboard's physical state on the person's X display " + this.own.personDisplay()
					+ " and on the agent display " + this.displayName + ", and the pointer on the agent display";
		}
		return "the keyboard and the pointer of the agent display " + this.displayName + " only: the person's"
				+ " Wayland keyboard is out of its sight, so the chord pressed there does not trip the failsafe;"
				+ " trip it from the console";
	}

	/**
	 * Empty in the own-seat mode: the person's pointer and keyboard are theirs there, and
	 * their input does not pre-empt the agent.
	 */
	@Override
	public Optional<InjectedInput> injectedInput() {
		return (this.seat != null) ? Optional.empty() : Optional.of(this.held.state());
	}

	@Override
	public String humanDetectionUnsupported() {
		if (this.seat != null) {
			return "in the own-seat working mode the person's own pointer and keyboard do not pre-empt the agent,"
					+ " which types on a master keyboard of its own (the failsafe chord and take-over still work)";
		}
		return DesktopDriver.super.humanDetectionUnsupported();
	}

	/** The agent's own seat, in the own-seat mode. */
	Optional<X11AgentSeat> agentSeat() {
		return Optional.ofNullable(this.seat);
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
			X11Connection.PointerState pointer = connection.queryPointer();
			for (int button = 1; button <= 5; button++) {
				if (pointer.buttonDown(button)) {
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

	/**
	 * Releases what is held and starts the next input call on a new connection. Every
	 * call is bounded, so nothing here waits for a display that does not answer.
	 */
	@Override
	public void resetInput() {
		try {
			releaseAll();
		}
		catch (DeskhandException ex) {
			logger.warn("could not release keys and buttons before resetting the input connection: {}",
					ex.getMessage());
		}
		this.input.runIfConnected(X11Connection::close);
	}

	/**
	 * Releases everything held, gives the claimed keycodes their original mapping back,
	 * closes the connections and stops a managed Xvfb. Call it after the input thread has
	 * stopped.
	 */
	@Override
	public void close() {
		this.watch.close();
		try {
			releaseAll();
			this.keyboard.blockToRestore().ifPresent(this::restoreKeymap);
		}
		catch (RuntimeException ex) {
			logger.warn("could not release input or restore the keymap of X display {}: {}", this.displayName,
					ex.getMessage());
		}
		this.input.close();
		this.clipboard.close();
		this.capture.close();
		removeSeat();
		this.observe.close();
		this.control.close();
		if (this.managed != null) {
			this.managed.close();
		}
		if (this.own != null) {
			this.own.lock().delete();
		}
	}

	/**
	 * After release-all and once the input connection is closed: the seat's devices must
	 * not be in use when they go.
	 */
	private void removeSeat() {
		if (this.seat == null) {
			return;
		}
		try {
			this.control.call((connection) -> {
				this.seat.remove(connection);
				return null;
			});
		}
		catch (RuntimeException ex) {
			logger.warn("could not remove the {} master from X display {} ({}); the next own-seat start removes it",
					X11AgentSeat.NAME, this.displayName, ex.getMessage());
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
