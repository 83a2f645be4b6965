package dev.deskhand.platform.linux.kde;

import dev.deskhand.platform.linux.wayland.WaylandClipboard;
import dev.deskhand.platform.linux.WaylandClientLauncher;
import dev.deskhand.platform.linux.wayland.layout.WaylandLayout;
import dev.deskhand.platform.linux.wayland.wire.WaylandConnection;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.CaptureDriver;
import dev.deskhand.platform.Closeables;
import dev.deskhand.platform.DesktopDriver;
import dev.deskhand.platform.DesktopHealth;
import dev.deskhand.platform.DisplayDriver;
import dev.deskhand.platform.DisplayInfo;
import dev.deskhand.platform.DriverParts;
import dev.deskhand.platform.Frame;
import dev.deskhand.platform.InputStateSensor;
import dev.deskhand.platform.Point;
import dev.deskhand.platform.Rect;
import dev.deskhand.platform.linux.ProcessExecutables;
import dev.deskhand.platform.linux.TextOutsideLayout;
import dev.deskhand.platform.linux.dbus.UnixFdBus;

/**
 * The KDE Plasma driver: KWin on Wayland. Displays from {@code wl_output} and
 * {@code zxdg_output_v1} on an observation connection of its own; captures through
 * {@code org.kde.KWin.ScreenShot2} (whole outputs at native resolution, cropped); pointer
 * and keyboard through {@code org_kde_kwin_fake_input} on a second Wayland connection;
 * windows through KWin scripts; the clipboard through wl-clipboard. Desktop units are
 * device pixels, each output at its layout origin times the greatest scale, as on sway
 * ({@link WaylandLayout}).
 * <p>
 * KWin must trust Deskhand with fake input and ScreenShot2: on Plasma through Deskhand's
 * {@code .desktop} file ({@code X-KDE-Wayland-Interfaces=org_kde_kwin_fake_input},
 * {@code X-KDE-DBUS-Restricted-Interfaces=org.kde.KWin.ScreenShot2}); {@link #connect}
 * fails with a sentence that says so when it does not.
 */
public final class KdeDesktopDriver implements DesktopDriver, AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(KdeDesktopDriver.class);

	private final Path waylandSocket;

	private final WaylandConnection observation;

	private final KdeOutputs outputs;

	private final KwinScreenshot screenshot;

	private final KdeInput input;

	private final KdeWindowDriver windows;

	private final WaylandClipboard clipboard;

	private final WaylandClientLauncher.Target target;

	private final DriverParts parts;

	private KdeDesktopDriver(Path waylandSocket, WaylandConnection observation, KdeOutputs outputs,
			KwinScreenshot screenshot, KdeInput input, KdeWindowDriver windows, WaylandClipboard clipboard,
			WaylandClientLauncher.Target target) {
		this.waylandSocket = waylandSocket;
		this.observation = observation;
		this.outputs = outputs;
		this.screenshot = screenshot;
		this.input = input;
		this.windows = windows;
		this.clipboard = clipboard;
		this.target = target;
		DisplayDriver displays = new DisplayDriver() {

			@Override
			public List<DisplayInfo> displays() {
				return outputs.layout().displays();
			}

			@Override
			public Point pointerPosition() {
				return input.lastPointer();
			}

		};
		CaptureDriver capture = this::captureRegion;
		this.parts = new DriverParts(displays, capture, input.pointer(), input.keyboard(), windows, clipboard);
	}

	/**
	 * Connects to the KWin of this session and checks that it trusts Deskhand with input
	 * and capture.
	 * @param environment the process environment: {@code WAYLAND_DISPLAY} and
	 * {@code XDG_RUNTIME_DIR} for KWin's socket, {@code DBUS_SESSION_BUS_ADDRESS} (else
	 * {@code $XDG_RUNTIME_DIR/bus}) for ScreenShot2 and scripting
	 * @param callTimeout how long KWin may take to answer any one call
	 * @throws DeskhandException E_NO_DESKTOP with a sentence an operator can act on
	 */
	public static KdeDesktopDriver connect(Map<String, String> environment, Duration callTimeout) {
		return connect(environment, callTimeout, TextOutsideLayout.REFUSE);
	}

	/**
	 * Connects as {@link #connect(Map, Duration)} does, typing characters outside the
	 * layout as {@code textOutsideLayout} says.
	 */
	public static KdeDesktopDriver connect(Map<String, String> environment, Duration callTimeout,
			TextOutsideLayout textOutsideLayout) {
		Path waylandSocket;
		try {
			waylandSocket = WaylandConnection.socketPath(environment);
		}
		catch (RuntimeException ex) {
			throw noDesktop("Deskhand cannot find KWin's Wayland socket: " + ex.getMessage(), ex);
		}
		List<AutoCloseable> opened = new ArrayList<>();
		try {
			WaylandConnection observation = track(opened, WaylandConnection.open(waylandSocket, callTimeout));
			List<String> missing = observation.registry()
				.missing(List.of(KdeOutputs.XDG_OUTPUT_MANAGER, "wl_output", "wl_seat"));
			if (!missing.isEmpty()) {
				throw new DeskhandException(ErrorCode.E_NO_DESKTOP,
						"the compositor at " + waylandSocket + " does not offer " + missing);
			}
			KdeOutputs outputs = KdeOutputs.bind(observation);
			KwinScreenshot screenshot = track(opened, new KwinScreenshot(environment, callTimeout));
			checkCapture(screenshot, outputs.layout());
			KdeInput input = track(opened,
					KdeInput.open(waylandSocket, callTimeout, outputs::layout, textOutsideLayout));
			KdeWindowDriver windows = track(opened,
					new KdeWindowDriver(environment, callTimeout, outputs::layout, ProcessExecutables.system()));
			Map<String, String> variables = new LinkedHashMap<>();
			variables.put("DBUS_SESSION_BUS_ADDRESS", UnixFdBus.sessionBusAddress(environment));
			WaylandClientLauncher.Target target = WaylandClientLauncher.Target.of(waylandSocket.getParent(),
					waylandSocket.getFileName().toString(), variables);
			WaylandClipboard clipboard = track(opened, new WaylandClipboard(target, callTimeout));
			KdeDesktopDriver driver = new KdeDesktopDriver(waylandSocket, observation, outputs, screenshot, input,
					windows, clipboard, target);
			logger.info("KDE driver on {} (KWin): displays {}", waylandSocket, driver.displays().displays());
			return driver;
		}
		catch (RuntimeException ex) {
			Closeables.closeInReverse(opened);
			if (ex instanceof DeskhandException deskhand && deskhand.code() == ErrorCode.E_NO_DESKTOP) {
				throw deskhand;
			}
			throw noDesktop("Deskhand cannot drive KWin at " + waylandSocket + ": " + ex.getMessage(), ex);
		}
	}

	private static void checkCapture(KwinScreenshot screenshot, WaylandLayout layout) {
		if (layout.outputs().isEmpty()) {
			throw new DeskhandException(ErrorCode.E_NO_DESKTOP, "KWin reports no output");
		}
		try {
			screenshot.captureScreen(layout.outputs().get(0).name());
		}
		catch (DeskhandException ex) {
			if (ex.getMessage() != null && ex.getMessage().contains("NoAuthorized")) {
				throw noDesktop("KWin refuses Deskhand screenshots (org.kde.KWin.ScreenShot2 said: " + ex.getMessage()
						+ "); on Plasma, install Deskhand's .desktop file, which lists org.kde.KWin.ScreenShot2 in"
						+ " X-KDE-DBUS-Restricted-Interfaces, and start Deskhand by it", ex);
			}
			throw ex;
		}
	}

	private static DeskhandException noDesktop(String message, Throwable cause) {
		DeskhandException ex = new DeskhandException(ErrorCode.E_NO_DESKTOP, message);
		ex.initCause(cause);
		return ex;
	}

	private static <T extends AutoCloseable> T track(List<AutoCloseable> opened, T resource) {
		opened.add(resource);
		return resource;
	}

	private Frame captureRegion(Rect region) {
		WaylandLayout layout = this.outputs.layout();
		for (WaylandLayout.Output output : layout.outputs()) {
			Rect bounds = layout.deviceBounds(output);
			if (bounds.contains(region.x(), region.y())) {
				int localX = region.x() - bounds.x();
				int localY = region.y() - bounds.y();
				if (localX + region.width() > bounds.width() || localY + region.height() > bounds.height()) {
					break;
				}
				return crop(this.screenshot.captureScreen(output.name()), localX, localY, region.width(),
						region.height());
			}
		}
		throw DeskhandException.args("region " + region + " is not inside one display; displays are "
				+ layout.displays().stream().map((d) -> d.id() + " " + d.bounds()).toList());
	}

	static Frame crop(Frame whole, int x, int y, int width, int height) {
		if (x == 0 && y == 0 && width == whole.width() && height == whole.height()) {
			return whole;
		}
		if (x + width > whole.width() || y + height > whole.height()) {
			throw new DeskhandException(ErrorCode.E_FAIL, "KWin's screenshot is " + whole.width() + "x" + whole.height()
					+ ", smaller than the output's device size");
		}
		int[] pixels = new int[width * height];
		for (int row = 0; row < height; row++) {
			System.arraycopy(whole.pixels(), (y + row) * whole.width() + x, pixels, row * width, width);
		}
		return new Frame(width, height, pixels);
	}

	@Override
	public String name() {
		return "kde";
	}

	@Override
	public String target() {
		return this.waylandSocket.getFileName() + " (KWin)";
	}

	@Override
	public boolean reachable() {
		try {
			return !this.outputs.layout().outputs().isEmpty();
		}
		catch (RuntimeException ex) {
			return false;
		}
	}

	@Override
	public DesktopHealth health() {
		return reachable() ? DesktopHealth.answering() : new DesktopHealth(DesktopHealth.State.GONE,
				"KWin at " + this.waylandSocket + " does not answer", false);
	}

	@Override
	public DriverParts parts() {
		return this.parts;
	}

	@Override
	public Process launch(List<String> command) {
		return WaylandClientLauncher.start(this.target, command);
	}

	/**
	 * KWin lets no client read the keyboard's state, so the sensor never reports the
	 * chord held; the corners are checked where Deskhand last put the pointer.
	 */
	@Override
	public InputStateSensor openSensor(List<String> chord) {
		return new InputStateSensor() {

			@Override
			public boolean isHeld(List<String> keyNames) {
				return false;
			}

			@Override
			public Point pointerPosition() {
				return KdeDesktopDriver.this.input.lastPointer();
			}

			@Override
			public void close() {
			}

		};
	}

	@Override
	public String failsafeSees() {
		return "no keys (KWin lets no client read the keyboard's state; a KGlobalAccel shortcut for the chord is not"
				+ " registered yet); the corners only where Deskhand last put the pointer (a human's mouse is not seen)";
	}

	@Override
	public boolean applicationsKnowTheirPosition() {
		// a Wayland client never learns where the compositor put its window
		return false;
	}

	@Override
	public void releaseAll() {
		this.input.releaseAll();
	}

	@Override
	public void resetInput() {
		this.input.reset();
	}

	@Override
	public void close() {
		Closeables.closeInReverse(List.of(this.observation, this.screenshot, this.windows, this.clipboard, this.input));
	}

}
