package dev.deskhand.platform.linux.x11;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.deskhand.files.PrivateFiles;

/**
 * The agent display's processes, written to {@code deskhand.own-display.lock-file} while
 * they run: a server that crashed cannot stop them, so the next start reads the file and
 * stops what is still there. A process is stopped only if it is really the one recorded:
 * the same PID, the same start time (the kernel's, in clock ticks since boot, from
 * {@code /proc/<pid>/stat}: a reused PID has another) and the same program.
 */
final class X11OwnDisplayLock {

	private static final Logger logger = LoggerFactory.getLogger(X11OwnDisplayLock.class);

	private static final Duration STOP_GRACE = Duration.ofSeconds(3);

	private final Path file;

	X11OwnDisplayLock(Path file) {
		this.file = file;
	}

	/**
	 * One recorded process.
	 *
	 * @param pid its PID
	 * @param startTime its start time from {@code /proc/<pid>/stat}
	 * @param program the program's file name, e.g. {@code Xephyr}
	 * @param display the agent display it served, e.g. {@code :110}
	 */
	record Entry(long pid, long startTime, String program, String display) {

		String line() {
			return this.pid + " " + this.startTime + " " + this.program + " " + this.display;
		}

		static Optional<Entry> parse(String line) {
			String[] fields = line.trim().split("\\s+");
			if (fields.length != 4) {
				return Optional.empty();
			}
			try {
				return Optional
					.of(new Entry(Long.parseLong(fields[0]), Long.parseLong(fields[1]), fields[2], fields[3]));
			}
			catch (NumberFormatException ex) {
				return Optional.empty();
			}
		}

	}

	/**
	 * A process's start time, field 22 of {@code /proc/<pid>/stat}: counted after the
	 * command's closing parenthesis, since the command itself may hold spaces and
	 * parentheses.
	 */
	static Optional<Long> startTime(String stat) {
		int close = stat.lastIndexOf(')');
		if (close < 0) {
			return Optional.empty();
		}
		String[] fields = stat.substring(close + 1).trim().split("\\s+");
		// fields[0] is field 3 (state): field 22 is fields[19]
		if (fields.length < 20) {
			return Optional.empty();
		}
		try {
			return Optional.of(Long.parseLong(fields[19]));
		}
		catch (NumberFormatException ex) {
			return Optional.empty();
		}
	}

	/** The program's file name from {@code /proc/<pid>/cmdline} (NUL-separated). */
	static String program(byte[] cmdline) {
		String all = new String(cmdline, StandardCharsets.UTF_8);
		int end = all.indexOf('\0');
		String first = (end < 0) ? all : all.substring(0, end);
		return first.substring(first.lastIndexOf('/') + 1);
	}

	/** The running process's entry, or empty when {@code /proc} cannot tell. */
	static Optional<Entry> entryOf(ProcessHandle process, String display) {
		Path proc = Path.of("/proc", Long.toString(process.pid()));
		try {
			Optional<Long> start = startTime(Files.readString(proc.resolve("stat"), StandardCharsets.UTF_8));
			String program = program(Files.readAllBytes(proc.resolve("cmdline")));
			return start.map((time) -> new Entry(process.pid(), time, program, display));
		}
		catch (IOException ex) {
			return Optional.empty();
		}
	}

	/**
	 * Stops every process the file names that is still the one recorded, then deletes the
	 * file.
	 * @return how many were stopped
	 */
	int stopLeftovers() {
		if (!Files.exists(this.file)) {
			return 0;
		}
		List<String> lines;
		try {
			lines = Files.readAllLines(this.file, StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			logger.warn("cannot read {} ({}); an agent display a crashed Deskhand left may still run", this.file,
					ex.getMessage());
			return 0;
		}
		int stopped = 0;
		for (String line : lines) {
			Optional<Entry> entry = Entry.parse(line);
			if (entry.isEmpty()) {
				continue;
			}
			if (stopIfOurs(entry.get())) {
				stopped++;
			}
		}
		delete();
		return stopped;
	}

	private static boolean stopIfOurs(Entry recorded) {
		Optional<ProcessHandle> process = ProcessHandle.of(recorded.pid());
		if (process.isEmpty() || !process.get().isAlive()) {
			return false;
		}
		Optional<Entry> now = entryOf(process.get(), recorded.display());
		if (now.isEmpty() || !now.get().equals(recorded)) {
			logger.info("pid {} is no longer the {} of agent display {} a previous Deskhand started; leaving it",
					recorded.pid(), recorded.program(), recorded.display());
			return false;
		}
		logger.warn("stopping {} (pid {}) of agent display {}, left by a Deskhand that did not shut down",
				recorded.program(), recorded.pid(), recorded.display());
		ProcessHandle handle = process.get();
		handle.destroy();
		try {
			handle.onExit().get(STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (TimeoutException ex) {
			handle.destroyForcibly();
		}
		catch (ExecutionException ex) {
			logger.debug("waiting for pid {} failed", recorded.pid(), ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			handle.destroyForcibly();
		}
		return true;
	}

	/** Records the agent display's processes, replacing what the file held. */
	void write(X11ManagedDisplay display) {
		List<ProcessHandle> processes = new ArrayList<>();
		ProcessHandle.of(display.xvfbPid()).ifPresent(processes::add);
		display.openboxPid().flatMap(ProcessHandle::of).ifPresent(processes::add);
		StringBuilder text = new StringBuilder();
		for (ProcessHandle process : processes) {
			entryOf(process, display.displayName()).ifPresent((entry) -> text.append(entry.line()).append('\n'));
		}
		try {
			PrivateFiles.createParentDirectories(this.file);
			PrivateFiles.write(this.file, text.toString().getBytes(StandardCharsets.UTF_8));
		}
		catch (IOException ex) {
			logger.warn("cannot write {} ({}): if this server crashes, the next start cannot stop agent display {}",
					this.file, ex.getMessage(), display.displayName());
		}
	}

	void delete() {
		try {
			Files.deleteIfExists(this.file);
		}
		catch (IOException ex) {
			logger.warn("cannot delete {}: {}", this.file, ex.getMessage());
		}
	}

	Path file() {
		return this.file;
	}

}
