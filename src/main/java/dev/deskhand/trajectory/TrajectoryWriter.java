package dev.deskhand.trajectory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.deskhand.files.PrivateFiles;
import dev.deskhand.trajectory.TrajectoryStore.Failure;

import static dev.deskhand.trajectory.TrajectoryFiles.IMAGES;
import static dev.deskhand.trajectory.TrajectoryFiles.JSON;
import static dev.deskhand.trajectory.TrajectoryFiles.SESSION;
import static dev.deskhand.trajectory.TrajectoryFiles.STEPS;

/**
 * Appends steps and their images to the session record, on the recorder's writer thread,
 * and has {@link TrajectoryRetention} evict what is over the caps after each. A failed
 * write (a full disk) is remembered for health and never thrown.
 */
final class TrajectoryWriter {

	private static final Logger logger = LoggerFactory.getLogger(TrajectoryWriter.class);

	private static final DateTimeFormatter STARTED = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'")
		.withZone(ZoneOffset.UTC);

	private final Path root;

	private final Clock clock;

	private final TrajectoryRetention retention;

	/**
	 * Session handle → its directory and step count; guarded by this writer.
	 */
	private final Map<String, SessionFiles> open = new ConcurrentHashMap<>();

	private volatile Failure failure;

	TrajectoryWriter(Path root, Clock clock, TrajectoryRetention retention) {
		this.root = root;
		this.clock = clock;
		this.retention = retention;
	}

	/** Why the last write failed, or {@code null} when it succeeded. */
	Failure failure() {
		return this.failure;
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
				Map<String, Object> ref = writeImage(files.dir, image);
				if (ref != null) {
					sentRefs.add(ref);
				}
			}
			line.put("sent", sentRefs);
			byte[] bytes = (JSON.writeValueAsString(line) + "\n").getBytes(StandardCharsets.UTF_8);
			PrivateFiles.write(files.dir.resolve(STEPS), bytes, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
			this.retention.grew(bytes.length);
			this.failure = null;
			for (Path evicted : this.retention.evict(files.dir, this::failed)) {
				this.open.values().removeIf((open) -> open.dir.equals(evicted));
			}
		}
		catch (IOException | UncheckedIOException ex) {
			failed(ex);
		}
	}

	private SessionFiles files(String session, String principal, String client) throws IOException {
		SessionFiles files = this.open.get(session);
		if (files != null && Files.isDirectory(files.dir)) {
			return files;
		}
		String id = STARTED.format(this.clock.instant()) + "-"
				+ TrajectoryFiles.sha256(session.getBytes(StandardCharsets.UTF_8)).substring(0, 12);
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
		this.retention.grew(bytes.length);
		files = new SessionFiles(dir);
		this.open.put(session, files);
		return files;
	}

	/**
	 * Writes the image unless its file is there, and returns the reference to it; an
	 * image stored already (a session's last one, again as the next step's before) is
	 * only referred to, or {@code null} when its file went with a session directory that
	 * was evicted since.
	 */
	private Map<String, Object> writeImage(Path dir, SentImage image) throws IOException {
		String ext = "image/jpeg".equals(image.mimeType()) ? "jpg" : "png";
		SentImage.Stored stored = image.stored();
		if (stored == null) {
			byte[] bytes = image.bytes();
			String sha = TrajectoryFiles.sha256(bytes);
			Path file = dir.resolve(IMAGES).resolve(sha + "." + ext);
			if (!Files.exists(file)) {
				PrivateFiles.write(file, bytes);
				this.retention.grew(bytes.length);
			}
			// the header only: no decode on the writer thread
			int[] size = ImageDimensions.of(bytes);
			stored = new SentImage.Stored(sha, size[0], size[1]);
			image.storedAs(sha, size[0], size[1]);
		}
		else if (!Files.exists(dir.resolve(IMAGES).resolve(stored.sha256() + "." + ext))) {
			return null;
		}
		Map<String, Object> ref = new LinkedHashMap<>();
		ref.put("file", IMAGES + "/" + stored.sha256() + "." + ext);
		ref.put("sha256", stored.sha256());
		ref.put("mime", image.mimeType());
		ref.put("width", stored.width());
		ref.put("height", stored.height());
		return ref;
	}

	/** Remembers why writing failed, for health; logs the first of a run. */
	void failed(Exception ex) {
		String reason = (ex instanceof FileSystemException fs && fs.getReason() != null) ? fs.getReason()
				: (ex instanceof NoSuchFileException) ? "no such file or directory" : ex.getClass().getSimpleName();
		if (this.failure == null) {
			logger.warn("Cannot write the session record under {}: {}; calls go on unrecorded", this.root, reason);
		}
		this.failure = new Failure(this.clock.instant(), reason);
		this.retention.recount();
	}

	private static final class SessionFiles {

		final Path dir;

		long steps;

		SessionFiles(Path dir) {
			this.dir = dir;
		}

	}

}
