package dev.deskhand.platform.macos;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.NativeLibraries;
import dev.deskhand.platform.DesktopDriver;
import dev.deskhand.platform.DesktopHealth;
import dev.deskhand.platform.DriverParts;
import dev.deskhand.platform.HeldInputs;
import dev.deskhand.platform.InputStateSensor;
import dev.deskhand.platform.MouseButton;
import dev.deskhand.platform.PlatformCheck;

/**
 * The macOS driver: Quartz (CoreGraphics) for displays, capture, input and windows,
 * AppKit through the Objective-C runtime for applications and the pasteboard,
 * ApplicationServices for the accessibility permission, all through JNA.
 *
 * <p>
 * Coordinates: logical units are points, the space Quartz lays windows out in and takes
 * input in (global, origin at the main display's top-left corner, y down); captures are
 * backing pixels, {@link dev.deskhand.platform.DisplayInfo#scaleFactor()} pixels per
 * point. There is no connection to own: Quartz calls are thread-safe and answer from the
 * window server, so release-all posts its events from whatever thread calls it.
 *
 * <p>
 * Permissions: capture needs Screen Recording and input needs Accessibility; without them
 * macOS shows the wallpaper and drops events silently, so both are checked before every
 * action and answer E_DENIED with where to grant them. A locked screen, a session
 * switched away from, or a process outside a GUI session answer E_NO_DESKTOP.
 */
public final class MacDesktopDriver implements DesktopDriver, AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(MacDesktopDriver.class);

	private static final Duration DEFAULT_DOUBLE_CLICK = Duration.ofMillis(500);

	private final HeldInputs held = new HeldInputs();

	private final MacDesktopState state = new MacDesktopState();

	private final MacEvents events = new MacEvents();

	private final MacDisplayDriver displays = new MacDisplayDriver();

	private final MacClickCounter clicks;

	private final DriverParts parts;

	private MacDesktopDriver(Duration doubleClick, MacApplications applications) {
		this.clicks = new MacClickCounter(doubleClick);
		this.parts = new DriverParts(this.displays, new MacCaptureDriver(this.displays, this.state),
				new MacPointerDriver(this.events, this.held, this.state, this.clicks, this.displays),
				new MacKeyboardDriver(this.events, this.held, this.state),
				new MacWindowDriver(applications, this.displays), new MacClipboard());
	}

	/**
	 * Loads the frameworks and checks the session; a missing permission is logged with
	 * where to grant it, not fatal: observation of displays still works, and the user may
	 * grant it and restart.
	 * @throws DeskhandException E_NO_DESKTOP when the frameworks do not load or there is
	 * no GUI session
	 */
	static MacDesktopDriver open() {
		MacApplications applications = new MacApplications();
		MacDesktopDriver driver = NativeLibraries.require("the macOS frameworks Deskhand needs",
				"it needs CoreGraphics, ApplicationServices and AppKit", () -> {
					MacDesktopDriver opened = new MacDesktopDriver(doubleClickInterval(applications), applications);
					opened.displays.records();
					return opened;
				});
		// a locked screen at start is fine (it may be unlocked later); no session is not
		if (!driver.state.inSession()) {
			throw new DeskhandException(ErrorCode.E_NO_DESKTOP, MacSession.noDesktop(null).orElseThrow());
		}
		String missing = driver.state.permissions().missing();
		if (missing != null) {
			logger.warn("{}", missing);
		}
		logger.info("macOS driver ready: {} display(s)", driver.displays.records().size());
		return driver;
	}

	private static Duration doubleClickInterval(MacApplications applications) {
		double seconds = applications.doubleClickInterval();
		return (seconds > 0 && seconds < 5) ? Duration.ofMillis(Math.round(seconds * 1000)) : DEFAULT_DOUBLE_CLICK;
	}

	@Override
	public String name() {
		return "macos";
	}

	@Override
	public String target() {
		return "the logged-in user's Quartz session";
	}

	@Override
	public boolean reachable() {
		try {
			return this.state.noDesktop().isEmpty() && !this.displays.records().isEmpty();
		}
		catch (RuntimeException ex) {
			return false;
		}
	}

	/**
	 * A locked or switched-away session does not answer input; a missing permission is
	 * named while the desktop answers.
	 */
	@Override
	public DesktopHealth health() {
		Optional<String> noDesktop;
		try {
			noDesktop = this.state.noDesktop();
		}
		catch (RuntimeException ex) {
			return new DesktopHealth(DesktopHealth.State.GONE, "Quartz does not answer: " + ex.getMessage(), false);
		}
		if (noDesktop.isPresent()) {
			return new DesktopHealth(DesktopHealth.State.NOT_ANSWERING, noDesktop.get(), false);
		}
		String missing = this.state.permissions().missing();
		return (missing == null) ? DesktopHealth.answering()
				: new DesktopHealth(DesktopHealth.State.ANSWERING, missing, false);
	}

	@Override
	public List<PlatformCheck> platformChecks() {
		List<PlatformCheck> checks = new ArrayList<>(this.state.permissions().checks());
		checks.add(MacInputMonitoring.read());
		return checks;
	}

	@Override
	public String failsafeSees() {
		return "the keyboard's hardware state (CGEventSourceKeyState, HID system state) and the pointer's location;"
				+ " whether macOS withholds the key state without the Input Monitoring permission is not known"
				+ " (the self-test's failsafe row shows it)";
	}

	@Override
	public DriverParts parts() {
		return this.parts;
	}

	@Override
	public Process launch(List<String> command) {
		return MacLauncher.start(command);
	}

	@Override
	public InputStateSensor openSensor(List<String> chord) {
		return new MacInputSensor(this.displays);
	}

	/**
	 * Posts a release for every key and button this process holds, keys first so that a
	 * button's release carries no stale modifier flag. Quartz keeps no synthetic key
	 * state of its own beyond what the events said, so nothing else is left down.
	 */
	@Override
	public void releaseAll() {
		for (int keycode : this.held.keycodes()) {
			MacKeyboardDriver.release(this.events, this.held, keycode);
		}
		for (MouseButton button : MacPointerDriver.heldButtons(this.held)) {
			MacPointerDriver.release(this.events, this.held, button, 1, 0);
		}
	}

	@Override
	public void resetInput() {
		try {
			releaseAll();
		}
		catch (RuntimeException ex) {
			logger.warn("could not release keys and buttons: {}", ex.getMessage());
		}
		this.clicks.reset();
	}

	/** Releases everything held. */
	@Override
	public void close() {
		try {
			releaseAll();
		}
		catch (RuntimeException ex) {
			logger.warn("could not release keys and buttons at shutdown: {}", ex.getMessage());
		}
	}

}
