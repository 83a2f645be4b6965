package dev.deskhand.platform.linux.wayland;

import dev.deskhand.platform.linux.wayland.input.WaylandInput;
import dev.deskhand.platform.linux.wayland.layout.WaylandLayout;
import dev.deskhand.platform.linux.wayland.screencopy.WaylandScreencopy;
import dev.deskhand.platform.linux.wayland.sway.SwayIpc;
import dev.deskhand.platform.linux.wayland.sway.SwayOutputs;
import dev.deskhand.platform.linux.wayland.sway.SwaySocket;
import dev.deskhand.platform.linux.wayland.wire.WaylandConnection;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.CaptureDriver;
import dev.deskhand.platform.Closeables;
import dev.deskhand.platform.DesktopDriver;
import dev.deskhand.platform.DesktopHealth;
import dev.deskhand.platform.DriverParts;
import dev.deskhand.platform.Frame;
import dev.deskhand.platform.InputStateSensor;
import dev.deskhand.platform.Point;
import dev.deskhand.platform.Rect;
import dev.deskhand.platform.WorkingMode;
import dev.deskhand.platform.linux.ProcessExecutables;
import dev.deskhand.platform.linux.WaylandClientLauncher;

/**
 * The Wayland driver for wlroots compositors (sway): outputs and windows from sway's IPC,
 * captures through wlr-screencopy on a Wayland connection of its own, pointer and
 * keyboard through virtual devices the driver owns on a second connection, the clipboard
 * through wl-clipboard. Desktop units are device pixels, each output at its layout origin
 * times the greatest scale ({@link WaylandLayout}).
 *
 * <p>
 * Two Wayland connections, so that a screenshot never waits for a long input action: the
 * capture connection (any thread, serialised) and the input connection (the input queue's
 * thread; {@link #releaseAll()} takes its turn on it, bounded by the call timeout, since
 * releases must go through the devices that pressed).
 */
final class WaylandDesktopDriver implements DesktopDriver, AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(WaylandDesktopDriver.class);

	private final Path waylandSocket;

	private final Duration callTimeout;

	private final String version;

	private final WaylandConnection captureConnection;

	private final WaylandScreencopy screencopy;

	private final SwayIpc ipc;

	private final SwayOutputs outputs;

	private final WaylandClipboard clipboard;

	private final WaylandClientLauncher.Target target;

	private final WaylandInput input;

	private final Path swaySocket;

	private final DriverParts parts;

	// own-seat's seat, null in shared mode
	private final SwayAgentSeat agentSeat;

	private WaylandDesktopDriver(Path waylandSocket, Duration callTimeout, String version,
			WaylandConnection captureConnection, WaylandScreencopy screencopy, SwayIpc ipc, SwayOutputs outputs,
			WaylandClientLauncher.Target target, WaylandInput input, Path swaySocket, SwayAgentSeat agentSeat) {
		this.waylandSocket = waylandSocket;
		this.callTimeout = callTimeout;
		this.version = version;
		this.captureConnection = captureConnection;
		this.screencopy = screencopy;
		this.ipc = ipc;
		this.outputs = outputs;
		this.target = target;
		this.input = input;
		this.swaySocket = swaySocket;
		this.agentSeat = agentSeat;
		this.clipboard = new WaylandClipboard(target, callTimeout, (agentSeat != null) ? SwayAgentSeat.NAME : null);
		CaptureDriver capture = new CaptureDriver() {

			@Override
			public Frame capture(Rect region) {
				return capture(region, null);
			}

			@Override
			public Frame capture(Rect region, int[] buffer) {
				return captureRegion(region, buffer);
			}

		};
		this.parts = new DriverParts(new SwayDisplayDriver(outputs, input::lastPointer), capture,
				(agentSeat != null) ? SwayAgentSeatInput.pointer(input.pointer(), agentSeat) : input.pointer(),
				(agentSeat != null) ? SwayAgentSeatInput.keyboard(input.keyboard(), agentSeat) : input.keyboard(),
				new SwayWindowDriver(ipc, outputs::layout, ProcessExecutables.system(), agentSeat), this.clipboard);
	}

	/**
	 * Connects to the compositor of this session.
	 * @param environment the process environment ({@code WAYLAND_DISPLAY},
	 * {@code XDG_RUNTIME_DIR}, {@code SWAYSOCK})
	 * @throws DeskhandException E_NO_DESKTOP with a sentence an operator can act on: no
	 * compositor answers, it is not sway, or it lacks a protocol Deskhand needs
	 */
	static WaylandDesktopDriver connect(Map<String, String> environment, Duration callTimeout) {
		return connect(environment, callTimeout, WorkingMode.SHARED);
	}

	/**
	 * Connects in a working mode: {@link WorkingMode#OWN_SEAT} puts the virtual pointer
	 * and keyboard on a seat of the agent's own ({@link SwayAgentSeat}).
	 * @throws DeskhandException E_UNSUPPORTED for {@link WorkingMode#OWN_DISPLAY}
	 */
	static WaylandDesktopDriver connect(Map<String, String> environment, Duration callTimeout, WorkingMode mode) {
		if (mode == WorkingMode.OWN_DISPLAY) {
			throw new DeskhandException(ErrorCode.E_UNSUPPORTED, "the sway driver cannot keep " + WorkingMode.PROPERTY
					+ "=own-display; on sway use own-seat (a seat of the agent's own) or shared");
		}
		try {
			return connectToSway(environment, callTimeout, mode == WorkingMode.OWN_SEAT);
		}
		catch (DeskhandException ex) {
			Optional<String> desktop = UnsupportedDesktop.explain(environment);
			if (ex.code() != ErrorCode.E_NO_DESKTOP || desktop.isEmpty()) {
				throw ex;
			}
			throw noDesktop("Deskhand cannot drive this desktop: " + desktop.get() + " (the Wayland driver said: "
					+ ex.getMessage() + ")", ex);
		}
	}

	private static WaylandDesktopDriver connectToSway(Map<String, String> environment, Duration callTimeout,
			boolean ownSeat) {
		Path waylandSocket;
		Path swaySocket;
		try {
			waylandSocket = WaylandConnection.socketPath(environment);
			swaySocket = SwaySocket.locate(environment);
		}
		catch (RuntimeException ex) {
			throw noDesktop("Deskhand cannot find the Wayland compositor to drive: " + ex.getMessage(), ex);
		}
		List<AutoCloseable> opened = new ArrayList<>();
		try {
			SwayIpc ipc = track(opened, new SwayIpc(swaySocket, callTimeout));
			String version = ipc.version().path("human_readable").asString("?");
			WaylandConnection capture = track(opened, WaylandConnection.open(waylandSocket, callTimeout));
			Optional<String> missing = capture.registry().missingDriverGlobals();
			if (missing.isPresent()) {
				throw new DeskhandException(ErrorCode.E_NO_DESKTOP, missing.get());
			}
			WaylandScreencopy screencopy = track(opened, WaylandScreencopy.bind(capture));
			SwayOutputs outputs = new SwayOutputs(ipc).watch();
			opened.add(outputs::close);
			WaylandClientLauncher.Target target = WaylandLauncher.sway(waylandSocket.getParent(),
					waylandSocket.getFileName().toString(), swaySocket);
			// the seat first: the input connection must see its wl_seat
			SwayAgentSeat agentSeat = ownSeat ? SwayAgentSeat.create(ipc) : null;
			WaylandInput input = track(opened, WaylandInput.open(waylandSocket, callTimeout, outputs::layout,
					ownSeat ? SwayAgentSeat.NAME : null));
			if (agentSeat != null) {
				agentSeat.recreateWith(input::reset);
			}
			WaylandDesktopDriver driver = new WaylandDesktopDriver(waylandSocket, callTimeout, version, capture,
					screencopy, ipc, outputs, target, input, swaySocket, agentSeat);
			logger.info("Wayland driver on {} (sway {}, {}): displays {}", waylandSocket, version,
					ownSeat ? "own-seat on seat " + SwayAgentSeat.NAME : "shared", driver.displays().displays());
			return driver;
		}
		catch (RuntimeException ex) {
			Closeables.closeInReverse(opened);
			if (ex instanceof DeskhandException deskhand && deskhand.code() == ErrorCode.E_NO_DESKTOP) {
				throw deskhand;
			}
			throw noDesktop("Deskhand cannot drive the Wayland compositor at " + waylandSocket + " (sway IPC "
					+ swaySocket + "): " + ex.getMessage(), ex);
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

	WaylandLayout layout() {
		return this.outputs.layout();
	}

	private Frame captureRegion(Rect region, int[] buffer) {
		WaylandLayout layout = layout();
		for (WaylandLayout.Output output : layout.outputs()) {
			Rect bounds = layout.deviceBounds(output);
			if (bounds.contains(region.x(), region.y())) {
				Rect local = new Rect(region.x() - bounds.x(), region.y() - bounds.y(), region.width(),
						region.height());
				if (local.x() + local.width() > bounds.width() || local.y() + local.height() > bounds.height()) {
					break;
				}
				return this.screencopy.capture(output.name(), local, buffer);
			}
		}
		throw DeskhandException.args("region " + region + " is not inside one display; displays are "
				+ layout.displays().stream().map((d) -> d.id() + " " + d.bounds()).toList());
	}

	@Override
	public WorkingMode workingMode() {
		return (this.agentSeat != null) ? WorkingMode.OWN_SEAT : WorkingMode.SHARED;
	}

	@Override
	public String name() {
		return "wayland";
	}

	@Override
	public String target() {
		return this.waylandSocket.getFileName() + " (sway " + this.version + ")";
	}

	@Override
	public boolean reachable() {
		try {
			this.ipc.version();
			return true;
		}
		catch (RuntimeException ex) {
			return false;
		}
	}

	@Override
	public DesktopHealth health() {
		return reachable() ? DesktopHealth.answering() : new DesktopHealth(DesktopHealth.State.GONE,
				"sway at " + this.swaySocket + " does not answer its IPC", false);
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
	 * Physical key state cannot be read on Wayland: the sensor adds the chord as a sway
	 * binding and reports it held for a moment after sway says it fired (see
	 * {@link WaylandInputSensor}).
	 */
	@Override
	public InputStateSensor openSensor(List<String> chord) {
		return WaylandInputSensor.open(this.swaySocket, this.callTimeout, chord, this.input::lastPointer);
	}

	@Override
	public boolean applicationsKnowTheirPosition() {
		// A Wayland client never learns where the compositor put its window.
		return false;
	}

	@Override
	public String failsafeSees() {
		return "the chord only, as a sway binding (physical key state cannot be read on Wayland; Deskhand's"
				+ " own and other virtual keyboards trip it too; sway consumes the chord); the corners only where"
				+ " Deskhand last put the pointer (a human's mouse is not seen)";
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
		Closeables.closeInReverse(List.of(this.ipc, this.outputs::close, this.captureConnection, this.screencopy,
				this.clipboard, this.input));
	}

}
