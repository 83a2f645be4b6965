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
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.IntFunction;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;

/**
 * An X server Deskhand started (an Xvfb, or for the own-display working mode an Xephyr
 * nested in the person's display) and openbox on it when installed, stopped by PID at
 * close. The server tells when it accepts connections by writing its display number to
 * {@code -displayfd} (our pipe), so there is no polling for the socket. Numbers whose
 * lock file exists are skipped; if another server takes a number first, the server exits
 * and the next is tried.
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

	private final Server kind;

	private final Process xvfb;

	private final Process openbox;

	private final Path log;

	private X11ManagedDisplay(String displayName, Server kind, Process xvfb, Process openbox, Path log) {
		this.displayName = displayName;
		this.kind = kind;
		this.xvfb = xvfb;
		this.openbox = openbox;
		this.log = log;
	}

	/**
	 * Which X server to start and how.
	 *
	 * @param label its name in logs and errors, e.g. {@code Xvfb}
	 * @param program the executable
	 * @param arguments the arguments after the display name, which must include
	 * {@code -displayfd 1}
	 * @param hostDisplay for a nested server (Xephyr), the display its window opens on;
	 * {@code null} for a headless one
	 */
	record Server(String label, Path program, List<String> arguments, String hostDisplay) {

		Server {
			arguments = List.copyOf(arguments);
		}

		/** A headless Xvfb of {@code WIDTHxHEIGHTxDEPTH}. */
		static Server xvfb(Path program, String geometry) {
			// -noreset: by default an X server resets itself when its last client
			// disconnects, and a client connecting meanwhile fails; between readiness
			// and openbox, and whenever Deskhand reconnects, the managed display may have
			// no other client
			return new Server("Xvfb", program, List.of("-screen", "0", geometry, "-nolisten", "tcp", "+extension",
					"RANDR", "-noreset", "-displayfd", "1"), null);
		}

		/**
		 * An Xephyr of {@code WIDTHxHEIGHT}, one window titled {@code title} on
		 * {@code hostDisplay}. {@code -no-host-grab}: Xephyr's Ctrl+Shift would otherwise
		 * grab the person's whole keyboard and pointer into the window.
		 */
		static Server xephyr(Path program, String hostDisplay, String size, String title) {
			return new Server("Xephyr", program, List.of("-screen", size, "-title", title, "-no-host-grab", "-nolisten",
					"tcp", "+extension", "RANDR", "-noreset", "-displayfd", "1"), hostDisplay);
		}

		List<String> command(int number) {
			List<String> command = new ArrayList<>();
			command.add(this.program.toString());
			command.add(":" + number);
			command.addAll(this.arguments);
			return command;
		}

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
		Server server = Server.xvfb(xvfb, geometry);
		return start((number) -> server, firstNumber, openbox);
	}

	/**
	 * Starts a server on the first free display number from {@code firstNumber}, then
	 * openbox if it is on the PATH, and waits until both are ready.
	 * @param servers the server to start on a display number (an Xephyr's window title
	 * names it)
	 * @param openbox the openbox executable, or {@code null} to run without a window
	 * manager
	 */
	static X11ManagedDisplay start(IntFunction<Server> servers, int firstNumber, Path openbox) {
		Path log = createLog();
		String label = servers.apply(firstNumber).label();
		try {
			for (int number = firstNumber; number < firstNumber + NUMBERS_TO_TRY; number++) {
				Server server = servers.apply(number);
				if (Files.exists(Path.of("/tmp/.X" + number + "-lock"))
						|| Files.exists(Path.of("/tmp/.X11-unix/X" + number))) {
					continue;
				}
				Process process = startServer(server, number, log);
				if (process == null) {
					continue;
				}
				String name = ":" + number;
				Process windowManager = (openbox != null) ? startOpenbox(openbox, name, log) : null;
				logger.info("started a managed {} on {} ({}, pid {}){}", server.label(), name,
						String.join(" ", server.arguments()), process.pid(),
						(windowManager != null) ? " with openbox (pid " + windowManager.pid() + ")"
								: " without a window manager (openbox is not installed)");
				return new X11ManagedDisplay(name, server, process, windowManager, log);
			}
		}
		catch (RuntimeException ex) {
			deleteQuietly(log);
			throw ex;
		}
		deleteQuietly(log);
		throw new DeskhandException(ErrorCode.E_NO_DESKTOP, "could not start a managed " + label + ": display numbers "
				+ firstNumber + "-" + (firstNumber + NUMBERS_TO_TRY - 1) + " are all taken");
	}

	/**
	 * @return the started server, or {@code null} when the number turned out to be taken
	 */
	private static Process startServer(Server server, int number, Path log) {
		String label = server.label();
		ProcessBuilder builder = new ProcessBuilder(server.command(number))
			.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
			.redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()));
		if (server.hostDisplay() != null) {
			builder.environment().put("DISPLAY", server.hostDisplay());
		}
		Process process;
		try {
			process = builder.start();
		}
		catch (IOException ex) {
			throw new DeskhandException(ErrorCode.E_NO_DESKTOP,
					"could not run " + server.program() + ": " + ex.getMessage(), ex);
		}
		// the pipe stays open until stop: the server must never write into a closed pipe
		BufferedReader stdout = new BufferedReader(
				new InputStreamReader(process.getInputStream(), StandardCharsets.US_ASCII));
		CompletableFuture<String> ready = new CompletableFuture<>();
		// a thread of its own: it blocks until the server writes or exits, which must not
		// tie
		// up a pool
		Thread reader = new Thread(() -> {
			try {
				ready.complete(stdout.readLine());
			}
			catch (IOException ex) {
				ready.completeExceptionally(ex);
			}
		}, "deskhand-" + label.toLowerCase(Locale.ROOT) + "-ready-:" + number);
		reader.setDaemon(true);
		reader.start();
		String line;
		try {
			line = ready.get(XVFB_READY.toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (TimeoutException ex) {
			stop(process, label);
			throw new DeskhandException(ErrorCode.E_NO_DESKTOP, "the managed " + label + " on :" + number
					+ " did not get" + " ready within " + XVFB_READY.toSeconds() + " s; its log: " + tail(log));
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			stop(process, label);
			throw new DeskhandException(ErrorCode.E_NO_DESKTOP, "interrupted while starting a managed " + label, ex);
		}
		catch (ExecutionException ex) {
			line = null;
		}
		if (line != null && line.trim().equals(Integer.toString(number))) {
			return process;
		}
		stop(process, label);
		String tail = tail(log);
		if (tail.contains("already active") || tail.contains("Cannot establish any listening sockets")) {
			logger.debug("display :{} is taken, trying the next number", number);
			return null;
		}
		throw new DeskhandException(ErrorCode.E_NO_DESKTOP,
				"the managed " + label + " on :" + number + " exited at start-up;" + " its log: " + tail);
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

	/** What kind of server it is, and how it was started. */
	Server server() {
		return this.kind;
	}

	Optional<Long> openboxPid() {
		return Optional.ofNullable(this.openbox).map(Process::pid);
	}

	/** Stops openbox, then the server: SIGTERM, and SIGKILL after a grace period. */
	@Override
	public void close() {
		if (this.openbox != null) {
			stop(this.openbox, "openbox");
		}
		stop(this.xvfb, this.kind.label());
		try {
			this.xvfb.getInputStream().close();
		}
		catch (IOException ex) {
			logger.debug("could not close {}'s pipe", this.kind.label(), ex);
		}
		deleteQuietly(this.log);
		logger.info("stopped the managed {} on {}", this.kind.label(), this.displayName);
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
			throw new UncheckedIOException("cannot create a log file for a managed X server", ex);
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
