package dev.deskhand.audit;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.boot.actuate.audit.listener.AuditApplicationEvent;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.util.Assert;

import dev.deskhand.audit.AuditChainVerifier.Verification;
import dev.deskhand.audit.ChainedAuditFile.Entry;
import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;

/**
 * The one place audit events are written. Each {@link #record record} becomes a Spring
 * Boot audit event (stored by Boot's {@code AuditListener} in the
 * {@code AuditEventRepository}, shown at {@code /actuator/auditevents}) and, when
 * {@code deskhand.audit.enabled}, one line appended to {@code deskhand.audit.file} before
 * {@code record} returns, and synced to disk within {@code deskhand.audit.sync-interval}
 * ({@link AuditSync}; at once when that is 0).
 *
 * <h2>File format</h2> One JSON object per line (UTF-8, {@code \n}-terminated, no
 * whitespace between tokens), fields in this order, shown here on two lines:
 *
 * <pre>
 * {"seq":1,"time":"2025-01-01T12:00:00.123Z","type":"input","principal":"alice",
 *  "data":{...},"prev":"000...000","hash":"9f2c...e1"}
 * </pre>
 *
 * {@code seq} starts at 1 and grows by one per record; {@code time} is ISO-8601 UTC;
 * {@code prev} is the previous record's {@code hash} (64 zeros for the first record);
 * {@code hash} is lowercase hex SHA-256.
 *
 * <h2>Hashing rule</h2> A record's {@code hash} is the SHA-256 of the exact bytes of its
 * line (without the newline) with the final {@code ,"hash":"<64 hex>"} removed, that is,
 * of the line's bytes up to {@code ,"hash":"} followed by the single byte <code>}</code>.
 * The hash field is always last and written with no whitespace, so a verifier needs no
 * JSON canonicalization: in Python,
 * {@code hashlib.sha256(line[:line.rindex(b',"hash":"')] + b'}').hexdigest()}.
 * {@link AuditChainVerifier} checks that, each {@code prev} link, and that {@code seq}
 * grows by one.
 *
 * <h2>Restarts, other writers, failures</h2> Before each append the file's size is
 * compared with the size this trail left; when they differ (start-up, another trail or
 * process wrote, a failed write), the last line is read again and the chain continues
 * from its {@code seq} and {@code hash}. A last line that is not an audit record (a torn
 * write, an edit) starts a new segment: the next record's {@code prev} is the SHA-256 of
 * that raw line and its {@code seq} is the file's line count plus one, so verification
 * reports the break at the bad line. A file whose last line lacks its newline gets one
 * first.
 *
 * <h2>When the file cannot be written</h2> A full disk, a read-only file system, lost
 * permissions: {@code record} still returns normally (what it records has happened) and
 * publishes the Spring event, but the trail is now <em>unwritable</em>: the record is
 * held in memory (up to {@value #MAX_HELD}; beyond that only counted),
 * {@link #requireWritable()} refuses input actions, and the {@code audit} health
 * component is DOWN. A failed append leaves nothing in the file (a partly written batch
 * is cut off again), so the chain stays valid. A {@code record}, a
 * {@code requireWritable} or a health check tries again, at most once every
 * {@code deskhand.audit.retry-interval}; the first write that succeeds appends the held
 * records in order (with their own times) and then an {@value #RESUMED} record saying
 * since when the file could not be written, why, and how many records were held and
 * dropped. A failed background sync makes the trail unwritable too, until a write
 * succeeds.
 * <p>
 * This class is the API the rest of Deskhand calls; {@link ChainedAuditFile} writes the
 * file.
 */
public class AuditTrail implements AutoCloseable {

	/** The type of the record that ends an outage. */
	static final String RESUMED = "audit-resumed";

	/** Records held in memory while the file cannot be written; more are dropped. */
	static final int MAX_HELD = 1000;

	private static final Logger logger = LoggerFactory.getLogger(AuditTrail.class);

	private static final long ERROR_LOG_INTERVAL_NANOS = Duration.ofMinutes(1).toNanos();

	private static final int MAX_REASON_LENGTH = 120;

	private final Path file;

	private final ApplicationEventPublisher publisher;

	private final Clock clock;

	private final Duration retryInterval;

	/** The chained file; {@code null} when the file is disabled. */
	private final ChainedAuditFile chain;

	/**
	 * Why the file cannot be written; {@code null} while it can. Volatile so that
	 * {@link #requireWritable()} costs one read on the happy path.
	 */
	private volatile Outage outage;

	/** When a write last failed. */
	private volatile long lastRetryNanos;

	// The fields below are guarded by the chain's lock.

	/** Records not yet in the file, oldest first. */
	private final List<Entry> held = new ArrayList<>();

	/** Records neither in the file nor held, since the last successful append. */
	private long dropped;

	/** Appends that failed in this outage. */
	private long failures;

	private long lastErrorLogged;

	private final List<Listener> listeners = new CopyOnWriteArrayList<>();

	public AuditTrail(AuditProperties properties, ApplicationEventPublisher publisher, Clock clock) {
		this.file = properties.file().toAbsolutePath().normalize();
		this.publisher = publisher;
		this.clock = clock;
		this.retryInterval = properties.retryInterval();
		if (properties.enabled()) {
			this.chain = new ChainedAuditFile(this.file, properties.syncInterval(), this::syncFailed);
			probe();
		}
		else {
			this.chain = null;
			logger.info("Audit file disabled (deskhand.audit.enabled=false); audit events go to "
					+ "/actuator/auditevents only");
		}
	}

	/**
	 * Records one audit event: appended to the audit file (when enabled) and published as
	 * a Spring Boot {@link AuditApplicationEvent}. Never throws on an I/O failure: the
	 * record is held and the trail becomes unwritable (see the class comment), which
	 * {@link #requireWritable()} then reports.
	 * @param type the event type, for example {@code approval-granted} or {@code input}
	 * @param principal who caused it; {@code null} becomes ""
	 * @param data details; redact typed or clipboard text with
	 * {@link Redaction#of(String)} first
	 */
	public void record(String type, String principal, Map<String, Object> data) {
		Assert.hasText(type, "'type' must not be empty");
		String who = (principal != null) ? principal : "";
		Map<String, Object> details = (data != null) ? Collections.unmodifiableMap(new LinkedHashMap<>(data))
				: Map.of();
		if (this.chain == null) {
			Entry entry = new Entry(this.clock.instant(), type, who, details);
			publish(entry);
			notifyListeners(null, entry);
			return;
		}
		Entry entry;
		Entry resumed;
		AuditRecordId id = null;
		this.chain.lock().lock();
		try {
			// Taken under the lock so that time never goes backwards as seq goes
			// forwards.
			entry = new Entry(this.clock.instant(), type, who, details);
			if (this.outage == null || retryDue()) {
				Flushed flushed = flush(entry);
				resumed = flushed.resumed();
				id = flushed.entry();
			}
			else {
				hold(entry);
				resumed = null;
			}
		}
		finally {
			this.chain.lock().unlock();
		}
		// Same timestamp in the file and in /actuator/auditevents, so the two can be
		// matched.
		publish(entry);
		if (resumed != null) {
			publish(resumed);
		}
		notifyListeners(id, entry);
	}

	/**
	 * Tells {@code listener} of every record from now on, on the thread that records it.
	 */
	public void addListener(Listener listener) {
		this.listeners.add(listener);
	}

	/**
	 * Returns at once while the audit file can be written (or is disabled); call it
	 * before every input action. While it cannot, tries to write again at most every
	 * {@code deskhand.audit.retry-interval}, without waiting for a write in progress.
	 * @throws DeskhandException {@code E_FAIL} while the audit file cannot be written
	 */
	public void requireWritable() {
		if (this.outage == null) {
			return;
		}
		retryIfDue();
		Outage current = this.outage;
		if (current != null) {
			throw new DeskhandException(ErrorCode.E_FAIL,
					"input is refused: the audit trail cannot be written (" + current.reason()
							+ "); an operator must free space on its disk or fix its permissions "
							+ "(see the audit component of /actuator/health); input resumes by itself once a write "
							+ "succeeds. Observation (screenshot, zoom, list_windows, cursor_position) still works.");
		}
	}

	/** The audit file, whether or not writing to it is enabled. */
	public Path file() {
		return this.file;
	}

	/** Whether writing the file is enabled ({@code deskhand.audit.enabled}). */
	boolean enabled() {
		return this.chain != null;
	}

	/**
	 * Why the file cannot be written, after a retry if one is due; {@code null} while it
	 * can.
	 */
	Outage outage() {
		if (this.outage != null) {
			retryIfDue();
		}
		return this.outage;
	}

	/**
	 * Verifies the file up to its size between two appends, so a record being written
	 * right now is not mistaken for a torn line.
	 */
	Verification verify() {
		return (this.chain != null) ? this.chain.verify() : AuditChainVerifier.verify(this.file);
	}

	/** Syncs records not yet on the disk. */
	@Override
	public void close() {
		if (this.chain != null) {
			this.chain.close();
		}
	}

	/** fsyncs done off the callers' path; for tests. */
	long backgroundSyncs() {
		return (this.chain != null) ? this.chain.backgroundSyncs() : 0;
	}

	// Input is refused from the start when the file cannot even be opened.
	private void probe() {
		this.chain.lock().lock();
		try {
			this.chain.probe();
		}
		catch (IOException | RuntimeException ex) {
			failed(null, ex);
		}
		finally {
			this.chain.lock().unlock();
		}
	}

	/*
	 * Each try writes every held record, so tries are spaced out: a burst of records into
	 * a full disk must not cost a thousand serializations each.
	 */
	private boolean retryDue() {
		return System.nanoTime() - this.lastRetryNanos >= this.retryInterval.toNanos();
	}

	private void retryIfDue() {
		if (!retryDue()) {
			return;
		}
		// Never wait behind a write that is itself stuck: the caller gets the state as it
		// is.
		if (this.chain == null || !this.chain.lock().tryLock()) {
			return;
		}
		Entry resumed;
		try {
			if (this.outage == null) {
				return;
			}
			resumed = flush(null).resumed();
		}
		finally {
			this.chain.lock().unlock();
		}
		if (resumed != null) {
			publish(resumed);
		}
	}

	private void hold(Entry entry) {
		if (this.held.size() < MAX_HELD) {
			this.held.add(entry);
		}
		else {
			this.dropped++;
		}
		Outage current = this.outage;
		if (current != null) {
			this.outage = new Outage(current.since(), current.reason(), this.held.size(), this.dropped);
		}
	}

	/**
	 * Appends the held records, then {@code entry}, and after an outage the record that
	 * ends it; holds {@code entry} when that fails.
	 * @param entry a new record, or {@code null}
	 * @return the record that ended an outage, to publish, or {@code null}; and
	 * {@code entry}'s place in the chain, {@code null} when it is held
	 */
	private Flushed flush(Entry entry) {
		Outage was = this.outage;
		List<Entry> batch = new ArrayList<>(this.held);
		if (entry != null) {
			batch.add(entry);
		}
		Entry resumed = null;
		if (was != null) {
			resumed = resumed(was);
			batch.add(resumed);
		}
		int heldCount = this.held.size();
		List<AuditRecordId> ids;
		try {
			ids = this.chain.append(batch);
		}
		catch (IOException | RuntimeException ex) {
			if (entry != null) {
				hold(entry);
			}
			failed(was, ex);
			return new Flushed(null, null);
		}
		this.held.clear();
		this.dropped = 0;
		this.failures = 0;
		if (was != null) {
			this.outage = null;
			logger.warn("Audit file {} is writable again; input is accepted again. {} records held since {} are in "
					+ "it now, {} were dropped", this.file, was.held(), was.since(), was.dropped());
		}
		return new Flushed(resumed, (entry != null) ? ids.get(heldCount) : null);
	}

	private void notifyListeners(AuditRecordId id, Entry entry) {
		for (Listener listener : this.listeners) {
			try {
				listener.recorded(id, entry.type(), entry.data());
			}
			catch (RuntimeException ex) {
				// A listener never stops what was recorded from happening.
				logger.warn("Audit listener {} failed", listener, ex);
			}
		}
	}

	private Entry resumed(Outage outage) {
		Map<String, Object> data = new LinkedHashMap<>();
		data.put("unwritableSince", outage.since().toString());
		data.put("reason", outage.reason());
		data.put("heldRecords", this.held.size());
		data.put("droppedRecords", this.dropped);
		return new Entry(this.clock.instant(), RESUMED, "", Collections.unmodifiableMap(data));
	}

	private void failed(Outage was, Exception ex) {
		this.failures++;
		this.lastRetryNanos = System.nanoTime();
		Instant since = (was != null) ? was.since() : this.clock.instant();
		this.outage = new Outage(since, reason(ex), this.held.size(), this.dropped);
		long now = System.nanoTime();
		// The first failure of an outage always shows; then one line a minute, not one
		// per action.
		if (this.failures == 1 || now - this.lastErrorLogged >= ERROR_LOG_INTERVAL_NANOS) {
			this.lastErrorLogged = now;
			logger.error(
					"Cannot append to audit file {}: input is refused until a write succeeds. {} records held "
							+ "in memory, {} dropped; audit events still reach /actuator/auditevents",
					this.file, this.held.size(), this.dropped, ex);
		}
	}

	/*
	 * Records appended since the last sync are in the file but may not be on the disk:
	 * nothing to hold again, but the disk is failing, so input stops until a write (and
	 * the sync after it) succeeds. Called on the sync thread.
	 */
	private void syncFailed(IOException ex) {
		this.chain.lock().lock();
		try {
			Outage was = this.outage;
			Instant since = (was != null) ? was.since() : this.clock.instant();
			this.outage = new Outage(since, "cannot sync to disk: " + reason(ex), this.held.size(), this.dropped);
		}
		finally {
			this.chain.lock().unlock();
		}
	}

	/**
	 * Short and without paths: the agent reads it in its error, anyone in health.
	 */
	private static String reason(Exception ex) {
		String reason;
		if (ex instanceof FileSystemException fileSystem && fileSystem.getReason() != null) {
			reason = fileSystem.getReason();
		}
		else if (ex instanceof AccessDeniedException) {
			reason = "permission denied";
		}
		else if (ex instanceof NoSuchFileException) {
			reason = "no such file or directory";
		}
		else if (ex instanceof FileAlreadyExistsException) {
			reason = "a file is in the way";
		}
		else if (ex instanceof FileSystemException) {
			reason = ex.getClass().getSimpleName();
		}
		else if (ex instanceof IOException && ex.getMessage() != null) {
			reason = ex.getMessage();
		}
		else {
			reason = ex.getClass().getSimpleName();
		}
		return (reason.length() > MAX_REASON_LENGTH) ? reason.substring(0, MAX_REASON_LENGTH) + "…" : reason;
	}

	private void publish(Entry entry) {
		this.publisher
			.publishEvent(new AuditApplicationEvent(entry.time(), entry.principal(), entry.type(), entry.data()));
	}

	/**
	 * Why the audit file cannot be written.
	 *
	 * @param since when the outage began
	 * @param reason the last failure, short and without paths
	 * @param held records held in memory, written once the file takes them
	 * @param dropped records beyond {@link #MAX_HELD}, only in
	 * {@code /actuator/auditevents}
	 */
	record Outage(Instant since, String reason, int held, long dropped) {

	}

	private record Flushed(Entry resumed, AuditRecordId entry) {

	}

	/** Hears of each record as it is written; see {@link #addListener}. */
	@FunctionalInterface
	public interface Listener {

		/**
		 * @param id where the record is in the file; {@code null} when the file is
		 * disabled or the record is held in memory during an outage
		 * @param type its type
		 * @param data its details (typed text already redacted)
		 */
		void recorded(AuditRecordId id, String type, Map<String, Object> data);

	}

}
