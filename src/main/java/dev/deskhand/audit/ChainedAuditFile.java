package dev.deskhand.audit;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

import dev.deskhand.audit.AuditChainVerifier.Verification;
import dev.deskhand.files.PrivateFiles;

/**
 * The hash-chained audit file: appends records as lines in the format and with the
 * hashing rule documented on {@link AuditTrail}, continuing the chain from whatever the
 * file ends with. Knows nothing of Spring events; {@link AuditTrail} decides what to do
 * when an append fails.
 */
final class ChainedAuditFile implements AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(ChainedAuditFile.class);

	/*
	 * One lock per audit file for the whole JVM, not per instance: seq, prev and the
	 * bytes in the file must advance together, and two trails on one file (cached test
	 * contexts, a second bean) would otherwise fork the chain. The OS file lock taken
	 * inside it covers other processes; it cannot cover threads, as a second lock from
	 * this JVM throws instead of waiting.
	 */
	private static final ConcurrentMap<Path, ReentrantLock> FILE_LOCKS = new ConcurrentHashMap<>();

	private static final Set<OpenOption> OPEN_OPTIONS = Set.of(StandardOpenOption.READ, StandardOpenOption.WRITE,
			StandardOpenOption.CREATE);

	// Deskhand's own mapper, not Boot's: spring.jackson.* (indentation, say) must not
	// change the file format. Failing on property-less objects sends them to the
	// toString() fallback instead of recording {}.
	private static final JsonMapper JSON = JsonMapper.builder()
		.enable(SerializationFeature.FAIL_ON_EMPTY_BEANS)
		.build();

	private final Path file;

	private final ReentrantLock lock;

	/**
	 * Syncs the file off the caller's path; {@code null} when each append syncs itself.
	 */
	private final AuditSync sync;

	// The fields below are guarded by lock.

	/** The file's size after the last append; -1 when it must be read again. */
	private long end = -1;

	private Tail tail;

	private boolean fileLockUnsupported;

	/**
	 * The bytes a failed append left and could not remove at once; {@code null} when
	 * none.
	 */
	private TornAppend torn;

	/**
	 * Opens nothing yet: reads the end of an existing file to log where the chain goes
	 * on.
	 * @param file the audit file, absolute and normalized
	 * @param syncInterval how soon appended records are synced; 0 for at once
	 * @param syncFailed told when a background sync fails: records already appended may
	 * not be on the disk
	 */
	ChainedAuditFile(Path file, Duration syncInterval, Consumer<IOException> syncFailed) {
		this.file = file;
		this.lock = FILE_LOCKS.computeIfAbsent(file, (path) -> new ReentrantLock());
		this.sync = syncInterval.isZero() ? null : new AuditSync(file, syncInterval, syncFailed);
		start();
	}

	Path path() {
		return this.file;
	}

	/**
	 * The JVM-wide lock of this file. {@link #append} must be called holding it, so that
	 * a caller can take a record's time and append it as one step.
	 */
	ReentrantLock lock() {
		return this.lock;
	}

	/**
	 * Appends the entries as consecutive records, continuing the chain: all of them or,
	 * when it throws, none (bytes a failed write left are cut off again).
	 * @param entries what to append, in order
	 * @return each entry's seq and hash, in order
	 * @throws IOException when the file cannot be written
	 */
	List<AuditRecordId> append(List<Entry> entries) throws IOException {
		assertLocked();
		long knownEnd = this.end;
		this.end = -1;
		List<AuditRecordId> ids;
		createParentDirectories();
		try (FileChannel channel = PrivateFiles.open(this.file, OPEN_OPTIONS); FileLock fileLock = lockFile(channel)) {
			long size = cutTornAppend(channel);
			Tail last = (size == knownEnd && this.tail != null) ? this.tail : readTail(channel, size);
			Tail next = last;
			ids = new ArrayList<>(entries.size());
			ByteArrayOutputStream bytes = new ByteArrayOutputStream();
			for (Entry entry : entries) {
				if (next.needsNewline()) {
					bytes.write('\n');
				}
				byte[] body = serialize(next.seq() + 1, entry, next.hash()).getBytes(StandardCharsets.UTF_8);
				String hash = ChainLine.sha256Hex(body);
				bytes.write(body, 0, body.length - 1);
				bytes.writeBytes((ChainLine.HASH_FIELD + hash + "\"}\n").getBytes(StandardCharsets.US_ASCII));
				next = new Tail(next.seq() + 1, hash, false);
				ids.add(new AuditRecordId(next.seq(), hash));
			}
			ByteBuffer lines = ByteBuffer.wrap(bytes.toByteArray());
			long position = size;
			try {
				while (lines.hasRemaining()) {
					position += channel.write(lines, position);
				}
				if (this.sync == null) {
					channel.force(false);
				}
			}
			catch (IOException | RuntimeException ex) {
				cutBack(channel, size, position, ex);
				throw ex;
			}
			this.tail = next;
			this.end = position;
		}
		if (this.sync != null) {
			this.sync.appended();
		}
		return ids;
	}

	/**
	 * Opens the file for writing, creating it (and its directory) when missing, and
	 * writes nothing: finds a read-only file system or missing permissions before the
	 * first record, not a full disk.
	 * @throws IOException when the file cannot be opened for writing
	 */
	void probe() throws IOException {
		assertLocked();
		createParentDirectories();
		PrivateFiles.open(this.file, OPEN_OPTIONS).close();
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

	/** fsyncs done off the callers' path; for tests. */
	long backgroundSyncs() {
		return (this.sync != null) ? this.sync.syncs() : 0;
	}

	/** Syncs records not yet on the disk. */
	@Override
	public void close() {
		if (this.sync != null) {
			this.sync.close();
		}
	}

	private void start() {
		this.lock.lock();
		try {
			if (!Files.exists(this.file)) {
				logger.info("Audit file {} starts a new chain", this.file);
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

	/*
	 * A full disk takes part of a batch: a short write, then ENOSPC. Those bytes would
	 * end the file in a torn line, and the records they half hold are written again when
	 * the disk has room, so they are cut off here. Shrinking a file needs no free space;
	 * should it fail anyway, the next append tries again.
	 */
	private void cutBack(FileChannel channel, long goodEnd, long writtenEnd, Exception cause) {
		if (writtenEnd == goodEnd) {
			return;
		}
		try {
			channel.truncate(goodEnd);
		}
		catch (IOException | RuntimeException ex) {
			this.torn = new TornAppend(goodEnd, writtenEnd);
			cause.addSuppressed(ex);
		}
	}

	/**
	 * The file's size, once the bytes of an earlier failed append are cut off. Only while
	 * the file ends where that append stopped: if it grew since, another writer continued
	 * after those bytes and they are its chain's business now.
	 */
	private long cutTornAppend(FileChannel channel) throws IOException {
		long size = channel.size();
		TornAppend left = this.torn;
		this.torn = null;
		if (left != null && size == left.writtenEnd()) {
			channel.truncate(left.goodEnd());
			logger.info("Removed {} bytes of a failed append from audit file {}", size - left.goodEnd(), this.file);
			return left.goodEnd();
		}
		return size;
	}

	private void assertLocked() {
		if (!this.lock.isHeldByCurrentThread()) {
			throw new IllegalStateException("append without holding the audit file's lock");
		}
	}

	private String serialize(long seq, Entry entry, String prev) {
		Map<String, Object> record = new LinkedHashMap<>();
		record.put("seq", seq);
		record.put("time", entry.time().toString());
		record.put("type", entry.type());
		record.put("principal", entry.principal());
		record.put("data", entry.data());
		record.put("prev", prev);
		try {
			return JSON.writeValueAsString(record);
		}
		catch (JacksonException ex) {
			// A value Jackson cannot write must not cost the record: keep what toString()
			// says.
			logger.warn("Audit record {} has data Jackson cannot serialize ({}); writing its values as strings",
					entry.type(), ex.getOriginalMessage());
			Map<String, Object> strings = new LinkedHashMap<>();
			entry.data().forEach((key, value) -> strings.put(key, String.valueOf(value)));
			record.put("data", strings);
			return JSON.writeValueAsString(record);
		}
	}

	/**
	 * Reads the chain's state from the file's last line; see {@link AuditTrail} for bad
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

	// The file names principals and what they did: readable by its owner only, where the
	// OS can say so.
	private void createParentDirectories() throws IOException {
		PrivateFiles.createParentDirectories(this.file);
	}

	/**
	 * One record before it has a place in the chain.
	 *
	 * @param time when it happened
	 * @param type the event type
	 * @param principal who caused it, never null
	 * @param data unmodifiable details
	 */
	record Entry(Instant time, String type, String principal, Map<String, Object> data) {

	}

	/**
	 * Part of a failed append still in the file.
	 *
	 * @param goodEnd the file's size before that append
	 * @param writtenEnd where its bytes stopped
	 */
	private record TornAppend(long goodEnd, long writtenEnd) {

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
