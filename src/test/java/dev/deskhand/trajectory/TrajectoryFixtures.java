package dev.deskhand.trajectory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Session records on disk for tests outside this package, written by the store's own
 * writer (so in the format it writes) and aged by hand, for lists longer than a live test
 * would record.
 */
public final class TrajectoryFixtures {

	private TrajectoryFixtures() {
	}

	/** A store over {@code dir} that keeps what a test writes for ten years. */
	public static TrajectoryStore store(Path dir) {
		return new TrajectoryStore(dir, Long.MAX_VALUE, Duration.ofDays(3650), Clock.systemUTC());
	}

	/**
	 * Records {@code count} one-step sessions of clients {@code <prefix>-0},
	 * {@code <prefix>-1}, ..., whose last steps are one minute apart, {@code <prefix>-0}
	 * the newest, a minute before {@code newest}.
	 * @return their ids, newest first (the order of the list)
	 */
	public static List<String> recordSessions(Path dir, String prefix, int count, Instant newest) {
		TrajectoryStore store = store(dir);
		List<String> ids = new ArrayList<>();
		for (int i = 0; i < count; i++) {
			Map<String, Object> step = new LinkedHashMap<>();
			step.put("tool", "screenshot");
			step.put("outcome", "ok");
			String handle = "s-" + prefix + "-" + i;
			store.append(handle, "fixture", prefix + "-" + i, step, null, null, List.of());
			String id = idOf(dir, handle);
			age(dir.resolve(id), newest.minus(Duration.ofMinutes(i + 1)));
			ids.add(id);
		}
		return ids;
	}

	/** Sets when the session's last step was written. */
	public static void age(Path session, Instant lastStep) {
		try {
			Files.setLastModifiedTime(session.resolve(TrajectoryFiles.STEPS), FileTime.from(lastStep));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	// The directory is named <started>-<first 12 hex of the handle's SHA-256>.
	private static String idOf(Path dir, String handle) {
		String suffix = "-" + TrajectoryFiles.sha256(handle.getBytes(StandardCharsets.UTF_8)).substring(0, 12);
		return TrajectoryFiles.sessionDirs(dir, (ex) -> {
			throw new UncheckedIOException(ex);
		})
			.stream()
			.map((path) -> path.getFileName().toString())
			.filter((name) -> name.endsWith(suffix))
			.findFirst()
			.orElseThrow();
	}

}
