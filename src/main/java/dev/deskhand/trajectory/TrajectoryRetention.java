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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps all sessions together under {@code max-bytes} and none whose last step is older
 * than {@code max-age}: whole sessions go, the least recently written first. Counts the
 * bytes written rather than walking the disk on every step. Used by the writer thread
 * only.
 */
final class TrajectoryRetention {

	private static final Logger logger = LoggerFactory.getLogger(TrajectoryRetention.class);

	private final Path root;

	private final long maxBytes;

	private final Duration maxAge;

	private final Clock clock;

	/** Bytes under the root, or -1 when they must be counted on disk again. */
	private long totalBytes = -1;

	TrajectoryRetention(Path root, long maxBytes, Duration maxAge, Clock clock) {
		this.root = root;
		this.maxBytes = maxBytes;
		this.maxAge = maxAge;
		this.clock = clock;
	}

	/** {@code bytes} more were written under the root. */
	void grew(long bytes) {
		if (this.totalBytes < 0) {
			this.totalBytes = TrajectoryFiles.sizeOf(this.root);
		}
		else {
			this.totalBytes += bytes;
		}
	}

	/** Counts the disk again next time: a partial write left bytes nobody added. */
	void recount() {
		this.totalBytes = -1;
	}

	/**
	 * Deletes whole sessions, the least recently written first, while over
	 * {@code max-bytes}; and any whose last step is older than {@code max-age}. The
	 * session just written goes last, and only when it alone is over the cap.
	 * @param onListFailure told when the sessions cannot be listed
	 * @return the directories deleted
	 */
	List<Path> evict(Path current, Consumer<IOException> onListFailure) {
		Instant oldest = this.clock.instant().minus(this.maxAge);
		// one look at each session's time: this runs after every step, and sorting by a
		// time read in the comparator statted every directory about 2 log n times
		Map<Path, Instant> written = new HashMap<>();
		for (Path dir : TrajectoryFiles.sessionDirs(this.root, onListFailure)) {
			written.put(dir, TrajectoryFiles.lastModified(dir));
		}
		List<Path> dirs = new ArrayList<>(written.keySet());
		if (this.totalBytes > this.maxBytes) {
			dirs.sort(Comparator.comparing((Path dir) -> dir.equals(current)).thenComparing(written::get));
		}
		List<Path> evicted = new ArrayList<>();
		for (Path dir : dirs) {
			boolean tooOld = written.get(dir).isBefore(oldest);
			if (!tooOld && this.totalBytes <= this.maxBytes) {
				continue;
			}
			long size = TrajectoryFiles.sizeOf(dir);
			deleteTree(dir);
			this.totalBytes -= size;
			evicted.add(dir);
			logger.debug("Evicted trajectory {} ({} bytes, {})", dir.getFileName(), size,
					tooOld ? "older than max-age" : "over max-bytes");
		}
		return evicted;
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

}
