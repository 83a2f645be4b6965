package dev.deskhand.trajectory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/**
 * How the session record lies on disk, shared by what writes, evicts, exports and
 * verifies it: one directory per agent session, named by when it started and a hash of
 * its handle, holding {@code session.json} (who), {@code steps.jsonl} (one line per tool
 * call) and {@code images/<sha256>.png|jpg} (each image once, named by its SHA-256).
 */
final class TrajectoryFiles {

	static final String STEPS = "steps.jsonl";

	static final String SESSION = "session.json";

	static final String IMAGES = "images";

	static final String AUDIT = "audit.jsonl";

	static final Pattern SESSION_ID = Pattern.compile("[0-9]{8}T[0-9]{6}Z-[0-9a-f]{12}");

	static final Pattern IMAGE_NAME = Pattern.compile("[0-9a-f]{64}\\.(png|jpg)");

	static final JsonMapper JSON = JsonMapper.builder().build();

	private TrajectoryFiles() {
	}

	/**
	 * The session directories under {@code root}; when listing fails, those found so far
	 * after telling {@code onFailure}.
	 */
	static List<Path> sessionDirs(Path root, Consumer<IOException> onFailure) {
		if (!Files.isDirectory(root)) {
			return List.of();
		}
		List<Path> dirs = new ArrayList<>();
		try (DirectoryStream<Path> stream = Files.newDirectoryStream(root)) {
			for (Path dir : stream) {
				if (Files.isDirectory(dir) && SESSION_ID.matcher(dir.getFileName().toString()).matches()) {
					dirs.add(dir);
				}
			}
		}
		catch (IOException ex) {
			onFailure.accept(ex);
		}
		return dirs;
	}

	/** When the session's last step was written (its directory's time before any). */
	static Instant lastModified(Path dir) {
		try {
			Path steps = dir.resolve(STEPS);
			FileTime time = Files.getLastModifiedTime(Files.exists(steps) ? steps : dir);
			return time.toInstant();
		}
		catch (IOException ex) {
			return Instant.EPOCH;
		}
	}

	/** Who the session was ({@code session.json}); empty when unreadable. */
	static Map<String, Object> readSession(Path dir) {
		try {
			return JSON.readValue(Files.readAllBytes(dir.resolve(SESSION)), new TypeReference<Map<String, Object>>() {
			});
		}
		catch (IOException | RuntimeException ex) {
			return Map.of();
		}
	}

	/** The session's steps in order. */
	static List<Map<String, Object>> steps(Path dir) {
		try {
			Path file = dir.resolve(STEPS);
			return Files.exists(file) ? parseSteps(Files.readAllBytes(file)) : List.of();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
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

	/** The audit records a step names. */
	@SuppressWarnings("unchecked")
	static List<Map<String, Object>> auditOf(Map<String, Object> step) {
		Object audit = step.get("audit");
		return (audit instanceof List<?> list) ? (List<Map<String, Object>>) list : List.of();
	}

	/** The seq a chained audit line starts with ({@code {"seq":N,}), or -1. */
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

	static long countLines(Path file) {
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

	/** The bytes of every file under {@code path}; 0 for what cannot be read. */
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

	static String sha256(byte[] bytes) {
		try {
			return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
