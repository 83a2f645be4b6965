package dev.deskhand.platform.linux.x11;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;

/**
 * An Xvfb (and openbox, when installed) that Deskhand started and stops, by PID, at
 * close. Xvfb tells when it accepts connections by writing its display number to
 * {@code -displayfd} (our pipe), so there is no polling for the socket. Numbers whose
 * lock file exists are skipped; if another server takes a number first, Xvfb exits and
 * the next is tried.
 */
final class X11ManagedDisplay implements AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(X11ManagedDisplay.class);

	/**
	 * Like xvfb-run: clear of :0 and the low numbers that desktops and VNC servers take.
	 */
	static final int DEFAULT_FIRST_NUMBER = 99;

	private static final int NUMBERS_TO_TRY = 20;

	private static final Duration XVFB_READY = Duration.ofSeconds(15);

	private static final Duration WM_READY = Duration.ofSeconds(5);

	private static final Duration STOP_GRACE = Duration.ofSeconds(3);

	private final String displayName;

	private final Process xvfb;

	private final Process openbox;

	private final Path log;

	private X11ManagedDisplay(String displayName, Process xvfb, Process openbox, Path log) {
		this.displayName = displayName;
		this.xvfb = xvfb;
		this.openbox = openbox;
		this.log = log;
	}

	/**
	 * Starts Xvfb on the first free display number from {@code firstNumber}, then openbox
	 * if it is on the PATH, and waits until both are ready.
	 * @param geometry {@code WIDTHxHEIGHTxDEPTH}
	 * @param firstNumber the first display number to try
	 * @param xvfb the Xvfb executable
	 * @param openbox the openbox executable, or {@code null} to run without a window
	 * manager
	 */
	static X11ManagedDisplay start(String geometry, int firstNumber, Path xvfb, Path openbox) {
		Path log = createLog();
		try {
			for (int number = firstNumber; number < firstNumber + NUMBERS_TO_TRY; number++) {
				if (Files.exists(Path.of("/tmp/.X" + number + "-lock"))
						|| Files.exists(Path.of("/tmp/.X11-unix/X" + number))) {
					continue;
				}
				Process server = startXvfb(xvfb, number, geometry, log);
				if (server == null) {
					continue;
				}
				String name = ":" + number;
				Process windowManager = (openbox != null) ? startOpenbox(openbox, name, log) : null;
				logger.info("started a managed Xvfb on {} ({}, pid {}){}", name, geometry, server.pid(),
						(windowManager != null) ? " with openbox (pid " + windowManager.pid() + ")"
								: " without a window manager (openbox is not installed)");
				return new X11ManagedDisplay(name, server, windowManager, log);
			}
		}
		catch (RuntimeException ex) {
			deleteQuietly(log);
			throw ex;
		}
		deleteQuietly(log);
		throw new DeskhandException(ErrorCode.E_NO_DESKTOP, "could not start a managed Xvfb: display numbers "
				+ firstNumber + "-" + (firstNumber + NUMBERS_TO_TRY - 1) + " are all taken");
	}

	/**
	 * @return the started server, or {@code null} when the number turned out to be taken
	 */
	private static Process startXvfb(Path xvfb, int number, String geometry, Path log) {
		// -noreset: by default an X server resets itself when its last client
		// disconnects,
		// and a client connecting meanwhile fails; between readiness and openbox, and
		// whenever Deskhand reconnects, the managed display may have no other client
		List<String> command = List.of(xvfb.toString(), ":" + number, "-screen", "0", geometry, "-nolisten", "tcp",
				"+extension", "RANDR", "-noreset", "-displayfd", "1");
		Process process;
		try {
			process = new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
				.redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()))
				.start();
		}
		catch (IOException ex) {
			throw new DeskhandException(ErrorCode.E_NO_DESKTOP, "could not run " + xvfb + ": " + ex.getMessage(), ex);
		}
		// the pipe stays open until stop: Xvfb must never write into a closed pipe
		BufferedReader stdout = new BufferedReader(
				new InputStreamReader(process.getInputStream(), StandardCharsets.US_ASCII));
		CompletableFuture<String> ready = new CompletableFuture<>();
		// a thread of its own: it blocks until Xvfb writes or exits, which must not tie
		// up a pool
		Thread reader = new Thread(() -> {
			try {
				ready.complete(stdout.readLine());
			}
			catch (IOException ex) {
				ready.completeExceptionally(ex);
			}
		}, "deskhand-xvfb-ready-:" + number);
		reader.setDaemon(true);
		reader.start();
		String line;
		try {
			line = ready.get(XVFB_READY.toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (TimeoutException ex) {
			stop(process, "Xvfb");
			throw new DeskhandException(ErrorCode.E_NO_DESKTOP, "the managed Xvfb on :" + number + " did not get"
					+ " ready within " + XVFB_READY.toSeconds() + " s; its log: " + tail(log));
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			stop(process, "Xvfb");
			throw new DeskhandException(ErrorCode.E_NO_DESKTOP, "interrupted while starting a managed Xvfb", ex);
		}
		catch (ExecutionException ex) {
			line = null;
		}
		if (line != null && line.trim().equals(Integer.toString(number))) {
			return process;
		}
		stop(process, "Xvfb");
		String tail = tail(log);
		if (tail.contains("already active") || tail.contains("Cannot establish any listening sockets")) {
			logger.debug("display :{} is taken, trying the next number", number);
			return null;
		}
		throw new DeskhandException(ErrorCode.E_NO_DESKTOP,
				"the managed Xvfb on :" + number + " exited at start-up;" + " its log: " + tail);
	}

	private static Process startOpenbox(Path openbox, String displayName, Path log) {
		ProcessBuilder builder = new ProcessBuilder(openbox.toString(), "--sm-disable")
			.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
			.redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
			.redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()));
		builder.environment().put("DISPLAY", displayName);
		Process process;
		try {
			process = builder.start();
		}
		catch (IOException ex) {
			logger.warn("could not start openbox on {} ({}); continuing without a window manager", displayName,
					ex.getMessage());
			return null;
		}
		awaitWindowManager(process, displayName);
		return process;
	}

	private static void awaitWindowManager(Process openbox, String displayName) {
		long deadline = System.nanoTime() + WM_READY.toNanos();
		try (X11Connection connection = X11Connection.open(displayName, "probe")) {
			while (!connection.rootHasProperty("_NET_SUPPORTING_WM_CHECK")) {
				if (!openbox.isAlive()) {
					logger.warn("openbox exited at start-up on {}; continuing without a window manager", displayName);
					return;
				}
				if (System.nanoTime() > deadline) {
					logger.warn("openbox did not manage {} within {} s; continuing", displayName, WM_READY.toSeconds());
					return;
				}
				Thread.sleep(20);
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	String displayName() {
		return this.displayName;
	}

	long xvfbPid() {
		return this.xvfb.pid();
	}

	Optional<Long> openboxPid() {
		return Optional.ofNullable(this.openbox).map(Process::pid);
	}

	/** Stops openbox, then Xvfb: SIGTERM, and SIGKILL after a grace period. */
	@Override
	public void close() {
		if (this.openbox != null) {
			stop(this.openbox, "openbox");
		}
		stop(this.xvfb, "Xvfb");
		try {
			this.xvfb.getInputStream().close();
		}
		catch (IOException ex) {
			logger.debug("could not close Xvfb's pipe", ex);
		}
		deleteQuietly(this.log);
		logger.info("stopped the managed Xvfb on {}", this.displayName);
	}

	private static void stop(Process process, String what) {
		if (!process.isAlive()) {
			return;
		}
		process.destroy();
		try {
			if (!process.waitFor(STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS)) {
				logger.warn("{} (pid {}) ignored SIGTERM for {} s; killing it", what, process.pid(),
						STOP_GRACE.toSeconds());
				process.destroyForcibly();
				process.waitFor(STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS);
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			process.destroyForcibly();
		}
	}

	private static Path createLog() {
		try {
			return Files.createTempFile("deskhand-xvfb-", ".log");
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot create a log file for the managed Xvfb", ex);
		}
	}

	private static String tail(Path log) {
		try {
			List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
			List<String> last = new ArrayList<>(lines.subList(Math.max(0, lines.size() - 8), lines.size()));
			return String.join(" | ", last);
		}
		catch (IOException ex) {
			return "(unreadable: " + ex.getMessage() + ")";
		}
	}

	private static void deleteQuietly(Path log) {
		try {
			Files.deleteIfExists(log);
		}
		catch (IOException ex) {
			logger.debug("could not delete {}", log, ex);
		}
	}

}
