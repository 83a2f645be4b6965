package dev.deskhand.trajectory;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.stream.ImageInputStream;
import javax.imageio.stream.MemoryCacheImageInputStream;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

import dev.deskhand.files.PrivateFiles;

/**
 * The files of the session record, under {@code deskhand.trajectory.dir}: one directory
 * per agent session holding {@code session.json} (who), {@code steps.jsonl} (one line per
 * tool call) and {@code images/<sha256>.png|jpg} (each image once, named by its SHA-256).
 * All sessions together stay under {@code max-bytes}, and none whose last step is older
 * than {@code max-age} is kept: the oldest go first. Writes happen on the recorder's
 * writer thread; a failed write (a full disk) is remembered for health and never thrown.
 */
public final class TrajectoryStore {

	private static final Logger logger = LoggerFactory.getLogger(TrajectoryStore.class);

	static final String STEPS = "steps.jsonl";

	static final String SESSION = "session.json";

	static final String IMAGES = "images";

	static final String AUDIT = "audit.jsonl";

	private static final Pattern SESSION_ID = Pattern.compile("[0-9]{8}T[0-9]{6}Z-[0-9a-f]{12}");

	private static final Pattern IMAGE_NAME = Pattern.compile("[0-9a-f]{64}\\.(png|jpg)");

	private static final DateTimeFormatter STARTED = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'")
		.withZone(ZoneOffset.UTC);

	static final JsonMapper JSON = JsonMapper.builder().build();

	private final Path root;

	private final long maxBytes;

	private final Duration maxAge;

	private final Clock clock;

	/**
	 * Session handle → its directory and step count; guarded by this store (one writer).
	 */
	private final Map<String, SessionFiles> open = new ConcurrentHashMap<>();

	private long totalBytes = -1;

	private volatile Failure failure;

	TrajectoryStore(Path root, long maxBytes, Duration maxAge, Clock clock) {
		this.root = root.toAbsolutePath().normalize();
		this.maxBytes = maxBytes;
		this.maxAge = maxAge;
		this.clock = clock;
	}

	/** Why the last write failed, or {@code null} when it succeeded. */
	Failure failure() {
		return this.failure;
	}

	Path root() {
		return this.root;
	}

	/** Appends one step, writing its images first; then evicts what is over the caps. */
	synchronized void append(String session, String principal, String client, Map<String, Object> step,
			SentImage before, SentImage after, List<SentImage> sent) {
		try {
			SessionFiles files = files(session, principal, client);
			Map<String, Object> line = new LinkedHashMap<>();
			line.put("n", ++files.steps);
			line.putAll(step);
			line.put("before", (before != null) ? writeImage(files.dir, before) : null);
			line.put("after", (after != null) ? writeImage(files.dir, after) : null);
			List<Object> sentRefs = new ArrayList<>();
			for (SentImage image : sent) {
				sentRefs.add(writeImage(files.dir, image));
			}
			line.put("sent", sentRefs);
			byte[] bytes = (JSON.writeValueAsString(line) + "\n").getBytes(StandardCharsets.UTF_8);
			PrivateFiles.write(files.dir.resolve(STEPS), bytes, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
			grow(bytes.length);
			this.failure = null;
			evict(files.dir);
		}
		catch (IOException | UncheckedIOException ex) {
			failed(ex);
		}
	}

	/** Every recorded session, newest first. */
	public List<Map<String, Object>> sessions() {
		List<Map<String, Object>> sessions = new ArrayList<>();
		for (Path dir : sessionDirs()) {
			Map<String, Object> summary = new LinkedHashMap<>(readSession(dir));
			summary.put("id", dir.getFileName().toString());
			summary.put("steps", countLines(dir.resolve(STEPS)));
			summary.put("bytes", sizeOf(dir));
			summary.put("last_step", lastModified(dir).toString());
			sessions.add(summary);
		}
		sessions.sort(Comparator.comparing((Map<String, Object> s) -> (String) s.get("last_step")).reversed());
		return sessions;
	}

	/** One session: who, and its steps in order; empty when there is no such session. */
	public Optional<Map<String, Object>> session(String id) {
		return dir(id).map((dir) -> {
			Map<String, Object> session = new LinkedHashMap<>(readSession(dir));
			session.put("id", id);
			session.put("steps", steps(dir));
			return session;
		});
	}

	/** An image of a session by its file name ({@code <sha256>.png|jpg}). */
	public Optional<byte[]> image(String id, String name) {
		if (name == null || !IMAGE_NAME.matcher(name).matches()) {
			return Optional.empty();
		}
		return dir(id).map((dir) -> dir.resolve(IMAGES).resolve(name)).filter(Files::isRegularFile).map((file) -> {
			try {
				return Files.readAllBytes(file);
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
		});
	}

	/**
	 * A session as a zip: {@code session.json}, {@code steps.jsonl}, its images and
	 * {@code audit.jsonl}, the lines of the live audit file from the first to the last
	 * record its steps name (every line between, so they form an unbroken chain segment).
	 */
	public Optional<byte[]> zip(String id, Path auditFile) {
		return dir(id).map((dir) -> {
			try {
				return zipOf(dir, auditFile);
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
		});
	}

	private byte[] zipOf(Path dir, Path auditFile) throws IOException {
		List<Map<String, Object>> steps = steps(dir);
		long first = Long.MAX_VALUE;
		long last = Long.MIN_VALUE;
		for (Map<String, Object> step : steps) {
			for (Map<String, Object> record : auditOf(step)) {
				if (record.get("seq") instanceof Number seq) {
					first = Math.min(first, seq.longValue());
					last = Math.max(last, seq.longValue());
				}
			}
		}
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		try (ZipOutputStream zip = new ZipOutputStream(out)) {
			putFile(zip, SESSION, dir.resolve(SESSION));
			putFile(zip, STEPS, dir.resolve(STEPS));
			Path images = dir.resolve(IMAGES);
			if (Files.isDirectory(images)) {
				try (Stream<Path> files = Files.list(images)) {
					for (Path image : files.sorted().toList()) {
						putFile(zip, IMAGES + "/" + image.getFileName(), image);
					}
				}
			}
			zip.putNextEntry(new ZipEntry(AUDIT));
			zip.write(auditSegment(auditFile, first, last));
			zip.closeEntry();
		}
		return out.toByteArray();
	}

	static byte[] auditSegment(Path auditFile, long first, long last) throws IOException {
		ByteArrayOutputStream segment = new ByteArrayOutputStream();
		if (first > last || !Files.exists(auditFile)) {
			return segment.toByteArray();
		}
		try (Stream<String> lines = Files.lines(auditFile, StandardCharsets.UTF_8)) {
			lines.filter((line) -> {
				long seq = seqOf(line);
				return seq >= first && seq <= last;
			}).forEach((line) -> segment.writeBytes((line + "\n").getBytes(StandardCharsets.UTF_8)));
		}
		return segment.toByteArray();
	}

	/** The seq a chained line starts with ({@code {"seq":N,}), or -1. */
	static long seqOf(String line) {
		String prefix = "{\"seq\":";
		if (!line.startsWith(prefix)) {
			return -1;
		}
		int end = line.indexOf(',', prefix.length());
		try {
			return Long.parseLong(line.substring(prefix.length(), (end > 0) ? end : line.length()));
		}
		catch (NumberFormatException ex) {
			return -1;
		}
	}

	@SuppressWarnings("unchecked")
	static List<Map<String, Object>> auditOf(Map<String, Object> step) {
		Object audit = step.get("audit");
		return (audit instanceof List<?> list) ? (List<Map<String, Object>>) list : List.of();
	}

	private static void putFile(ZipOutputStream zip, String name, Path file) throws IOException {
		if (!Files.isRegularFile(file)) {
			return;
		}
		zip.putNextEntry(new ZipEntry(name));
		zip.write(Files.readAllBytes(file));
		zip.closeEntry();
	}

	static List<Map<String, Object>> parseSteps(byte[] jsonl) {
		List<Map<String, Object>> steps = new ArrayList<>();
		for (String line : new String(jsonl, StandardCharsets.UTF_8).split("\n")) {
			if (!line.isBlank()) {
				steps.add(JSON.readValue(line, new TypeReference<Map<String, Object>>() {
				}));
			}
		}
		return steps;
	}

	private List<Map<String, Object>> steps(Path dir) {
		try {
			Path file = dir.resolve(STEPS);
			return Files.exists(file) ? parseSteps(Files.readAllBytes(file)) : List.of();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private Optional<Path> dir(String id) {
		if (id == null || !SESSION_ID.matcher(id).matches()) {
			return Optional.empty();
		}
		Path dir = this.root.resolve(id);
		return Files.isDirectory(dir) ? Optional.of(dir) : Optional.empty();
	}

	private SessionFiles files(String session, String principal, String client) throws IOException {
		SessionFiles files = this.open.get(session);
		if (files != null && Files.isDirectory(files.dir)) {
			return files;
		}
		String id = STARTED.format(this.clock.instant()) + "-"
				+ sha256(session.getBytes(StandardCharsets.UTF_8)).substring(0, 12);
		Path dir = this.root.resolve(id);
		// Screenshots of the desktop and what agents did: the user's alone (700/600).
		PrivateFiles.createDirectories(dir.resolve(IMAGES));
		Map<String, Object> who = new LinkedHashMap<>();
		who.put("session", session);
		who.put("principal", principal);
		who.put("client", client);
		who.put("started", this.clock.instant().toString());
		byte[] bytes = JSON.writeValueAsBytes(who);
		PrivateFiles.write(dir.resolve(SESSION), bytes);
		grow(bytes.length);
		files = new SessionFiles(dir);
		this.open.put(session, files);
		return files;
	}

	private Map<String, Object> writeImage(Path dir, SentImage image) throws IOException {
		String sha = sha256(image.bytes());
		String ext = "image/jpeg".equals(image.mimeType()) ? "jpg" : "png";
		String name = sha + "." + ext;
		Path file = dir.resolve(IMAGES).resolve(name);
		if (!Files.exists(file)) {
			PrivateFiles.write(file, image.bytes());
			grow(image.bytes().length);
		}
		Map<String, Object> ref = new LinkedHashMap<>();
		ref.put("file", IMAGES + "/" + name);
		ref.put("sha256", sha);
		ref.put("mime", image.mimeType());
		int[] size = dimensions(image.bytes());
		ref.put("width", size[0]);
		ref.put("height", size[1]);
		return ref;
	}

	// Reads the header only: no decode on the writer thread. From memory: ImageIO's own
	// stream for an InputStream caches it in a temporary file, one a screenshot.
	static int[] dimensions(byte[] bytes) {
		try (ImageInputStream in = new MemoryCacheImageInputStream(new java.io.ByteArrayInputStream(bytes))) {
			var readers = ImageIO.getImageReaders(in);
			if (!readers.hasNext()) {
				return new int[] { 0, 0 };
			}
			ImageReader reader = readers.next();
			try {
				reader.setInput(in);
				return new int[] { reader.getWidth(0), reader.getHeight(0) };
			}
			finally {
				reader.dispose();
			}
		}
		catch (IOException ex) {
			return new int[] { 0, 0 };
		}
	}

	private void grow(long bytes) {
		if (this.totalBytes < 0) {
			this.totalBytes = sizeOf(this.root);
		}
		else {
			this.totalBytes += bytes;
		}
	}

	/**
	 * Deletes whole sessions, the least recently written first, while over
	 * {@code max-bytes}; and any whose last step is older than {@code max-age}. The
	 * session just written goes last, and only when it alone is over the cap.
	 */
	private void evict(Path current) {
		Instant oldest = this.clock.instant().minus(this.maxAge);
		List<Path> dirs = new ArrayList<>(sessionDirs());
		dirs.sort(Comparator.comparing((Path dir) -> dir.equals(current)).thenComparing(TrajectoryStore::lastModified));
		for (Path dir : dirs) {
			boolean tooOld = lastModified(dir).isBefore(oldest);
			if (!tooOld && this.totalBytes <= this.maxBytes) {
				continue;
			}
			long size = sizeOf(dir);
			deleteTree(dir);
			this.totalBytes -= size;
			this.open.values().removeIf((files) -> files.dir.equals(dir));
			logger.debug("Evicted trajectory {} ({} bytes, {})", dir.getFileName(), size,
					tooOld ? "older than max-age" : "over max-bytes");
		}
	}

	private List<Path> sessionDirs() {
		if (!Files.isDirectory(this.root)) {
			return List.of();
		}
		List<Path> dirs = new ArrayList<>();
		try (DirectoryStream<Path> stream = Files.newDirectoryStream(this.root)) {
			for (Path dir : stream) {
				if (Files.isDirectory(dir) && SESSION_ID.matcher(dir.getFileName().toString()).matches()) {
					dirs.add(dir);
				}
			}
		}
		catch (IOException ex) {
			failed(ex);
		}
		return dirs;
	}

	private static Instant lastModified(Path dir) {
		try {
			Path steps = dir.resolve(STEPS);
			FileTime time = Files.getLastModifiedTime(Files.exists(steps) ? steps : dir);
			return time.toInstant();
		}
		catch (IOException ex) {
			return Instant.EPOCH;
		}
	}

	private static Map<String, Object> readSession(Path dir) {
		try {
			return JSON.readValue(Files.readAllBytes(dir.resolve(SESSION)), new TypeReference<Map<String, Object>>() {
			});
		}
		catch (IOException | RuntimeException ex) {
			return Map.of();
		}
	}

	private static long countLines(Path file) {
		if (!Files.exists(file)) {
			return 0;
		}
		try (Stream<String> lines = Files.lines(file)) {
			return lines.count();
		}
		catch (IOException | UncheckedIOException ex) {
			return 0;
		}
	}

	static long sizeOf(Path path) {
		if (!Files.exists(path)) {
			return 0;
		}
		try (Stream<Path> files = Files.walk(path)) {
			return files.filter(Files::isRegularFile).mapToLong((file) -> {
				try {
					return Files.size(file);
				}
				catch (IOException ex) {
					return 0;
				}
			}).sum();
		}
		catch (IOException | UncheckedIOException ex) {
			return 0;
		}
	}

	private static void deleteTree(Path dir) {
		try (Stream<Path> files = Files.walk(dir)) {
			for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
				Files.deleteIfExists(file);
			}
		}
		catch (IOException | UncheckedIOException ex) {
			logger.warn("Could not delete trajectory {}", dir, ex);
		}
	}

	private void failed(Exception ex) {
		String reason = (ex instanceof FileSystemException fs && fs.getReason() != null) ? fs.getReason()
				: (ex instanceof NoSuchFileException) ? "no such file or directory" : ex.getClass().getSimpleName();
		if (this.failure == null) {
			logger.warn("Cannot write the session record under {}: {}; calls go on unrecorded", this.root, reason);
		}
		this.failure = new Failure(this.clock.instant(), reason);
		// Next time, count the disk again: a partial write left bytes we did not add.
		this.totalBytes = -1;
	}

	static String sha256(byte[] bytes) {
		try {
			return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException(ex);
		}
	}

	/**
	 * Why the session record could not be written.
	 *
	 * @param since when the last write failed
	 * @param reason short, without paths
	 */
	record Failure(Instant since, String reason) {

	}

	private static final class SessionFiles {

		final Path dir;

		long steps;

		SessionFiles(Path dir) {
			this.dir = dir;
		}

	}

}
