package dev.deskhand.platform.linux.wayland;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.ClipboardDriver;
import dev.deskhand.platform.linux.WaylandClientLauncher;

/**
 * The clipboard through wl-clipboard, which speaks wlr-data-control: it works with no
 * window focused and needs no surface of Deskhand's own. The sway and the KDE drivers use
 * it (KWin offers data-control too).
 *
 * <p>
 * Writing starts {@code wl-copy --foreground}, which owns the selection and answers
 * pastes until another client takes it (then it exits by itself) or the driver replaces
 * or closes it: the driver keeps that one process and ends it by its pid. The text
 * reaches it on standard input, never on the command line, where any local user could
 * read it. {@code wl-copy} has no "ready" signal, so a write returns once
 * {@code wl-paste} reads the new text back: a paste right after a write gets it.
 *
 * <p>
 * Reading runs {@code wl-paste --no-newline}, bounded by the caller's timeout. An empty
 * clipboard and one without text both read as an empty string, as on X11. Thread-safe:
 * writes take turns.
 */
public final class WaylandClipboard implements ClipboardDriver, AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(WaylandClipboard.class);

	static final String UTF8_TEXT = "text/plain;charset=utf-8";

	/** As on X11: larger text is refused, not truncated. */
	static final int MAX_TEXT_BYTES = 64 * 1024 * 1024;

	private static final File NO_INPUT = new File("/dev/null");

	private static final Duration POLL = Duration.ofMillis(5);

	private final WaylandClientLauncher.Target target;

	private final Duration writeTimeout;

	// wl-clipboard's --seat (Wayland selections are per seat): empty for the
	// compositor's default, the agent's seat in own-seat
	private final List<String> seat;

	// one owner process at a time: the one the last write started
	private final Object lock = new Object();

	private Process owner;

	private boolean closed;

	public WaylandClipboard(WaylandClientLauncher.Target target, Duration writeTimeout) {
		this(target, writeTimeout, null);
	}

	/**
	 * A clipboard of one seat: selections are per seat on Wayland, so in own-seat the
	 * agent reads and writes its own seat's, never the person's.
	 * @param seatName the seat ({@code wl_seat.name}), or {@code null} for the
	 * compositor's default
	 */
	public WaylandClipboard(WaylandClientLauncher.Target target, Duration writeTimeout, String seatName) {
		this.target = target;
		this.writeTimeout = writeTimeout;
		this.seat = (seatName == null) ? List.of() : List.of("--seat", seatName);
	}

	private List<String> command(String... words) {
		List<String> command = new ArrayList<>(List.of(words));
		command.addAll(1, this.seat);
		return command;
	}

	@Override
	public String read(Duration timeout) {
		Paste paste = paste(UTF8_TEXT, timeout);
		if (paste.noSuitableType()) {
			// an X client's selection offers UTF8_STRING or STRING, not the MIME type:
			// wl-paste's generic "text" picks whichever text type is offered
			paste = paste("text", timeout);
		}
		if (paste.exitCode() == 0) {
			return paste.text();
		}
		if (paste.noSelection() || paste.noSuitableType()) {
			return "";
		}
		throw new DeskhandException(ErrorCode.E_NO_DESKTOP, "wl-paste failed (exit " + paste.exitCode() + "): "
				+ paste.error() + " on Wayland display " + this.target.waylandDisplay());
	}

	@Override
	public void write(String text) {
		byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
		if (bytes.length > MAX_TEXT_BYTES) {
			throw DeskhandException.args(
					"the text is " + bytes.length + " bytes; the clipboard takes at most " + MAX_TEXT_BYTES + " bytes");
		}
		synchronized (this.lock) {
			if (this.closed) {
				throw new DeskhandException(ErrorCode.E_NO_DESKTOP, "the clipboard is closed");
			}
			Process started = startOwner(bytes);
			long deadline = System.nanoTime() + this.writeTimeout.toNanos();
			// the new owner takes the selection from the previous one, which then exits
			// by itself; it is ended below in any case
			Process previous = this.owner;
			this.owner = started;
			awaitOwnership(started, text, deadline);
			if (previous != null && previous.isAlive()) {
				previous.destroy();
			}
		}
	}

	private Process startOwner(byte[] bytes) {
		ProcessBuilder builder = WaylandClientLauncher
			.builder(this.target, command("wl-copy", "--foreground", "--type", UTF8_TEXT))
			.redirectOutput(ProcessBuilder.Redirect.DISCARD)
			.redirectError(ProcessBuilder.Redirect.PIPE);
		Process process;
		try {
			process = builder.start();
		}
		catch (IOException ex) {
			throw new DeskhandException(ErrorCode.E_UNSUPPORTED,
					"cannot start wl-copy (" + ex.getMessage() + "); install wl-clipboard", ex);
		}
		try (OutputStream in = process.getOutputStream()) {
			in.write(bytes);
		}
		catch (IOException ex) {
			// it died before reading: its error says why (below)
			logger.debug("wl-copy did not take the text", ex);
		}
		return process;
	}

	/**
	 * Waits until wl-paste reads the written text back, or the owner died.
	 * @throws DeskhandException E_NO_DESKTOP when wl-copy exits at once (no compositor),
	 * E_TIMEOUT when the text does not show before the deadline
	 */
	private void awaitOwnership(Process started, String text, long deadline) {
		while (true) {
			if (!started.isAlive()) {
				this.owner = null;
				String error = drain(started.getErrorStream());
				throw new DeskhandException(ErrorCode.E_NO_DESKTOP, "wl-copy exited (" + started.exitValue()
						+ ") instead of owning the clipboard: " + error.strip());
			}
			long left = deadline - System.nanoTime();
			if (left <= 0) {
				throw new DeskhandException(ErrorCode.E_TIMEOUT,
						"the clipboard did not show the written text within " + this.writeTimeout.toMillis() + " ms");
			}
			Paste paste = paste(UTF8_TEXT, Duration.ofNanos(left));
			if (paste.exitCode() == 0 && paste.text().equals(text)) {
				return;
			}
			LockSupport.parkNanos(POLL.toNanos());
		}
	}

	/** What one wl-paste run gave. */
	record Paste(int exitCode, String text, String error) {

		boolean noSelection() {
			return this.exitCode != 0 && this.error.contains("No selection");
		}

		boolean noSuitableType() {
			return this.exitCode != 0 && this.error.contains("No suitable type");
		}

	}

	/**
	 * Runs wl-paste for one type, bounded by the timeout.
	 * @throws DeskhandException E_TIMEOUT when it does not finish in time (the
	 * selection's owner did not answer)
	 */
	private Paste paste(String type, Duration timeout) {
		ProcessBuilder builder = WaylandClientLauncher
			.builder(this.target, command("wl-paste", "--no-newline", "--type", type))
			.redirectInput(ProcessBuilder.Redirect.from(NO_INPUT));
		Process process;
		try {
			process = builder.start();
		}
		catch (IOException ex) {
			throw new DeskhandException(ErrorCode.E_UNSUPPORTED,
					"cannot start wl-paste (" + ex.getMessage() + "); install wl-clipboard", ex);
		}
		// stdout is read while it runs (a large text would fill the pipe and stall it);
		// stderr holds a line at most and is read once it exited
		CompletableFuture<byte[]> out = new CompletableFuture<>();
		Thread reader = new Thread(() -> out.complete(readBounded(process.getInputStream())), "deskhand-wl-paste");
		reader.setDaemon(true);
		reader.start();
		try {
			if (!process.waitFor(timeout.toNanos(), TimeUnit.NANOSECONDS)) {
				process.destroyForcibly();
				throw new DeskhandException(ErrorCode.E_TIMEOUT,
						"the clipboard's owner did not hand over its text within " + timeout.toMillis() + " ms");
			}
			byte[] bytes = out.get(timeout.toMillis() + 1000, TimeUnit.MILLISECONDS);
			if (bytes == null) {
				throw DeskhandException.args("the clipboard holds more than " + MAX_TEXT_BYTES + " bytes of text");
			}
			return new Paste(process.exitValue(), new String(bytes, StandardCharsets.UTF_8),
					drain(process.getErrorStream()));
		}
		catch (InterruptedException ex) {
			process.destroyForcibly();
			Thread.currentThread().interrupt();
			throw new DeskhandException(ErrorCode.E_TIMEOUT, "reading the clipboard was interrupted", ex);
		}
		catch (ExecutionException | TimeoutException ex) {
			process.destroyForcibly();
			throw new DeskhandException(ErrorCode.E_TIMEOUT, "wl-paste's output did not end in time", ex);
		}
	}

	/** The whole stream, or {@code null} past the size limit (the rest is discarded). */
	private static byte[] readBounded(InputStream stream) {
		ByteArrayOutputStream bytes = new ByteArrayOutputStream();
		byte[] buffer = new byte[65536];
		boolean tooLarge = false;
		try (stream) {
			int n;
			while ((n = stream.read(buffer)) >= 0) {
				if (!tooLarge && bytes.size() + n > MAX_TEXT_BYTES) {
					tooLarge = true;
				}
				if (!tooLarge) {
					bytes.write(buffer, 0, n);
				}
			}
		}
		catch (IOException ex) {
			// the process was ended (timeout): what was read is not used
		}
		return tooLarge ? null : bytes.toByteArray();
	}

	private static String drain(InputStream stream) {
		try (stream) {
			return new String(stream.readNBytes(4096), StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			return "";
		}
	}

	/** Ends the owner process: what Deskhand put on the clipboard goes with it. */
	@Override
	public void close() {
		synchronized (this.lock) {
			this.closed = true;
			if (this.owner != null) {
				this.owner.destroy();
				this.owner = null;
			}
		}
	}

}
