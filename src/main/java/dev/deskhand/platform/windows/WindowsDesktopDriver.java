package dev.deskhand.platform.windows;

import java.util.List;
import java.util.Set;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.platform.DesktopDriver;
import dev.deskhand.platform.DesktopHealth;
import dev.deskhand.platform.DriverParts;
import dev.deskhand.platform.HeldInputs;
import dev.deskhand.platform.InputStateSensor;
import dev.deskhand.platform.PlatformCheck;
import dev.deskhand.platform.windows.jna.InputApi;

/**
 * The Windows driver: user32 {@code SendInput}, GDI capture and shcore DPI through JNA,
 * in a PerMonitorV2-aware process, so that device pixels and logical units are the same
 * physical pixels on every monitor.
 *
 * <p>
 * Unlike X11 there is no connection to own: every call is a system call on the calling
 * thread, so capture, displays and the failsafe's sensor run wherever they are called,
 * input runs on the InputQueue's thread, and release-all may send from any thread. The
 * input desktop is asked before every input and capture and by {@link #health()}: a
 * locked workstation or a secure desktop answers E_NO_DESKTOP.
 */
final class WindowsDesktopDriver implements DesktopDriver, AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(WindowsDesktopDriver.class);

	private final String target;

	private final PlatformCheck dpiAwareness;

	private final WindowsDesktopProbe desktop;

	private final WindowsLibraries libraries;

	private final HeldInputs held = new HeldInputs();

	private final WindowsInputSender sender;

	private final WindowsInputPlanner planner;

	private final WindowsDisplayDriver displays;

	private final WindowsCapture capture;

	private final WindowsKeyboardDriver keyboard;

	private final DriverParts parts;

	WindowsDesktopDriver(WindowsLibraries libraries, PlatformCheck dpiAwareness, String target) {
		this.libraries = libraries;
		this.dpiAwareness = dpiAwareness;
		this.target = target;
		this.desktop = new WindowsDesktopProbe(libraries.input());
		WindowsIntegrityProbe integrity = new WindowsIntegrityProbe(libraries.input(), libraries.security(),
				libraries.kernel32());
		this.sender = new WindowsInputSender(libraries.input(), this.desktop::read, integrity::read);
		this.planner = new WindowsInputPlanner((vk) -> libraries.input()
			.MapVirtualKeyW(vk, dev.deskhand.platform.windows.jna.InputApi.MAPVK_VK_TO_VSC));
		this.displays = new WindowsDisplayDriver(libraries.display(), libraries.shcore());
		this.capture = new WindowsCapture(libraries.user32(), libraries.gdi32(), libraries.gdi(), this.desktop::read);
		this.keyboard = new WindowsKeyboardDriver(this.sender, this.held, this.planner,
				(unit) -> libraries.input().VkKeyScanW((char) unit));
		this.parts = new DriverParts(this.displays, this.capture,
				new WindowsPointerDriver(this.sender, this.held, this.displays::virtualDesk), this.keyboard,
				new WindowsWindowDriver(), new WindowsClipboard());
	}

	@Override
	public String name() {
		return "windows";
	}

	/** The session and desktop, e.g. {@code Console WinSta0\Default}. */
	@Override
	public String target() {
		return this.target;
	}

	@Override
	public boolean reachable() {
		return this.desktop.read().isUsers();
	}

	/** One {@code OpenInputDesktop}: a system call, never a wait. */
	@Override
	public DesktopHealth health() {
		return WindowsInputVerdict.desktop(this.desktop.read())
			.map((ex) -> new DesktopHealth(DesktopHealth.State.NOT_ANSWERING, ex.getMessage(), false))
			.orElseGet(DesktopHealth::answering);
	}

	@Override
	public List<PlatformCheck> platformChecks() {
		return List.of(this.dpiAwareness);
	}

	@Override
	public DriverParts parts() {
		return this.parts;
	}

	@Override
	public Process launch(List<String> command) {
		return WindowsLauncher.start(command);
	}

	/** Reads every key's state, so the chord does not matter. */
	@Override
	public InputStateSensor openSensor(List<String> chord) {
		return new WindowsInputSensor((vk) -> this.libraries.input().GetAsyncKeyState(vk) < 0,
				this.displays::pointerPosition);
	}

	@Override
	public String failsafeSees() {
		return "the keyboard's and the pointer's state as Windows reports it (GetAsyncKeyState, GetCursorPos),"
				+ " Deskhand's own input included; nothing while the workstation is locked or a secure desktop shows";
	}

	/**
	 * Sends an up for what this process holds and for every virtual key it once pressed
	 * that Windows still reports down; see {@link WindowsInputPlanner#releaseAll}. On a
	 * locked workstation nothing can be sent: what is held stays tracked for the next
	 * call.
	 */
	@Override
	public void releaseAll() {
		Set<Integer> keys = this.held.keycodes();
		Set<Integer> buttons = this.held.buttons();
		List<WindowsInput> events = this.planner.releaseAll(keys, buttons, this.keyboard.pressedEver(),
				(vk) -> this.libraries.input().GetAsyncKeyState(vk) < 0);
		if (events.isEmpty()) {
			return;
		}
		try {
			this.sender.send(events, "releasing held keys and buttons");
			this.held.forget(keys, buttons);
			logger.info("released {} keys and {} buttons", events.size() - buttons.size(), buttons.size());
		}
		catch (DeskhandException ex) {
			logger.warn("could not release held keys and buttons: {}", ex.getMessage());
		}
	}

	/**
	 * {@code SendInput} has no connection or state of Deskhand's to reset: releasing what
	 * is held is all there is.
	 */
	@Override
	public void resetInput() {
		releaseAll();
	}

	@Override
	public void close() {
		releaseAll();
		this.capture.close();
	}

}
