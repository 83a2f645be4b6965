package dev.deskhand.platform.linux.wayland;

import dev.deskhand.platform.linux.wayland.layout.WaylandLayout;
import dev.deskhand.platform.linux.wayland.layout.WaylandWindows;
import dev.deskhand.platform.linux.wayland.sway.SwayIpc;
import dev.deskhand.platform.linux.wayland.sway.SwayTree;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.WindowDriver;
import dev.deskhand.platform.WindowInfo;
import dev.deskhand.platform.linux.ProcessExecutables;

/**
 * Windows from sway's container tree (GET_TREE), Xwayland windows included; focus through
 * {@code [con_id=N] focus}, confirmed in the tree, since sway's "success" only says the
 * command parsed and matched. Thread-safe (the IPC connection serialises).
 *
 * <p>
 * In own-seat the tree's focus is the person's ({@code seat0}): focus is the agent seat's
 * instead, set by a click of the agent's cursor and read from GET_SEATS
 * ({@link SwayAgentSeat}).
 */
final class SwayWindowDriver implements WindowDriver {

	private static final Duration FOCUS_POLL = Duration.ofMillis(10);

	private final SwayIpc ipc;

	private final Supplier<WaylandLayout> layout;

	private final ProcessExecutables executables;

	// null in shared mode
	private final SwayAgentSeat agentSeat;

	SwayWindowDriver(SwayIpc ipc, Supplier<WaylandLayout> layout, ProcessExecutables executables) {
		this(ipc, layout, executables, null);
	}

	SwayWindowDriver(SwayIpc ipc, Supplier<WaylandLayout> layout, ProcessExecutables executables,
			SwayAgentSeat agentSeat) {
		this.ipc = ipc;
		this.layout = layout;
		this.executables = executables;
		this.agentSeat = agentSeat;
	}

	@Override
	public Optional<WindowInfo> focusedWindow() {
		return list().stream().filter(WindowInfo::focused).findFirst();
	}

	@Override
	public List<WindowInfo> list() {
		return WaylandWindows.toInfos(windows(), this.layout.get(), this.executables::executable);
	}

	/** The windows, focused as this driver's input sees it. */
	private List<WaylandWindows.Window> windows() {
		List<WaylandWindows.Window> windows = SwayTree.windows(this.ipc.tree());
		if (this.agentSeat == null) {
			return windows;
		}
		long focus = this.agentSeat.focus();
		return windows.stream()
			.map((w) -> new WaylandWindows.Window(w.id(), w.title(), w.appClass(), w.appInstance(), w.pid(), w.bounds(),
					w.id() == focus, w.stacking()))
			.toList();
	}

	@Override
	public boolean activate(long windowId, Duration timeout) {
		if (find(windowId).isEmpty()) {
			throw gone(windowId);
		}
		if (this.agentSeat != null) {
			return activateForAgentSeat(windowId, timeout);
		}
		try {
			this.ipc.command("[con_id=" + windowId + "] focus");
		}
		catch (DeskhandException ex) {
			// closed between the look and the command
			if (ex.code() == ErrorCode.E_FAIL && find(windowId).isEmpty()) {
				throw gone(windowId);
			}
			throw ex;
		}
		long deadline = System.nanoTime() + timeout.toNanos();
		while (true) {
			Optional<WaylandWindows.Window> window = find(windowId);
			if (window.isEmpty()) {
				throw gone(windowId);
			}
			if (window.get().focused()) {
				return true;
			}
			if (System.nanoTime() - deadline >= 0) {
				return false;
			}
			LockSupport.parkNanos(FOCUS_POLL.toNanos());
		}
	}

	private boolean activateForAgentSeat(long windowId, Duration timeout) {
		long deadline = System.nanoTime() + timeout.toNanos();
		// one click only: a second one soon after would be a double click to the
		// application
		if (this.agentSeat.clickToFocus(windowId)) {
			return true;
		}
		while (System.nanoTime() - deadline < 0) {
			LockSupport.parkNanos(FOCUS_POLL.toNanos());
			if (this.agentSeat.focus() == windowId) {
				this.agentSeat.chose(windowId);
				return true;
			}
		}
		return false;
	}

	private Optional<WaylandWindows.Window> find(long windowId) {
		return windows().stream().filter((w) -> w.id() == windowId).findFirst();
	}

	private static DeskhandException gone(long windowId) {
		return new DeskhandException(ErrorCode.E_NOT_FOUND,
				"window " + windowId + " is not open (any more); list the windows again");
	}

}
