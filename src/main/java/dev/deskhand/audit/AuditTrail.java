package dev.deskhand.audit;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.locks.ReentrantLock;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.boot.actuate.audit.listener.AuditApplicationEvent;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.util.Assert;

import dev.deskhand.audit.AuditChainVerifier.Verification;

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

	/*
	 * One lock per audit file for the whole JVM, not per instance: seq, prev and the
	 * bytes in the file must advance together, and two trails on one file (cached test
	 * contexts, a second bean) would otherwise fork the chain. The OS file lock taken
	 * inside it covers other processes; it cannot cover threads, as a second lock from
	 * this JVM throws instead of waiting.
	 */
	private static final ConcurrentMap<Path, ReentrantLock> FILE_LOCKS = new ConcurrentHashMap<>();

	private static final long ERROR_LOG_INTERVAL_NANOS = Duration.ofMinutes(1).toNanos();

	private static final Set<OpenOption> OPEN_OPTIONS = Set.of(StandardOpenOption.READ, StandardOpenOption.WRITE,
			StandardOpenOption.CREATE);

	// Deskhand's own mapper, not Boot's: spring.jackson.* (indentation, say) must not
	// change the
	// file format. Failing on property-less objects sends them to the toString() fallback
	// instead
	// of recording {}.
	private static final JsonMapper JSON = JsonMapper.builder()
		.enable(SerializationFeature.FAIL_ON_EMPTY_BEANS)
		.build();

	private final boolean enabled;

	private final Path file;

	private final ApplicationEventPublisher publisher;

	private final Clock clock;

	private final ReentrantLock lock;

	/**
	 * Syncs the file off the caller's path; {@code null} when each append syncs itself.
	 */
	private final AuditSync sync;

	// The fields below are guarded by lock.

	/** The file's size after this trail's last append; -1 when it must be read again. */
	private long end = -1;

	private Tail tail;

	/** Records that failed to reach the file since the last successful append. */
	private long failures;

	private long lastErrorLogged;

	private boolean fileLockUnsupported;

	public AuditTrail(AuditProperties properties, ApplicationEventPublisher publisher, Clock clock) {
		this.enabled = properties.enabled();
		this.file = properties.file().toAbsolutePath().normalize();
		this.publisher = publisher;
		this.clock = clock;
		this.lock = FILE_LOCKS.computeIfAbsent(this.file, (path) -> new ReentrantLock());
		this.sync = (this.enabled && !properties.syncInterval().isZero())
				? new AuditSync(this.file, properties.syncInterval()) : null;
		if (this.enabled) {
			start();
		}
		else {
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
		Instant time = this.enabled ? append(type, who, details) : this.clock.instant();
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
		long size;
		this.lock.lock();
		try {
			size = Files.size(this.file);
		}
		catch (IOException ex) {
			// Missing or unreadable: the verifier says which.
			size = Long.MAX_VALUE;
		}
		finally {
			this.lock.unlock();
		}
		return AuditChainVerifier.verify(this.file, size);
	}

	private void start() {
		this.lock.lock();
		try {
			if (!Files.exists(this.file)) {
				logger.info("Audit file {} will be created with the first record", this.file);
				return;
			}
			try (FileChannel channel = FileChannel.open(this.file, StandardOpenOption.READ)) {
				long size = channel.size();
				this.tail = readTail(channel, size);
				this.end = size;
				logger.info("Audit file {} continues at seq {}", this.file, this.tail.seq() + 1);
			}
		}
		catch (IOException | RuntimeException ex) {
			// Not fatal: every append reads the file's end again until one succeeds.
			logger.warn("Cannot read the end of audit file {}; will try again with the first record", this.file, ex);
		}
		finally {
			this.lock.unlock();
		}
	}

	private Instant append(String type, String principal, Map<String, Object> data) {
		this.lock.lock();
		try {
			// Taken under the lock so that time never goes backwards as seq goes
			// forwards.
			Instant time = this.clock.instant();
			try {
				write(time, type, principal, data);
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
			this.lock.unlock();
		}
	}

	private void write(Instant time, String type, String principal, Map<String, Object> data) throws IOException {
		long knownEnd = this.end;
		this.end = -1;
		createParentDirectories();
		try (FileChannel channel = FileChannel.open(this.file, OPEN_OPTIONS, ownerOnly("rw-------"));
				FileLock fileLock = lockFile(channel)) {
			long size = channel.size();
			Tail last = (size == knownEnd && this.tail != null) ? this.tail : readTail(channel, size);
			long seq = last.seq() + 1;
			byte[] body = serialize(seq, time, type, principal, data, last.hash()).getBytes(StandardCharsets.UTF_8);
			String hash = ChainLine.sha256Hex(body);
			byte[] hashField = (ChainLine.HASH_FIELD + hash + "\"}\n").getBytes(StandardCharsets.US_ASCII);
			ByteBuffer line = ByteBuffer.allocate(1 + body.length - 1 + hashField.length);
			if (last.needsNewline()) {
				line.put((byte) '\n');
			}
			line.put(body, 0, body.length - 1).put(hashField).flip();
			long position = size;
			while (line.hasRemaining()) {
				position += channel.write(line, position);
			}
			if (this.sync == null) {
				channel.force(false);
			}
			this.tail = new Tail(seq, hash, false);
			this.end = position;
		}
		if (this.sync != null) {
			this.sync.appended();
		}
	}

	/** Syncs records not yet on the disk. */
	@Override
	public void close() {
		if (this.sync != null) {
			this.sync.close();
		}
	}

	/** fsyncs done off the callers' path; for tests. */
	long backgroundSyncs() {
		return (this.sync != null) ? this.sync.syncs() : 0;
	}

	private String serialize(long seq, Instant time, String type, String principal, Map<String, Object> data,
			String prev) {
		Map<String, Object> record = new LinkedHashMap<>();
		record.put("seq", seq);
		record.put("time", time.toString());
		record.put("type", type);
		record.put("principal", principal);
		record.put("data", data);
		record.put("prev", prev);
		try {
			return JSON.writeValueAsString(record);
		}
		catch (JacksonException ex) {
			// A value Jackson cannot write must not cost the record: keep what toString()
			// says.
			logger.warn("Audit record {} has data Jackson cannot serialize ({}); writing its values as strings", type,
					ex.getOriginalMessage());
			Map<String, Object> strings = new LinkedHashMap<>();
			data.forEach((key, value) -> strings.put(key, String.valueOf(value)));
			record.put("data", strings);
			return JSON.writeValueAsString(record);
		}
	}

	/**
	 * Reads the chain's state from the file's last line; see the class comment for bad
	 * lines.
	 */
	private Tail readTail(FileChannel channel, long size) throws IOException {
		if (size == 0) {
			return new Tail(0, ChainLine.GENESIS, false);
		}
		boolean needsNewline = read(channel, size - 1, 1)[0] != '\n';
		long lineEnd = needsNewline ? size : size - 1;
		long lineStart = lineStart(channel, lineEnd);
		byte[] line = read(channel, lineStart, Math.toIntExact(lineEnd - lineStart));
		try {
			ChainLine.Parsed parsed = ChainLine.parse(line);
			return new Tail(parsed.seq(), parsed.hash(), needsNewline);
		}
		catch (ChainLine.BadLine ex) {
			long lines = countLines(channel, size);
			logger.warn(
					"The last line ({}) of audit file {} is not an audit record ({}); starting a new chain "
							+ "segment at seq {} whose prev is the SHA-256 of that line",
					lines, this.file, ex.getMessage(), lines + 1);
			return new Tail(lines, ChainLine.sha256Hex(line), needsNewline);
		}
	}

	private static long lineStart(FileChannel channel, long lineEnd) throws IOException {
		long position = lineEnd;
		while (position > 0) {
			int length = (int) Math.min(8192, position);
			position -= length;
			byte[] chunk = read(channel, position, length);
			for (int i = length - 1; i >= 0; i--) {
				if (chunk[i] == '\n') {
					return position + i + 1;
				}
			}
		}
		return 0;
	}

	private static long countLines(FileChannel channel, long size) throws IOException {
		long lines = 0;
		ByteBuffer buffer = ByteBuffer.allocate(65536);
		long position = 0;
		byte last = '\n';
		while (position < size) {
			buffer.clear();
			int read = channel.read(buffer, position);
			if (read < 0) {
				break;
			}
			for (int i = 0; i < read; i++) {
				if (buffer.get(i) == '\n') {
					lines++;
				}
			}
			last = buffer.get(read - 1);
			position += read;
		}
		return (last != '\n') ? lines + 1 : lines;
	}

	private static byte[] read(FileChannel channel, long position, int length) throws IOException {
		ByteBuffer buffer = ByteBuffer.allocate(length);
		while (buffer.hasRemaining()) {
			if (channel.read(buffer, position + buffer.position()) < 0) {
				throw new IOException("file shrank while reading its last line");
			}
		}
		return buffer.array();
	}

	private FileLock lockFile(FileChannel channel) throws IOException {
		if (this.fileLockUnsupported) {
			return null;
		}
		try {
			return channel.lock();
		}
		catch (IOException ex) {
			// Some file systems (NFS without lockd) refuse locks: better an unlocked
			// append than none.
			this.fileLockUnsupported = true;
			logger.warn("Cannot lock audit file {} ({}); appending without a lock, so only one Deskhand process "
					+ "should write to it", this.file, ex.getMessage());
			return null;
		}
	}

	private void createParentDirectories() throws IOException {
		Path parent = this.file.getParent();
		if (parent != null && !Files.isDirectory(parent)) {
			Files.createDirectories(parent, ownerOnly("rwx------"));
		}
	}

	// The file names principals and what they did: readable by its owner only, where the
	// OS can say so.
	private FileAttribute<?>[] ownerOnly(String permissions) {
		if (!this.file.getFileSystem().supportedFileAttributeViews().contains("posix")) {
			return new FileAttribute<?>[0];
		}
		return new FileAttribute<?>[] {
				PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString(permissions)) };
	}

	private void failed(Exception ex) {
		this.end = -1;
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

	/**
	 * Where the chain stands at the end of the file.
	 *
	 * @param seq the last record's seq (0 for an empty file)
	 * @param hash what the next record's prev must be
	 * @param needsNewline whether the file ends in a torn line without its newline
	 */
	private record Tail(long seq, String hash, boolean needsNewline) {

	}

}
