package dev.deskhand.audit;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Gets appended audit records onto the disk (fsync) off the tool call's path. A record is
 * in the operating system's page cache when {@link AuditTrail#record} returns, so a crash
 * of Deskhand cannot lose it; it is on the disk within the sync interval, after which a
 * power loss cannot either. One fsync covers every record appended since the last, so a
 * burst of input actions costs one, where a sync per record put an fsync on every input
 * call (docs/performance.md).
 */
final class AuditSync implements AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(AuditSync.class);

	private final Path file;

	private final Duration interval;

	private final ScheduledExecutorService timer;

	/** Whether a sync is scheduled that will cover records appended from now on. */
	private final AtomicBoolean scheduled = new AtomicBoolean();

	private final AtomicLong syncs = new AtomicLong();

	private final Consumer<IOException> failed;

	AuditSync(Path file, Duration interval, Consumer<IOException> failed) {
		this.file = file;
		this.interval = interval;
		this.failed = failed;
		this.timer = Executors.newSingleThreadScheduledExecutor((runnable) -> {
			Thread thread = new Thread(runnable, "deskhand-audit-sync");
			thread.setDaemon(true);
			return thread;
		});
	}

	/** A record was appended: sync within the interval. */
	void appended() {
		if (this.scheduled.compareAndSet(false, true)) {
			try {
				this.timer.schedule(this::sync, this.interval.toNanos(), TimeUnit.NANOSECONDS);
			}
			catch (RuntimeException ex) {
				// shut down: close() syncs what is pending
				this.scheduled.set(false);
			}
		}
	}

	/** fsyncs done; for tests. */
	long syncs() {
		return this.syncs.get();
	}

	private void sync() {
		// cleared first: a record appended while the fsync runs schedules the next one
		this.scheduled.set(false);
		// fsync works on any descriptor of the file and flushes all of its dirty pages
		try (FileChannel channel = FileChannel.open(this.file, StandardOpenOption.READ)) {
			channel.force(false);
			this.syncs.incrementAndGet();
		}
		catch (NoSuchFileException ex) {
			logger.warn("Audit file {} vanished before its records were synced to disk", this.file);
		}
		catch (IOException ex) {
			logger.warn("Cannot sync audit file {} to disk", this.file, ex);
			this.failed.accept(ex);
		}
	}

	/** Syncs what is pending now and stops. */
	@Override
	public void close() {
		this.timer.shutdownNow();
		if (this.scheduled.getAndSet(false)) {
			sync();
		}
	}

}
