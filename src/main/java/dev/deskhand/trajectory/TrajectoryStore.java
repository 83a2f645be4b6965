package dev.deskhand.trajectory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
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
		return sessions(Integer.MAX_VALUE, null).sessions();
	}

	/**
	 * Up to {@code limit} recorded sessions, newest first (by their last step), after
	 * {@code after} (the {@code next} of the page before; {@code null} for the first
	 * page). Only the page's sessions are read and measured, so that a page costs the
	 * same with a hundred sessions on disk as with ten thousand.
	 */
	public SessionPage sessions(int limit, SessionCursor after) {
		if (limit < 1) {
			throw new IllegalArgumentException("limit must be at least 1, not " + limit);
		}
		List<SessionCursor> all = new ArrayList<>();
		for (Path dir : TrajectoryFiles.sessionDirs(this.root, this.writer::failed)) {
			all.add(new SessionCursor(TrajectoryFiles.lastModified(dir), dir.getFileName().toString()));
		}
		all.sort(SessionCursor.NEWEST_FIRST);
		List<SessionCursor> rest = (after != null) ? all.stream().filter(after::precedes).toList() : all;
		List<SessionCursor> page = rest.subList(0, Math.min(limit, rest.size()));
		List<Map<String, Object>> sessions = new ArrayList<>();
		for (SessionCursor position : page) {
			Path dir = this.root.resolve(position.id());
			Map<String, Object> summary = new LinkedHashMap<>(TrajectoryFiles.readSession(dir));
			summary.put("id", position.id());
			summary.put("steps", TrajectoryFiles.countLines(dir.resolve(STEPS)));
			summary.put("bytes", TrajectoryFiles.sizeOf(dir));
			summary.put("last_step", position.lastStep().toString());
			sessions.add(summary);
		}
		SessionCursor next = (rest.size() > page.size()) ? page.get(page.size() - 1) : null;
		return new SessionPage(sessions, next, all.size());
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
	 * One page of the session list.
	 *
	 * @param sessions the page's sessions, newest first
	 * @param next where the next page starts, or {@code null} on the last page
	 * @param total how many sessions are recorded in all
	 */
	public record SessionPage(List<Map<String, Object>> sessions, SessionCursor next, int total) {

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
