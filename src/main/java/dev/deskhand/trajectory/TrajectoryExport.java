package dev.deskhand.trajectory;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import static dev.deskhand.trajectory.TrajectoryFiles.AUDIT;
import static dev.deskhand.trajectory.TrajectoryFiles.IMAGES;
import static dev.deskhand.trajectory.TrajectoryFiles.SESSION;
import static dev.deskhand.trajectory.TrajectoryFiles.STEPS;

/**
 * A session as one zip to download: {@code session.json}, {@code steps.jsonl}, its images
 * and {@code audit.jsonl}, the lines of the live audit file from the first to the last
 * record its steps name (every line between, so they form an unbroken chain segment that
 * {@link TrajectoryVerifier} can check).
 */
final class TrajectoryExport {

	private TrajectoryExport() {
	}

	static byte[] zip(Path dir, Path auditFile) throws IOException {
		List<Map<String, Object>> steps = TrajectoryFiles.steps(dir);
		long first = Long.MAX_VALUE;
		long last = Long.MIN_VALUE;
		for (Map<String, Object> step : steps) {
			for (Map<String, Object> record : TrajectoryFiles.auditOf(step)) {
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

	/** The audit file's lines whose seq is from {@code first} to {@code last}. */
	static byte[] auditSegment(Path auditFile, long first, long last) throws IOException {
		ByteArrayOutputStream segment = new ByteArrayOutputStream();
		if (first > last || !Files.exists(auditFile)) {
			return segment.toByteArray();
		}
		try (Stream<String> lines = Files.lines(auditFile, StandardCharsets.UTF_8)) {
			lines.filter((line) -> {
				long seq = TrajectoryFiles.seqOf(line);
				return seq >= first && seq <= last;
			}).forEach((line) -> segment.writeBytes((line + "\n").getBytes(StandardCharsets.UTF_8)));
		}
		return segment.toByteArray();
	}

	private static void putFile(ZipOutputStream zip, String name, Path file) throws IOException {
		if (!Files.isRegularFile(file)) {
			return;
		}
		zip.putNextEntry(new ZipEntry(name));
		zip.write(Files.readAllBytes(file));
		zip.closeEntry();
	}

}
