package dev.deskhand.audit;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.boot.actuate.audit.listener.AuditApplicationEvent;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.util.Assert;

import dev.deskhand.audit.AuditChainVerifier.Verification;
import dev.deskhand.audit.ChainedAuditFile.Entry;

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
 * first. I/O failures never reach the caller: they are logged (rate-limited), the record
 * is missing from the file, and the Spring event is still published.
 */
public class AuditTrail implements AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(AuditTrail.class);

	private static final long ERROR_LOG_INTERVAL_NANOS = Duration.ofMinutes(1).toNanos();

	private final Path file;

	private final ApplicationEventPublisher publisher;

	private final Clock clock;

	/** The chained file; {@code null} when the file is disabled. */
	private final ChainedAuditFile chain;

	// The fields below are guarded by the chain's lock.

	/** Records that failed to reach the file since the last successful append. */
	private long failures;

	private long lastErrorLogged;

	public AuditTrail(AuditProperties properties, ApplicationEventPublisher publisher, Clock clock) {
		this.file = properties.file().toAbsolutePath().normalize();
		this.publisher = publisher;
		this.clock = clock;
		if (properties.enabled()) {
			this.chain = new ChainedAuditFile(this.file, properties.syncInterval());
		}
		else {
			this.chain = null;
			logger.info("Audit file disabled (deskhand.audit.enabled=false); audit events go to "
					+ "/actuator/auditevents only");
		}
	}

	/**
	 * Records one audit event: appended to the audit file (when enabled) and published as
	 * a Spring Boot {@link AuditApplicationEvent}. Never throws on an I/O failure.
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
		Instant time = (this.chain != null) ? append(type, who, details) : this.clock.instant();
		// Same timestamp in the file and in /actuator/auditevents, so the two can be
		// matched.
		this.publisher.publishEvent(new AuditApplicationEvent(time, who, type, details));
	}

	/** The audit file, whether or not writing to it is enabled. */
	public Path file() {
		return this.file;
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

	private Instant append(String type, String principal, Map<String, Object> data) {
		this.chain.lock().lock();
		try {
			// Taken under the lock so that time never goes backwards as seq goes
			// forwards.
			Instant time = this.clock.instant();
			try {
				this.chain.append(List.of(new Entry(time, type, principal, data)));
				if (this.failures > 0) {
					logger.warn("Audit file {} is writable again; {} records before this one may be missing from it",
							this.file, this.failures);
					this.failures = 0;
				}
			}
			catch (IOException | RuntimeException ex) {
				failed(ex);
			}
			return time;
		}
		finally {
			this.chain.lock().unlock();
		}
	}

	private void failed(Exception ex) {
		this.failures++;
		long now = System.nanoTime();
		// The first failure of an outage always shows; then one line a minute, not one
		// per action.
		if (this.failures == 1 || now - this.lastErrorLogged >= ERROR_LOG_INTERVAL_NANOS) {
			this.lastErrorLogged = now;
			logger.error("Cannot append to audit file {} ({} records not written since the last success); audit "
					+ "events still reach /actuator/auditevents", this.file, this.failures, ex);
		}
	}

}
