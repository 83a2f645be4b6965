package dev.deskhand.trajectory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static dev.deskhand.trajectory.TrajectoryFiles.IMAGES;
import static dev.deskhand.trajectory.TrajectoryFiles.STEPS;

/**
 * The session record under {@code deskhand.trajectory.dir} ({@link TrajectoryFiles} says
 * how it lies on disk): what the recorder appends ({@link TrajectoryWriter}, which keeps
 * it under {@code max-bytes} and {@code max-age} with {@link TrajectoryRetention}), and
 * what the operator reads and downloads ({@link TrajectoryExport}).
 */
public final class TrajectoryStore {

	private final Path root;

	private final TrajectoryWriter writer;

	TrajectoryStore(Path root, long maxBytes, Duration maxAge, Clock clock) {
		this.root = root.toAbsolutePath().normalize();
		this.writer = new TrajectoryWriter(this.root, clock,
				new TrajectoryRetention(this.root, maxBytes, maxAge, clock));
	}

	/** Why the last write failed, or {@code null} when it succeeded. */
	Failure failure() {
		return this.writer.failure();
	}

	Path root() {
		return this.root;
	}

	/** Appends one step, writing its images first; then evicts what is over the caps. */
	void append(String session, String principal, String client, Map<String, Object> step, SentImage before,
			SentImage after, List<SentImage> sent) {
		this.writer.append(session, principal, client, step, before, after, sent);
	}

	/** Every recorded session, newest first. */
	public List<Map<String, Object>> sessions() {
		List<Map<String, Object>> sessions = new ArrayList<>();
		for (Path dir : TrajectoryFiles.sessionDirs(this.root, this.writer::failed)) {
			Map<String, Object> summary = new LinkedHashMap<>(TrajectoryFiles.readSession(dir));
			summary.put("id", dir.getFileName().toString());
			summary.put("steps", TrajectoryFiles.countLines(dir.resolve(STEPS)));
			summary.put("bytes", TrajectoryFiles.sizeOf(dir));
			summary.put("last_step", TrajectoryFiles.lastModified(dir).toString());
			sessions.add(summary);
		}
		sessions.sort(Comparator.comparing((Map<String, Object> s) -> (String) s.get("last_step")).reversed());
		return sessions;
	}

	/** One session: who, and its steps in order; empty when there is no such session. */
	public Optional<Map<String, Object>> session(String id) {
		return dir(id).map((dir) -> {
			Map<String, Object> session = new LinkedHashMap<>(TrajectoryFiles.readSession(dir));
			session.put("id", id);
			session.put("steps", TrajectoryFiles.steps(dir));
			return session;
		});
	}

	/** An image of a session by its file name ({@code <sha256>.png|jpg}). */
	public Optional<byte[]> image(String id, String name) {
		if (name == null || !TrajectoryFiles.IMAGE_NAME.matcher(name).matches()) {
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
	 * A session as a zip ({@link TrajectoryExport}): its files and the segment of the
	 * live audit file its steps name.
	 */
	public Optional<byte[]> zip(String id, Path auditFile) {
		return dir(id).map((dir) -> {
			try {
				return TrajectoryExport.zip(dir, auditFile);
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
		});
	}

	private Optional<Path> dir(String id) {
		if (id == null || !TrajectoryFiles.SESSION_ID.matcher(id).matches()) {
			return Optional.empty();
		}
		Path dir = this.root.resolve(id);
		return Files.isDirectory(dir) ? Optional.of(dir) : Optional.empty();
	}

	/**
	 * Why the session record could not be written.
	 *
	 * @param since when the last write failed
	 * @param reason short, without paths
	 */
	record Failure(Instant since, String reason) {

	}

}
