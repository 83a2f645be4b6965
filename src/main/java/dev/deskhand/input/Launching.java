package dev.deskhand.input;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.DesktopDriver;
import dev.deskhand.platform.WindowInfo;

/**
 * Starts an application and waits, on the input thread, for the first window it shows: a
 * window that was not there before and belongs to the process or the app. Nothing else
 * reaches the desktop meanwhile, so the window found is the app's, not one a later action
 * opened.
 */
final class Launching {

	private static final Duration POLL = Duration.ofMillis(50);

	private final DesktopDriver driver;

	private final InputAction.Launch launch;

	Launching(DesktopDriver driver, InputAction.Launch launch) {
		this.driver = driver;
		this.launch = launch;
	}

	WindowInfo awaitWindow() {
		Set<Long> before = this.driver.windows().list().stream().map(WindowInfo::id).collect(Collectors.toSet());
		Process process = this.driver.launch(this.launch.command());
		long deadline = System.nanoTime() + this.launch.windowTimeout().toNanos();
		while (System.nanoTime() < deadline) {
			Optional<WindowInfo> window = newWindow(before, process);
			if (window.isPresent()) {
				return window.get();
			}
			if (!process.isAlive() && process.exitValue() != 0) {
				throw new DeskhandException(ErrorCode.E_FAIL,
						"'" + this.launch.app() + "' exited with status " + process.exitValue());
			}
			InputExecutor.sleep(POLL, this.launch);
		}
		throw new DeskhandException(ErrorCode.E_TIMEOUT, "'" + this.launch.app() + "' started (pid " + process.pid()
				+ ") but showed no window within " + this.launch.windowTimeout().toSeconds() + " s");
	}

	/** The topmost new window of the process or the app. */
	private Optional<WindowInfo> newWindow(Set<Long> before, Process process) {
		List<String> command = this.launch.command();
		return this.driver.windows()
			.list()
			.stream()
			.filter((w) -> !before.contains(w.id()))
			.filter((w) -> w.pid() == process.pid() || w.belongsTo(this.launch.app()) || w.belongsTo(command.get(0)))
			.reduce((first, second) -> second);
	}

}
