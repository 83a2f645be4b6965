package dev.deskhand.trajectory;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

import tools.jackson.core.type.TypeReference;

import dev.deskhand.audit.AuditChainVerifier;
import dev.deskhand.audit.AuditChainVerifier.Verification;

/**
 * Checks a downloaded session record against the live audit file: its {@code audit.jsonl}
 * is an intact segment of the hash chain and byte for byte the same lines as the live
 * file; every audit record a step names is in it with the same hash, and says the same
 * tool, outcome and actions as the step; every image a step names is in the zip with the
 * SHA-256 the step gives. The first failure is reported as a sentence.
 */
public final class TrajectoryVerifier {

	private TrajectoryVerifier() {
	}

	/**
	 * @param zip the download
	 * @param liveAudit the audit file it must match
	 * @return {@code valid} and a sentence saying what checked out or what did not
	 */
	public static Result verify(byte[] zip, Path liveAudit) {
		Map<String, byte[]> files;
		try {
			files = unzip(zip);
		}
		catch (IOException ex) {
			return Result.invalid("the download is not a readable zip: " + ex.getMessage());
		}
		byte[] stepsFile = files.get(TrajectoryFiles.STEPS);
		if (stepsFile == null) {
			return Result.invalid("the download has no " + TrajectoryFiles.STEPS);
		}
		List<byte[]> auditLines = lines(files.getOrDefault(TrajectoryFiles.AUDIT, new byte[0]));
		Verification segment = AuditChainVerifier.verifySegment(auditLines);
		if (!segment.valid()) {
			return Result.invalid("the download's audit lines are not an intact hash chain: line "
					+ segment.firstBadLine() + ": " + segment.reason());
		}
		Map<Long, Map<String, Object>> bySeq = new HashMap<>();
		Map<Long, String> lineBySeq = new HashMap<>();
		for (byte[] line : auditLines) {
			Map<String, Object> record = TrajectoryFiles.JSON.readValue(line, new TypeReference<Map<String, Object>>() {
			});
			long seq = ((Number) record.get("seq")).longValue();
			bySeq.put(seq, record);
			lineBySeq.put(seq, new String(line, StandardCharsets.UTF_8));
		}
		String live = matchLive(lineBySeq, liveAudit);
		if (live != null) {
			return Result.invalid(live);
		}
		List<Map<String, Object>> steps;
		try {
			steps = TrajectoryFiles.parseSteps(stepsFile);
		}
		catch (RuntimeException ex) {
			return Result.invalid("the download's " + TrajectoryFiles.STEPS + " is not JSON lines: " + ex.getMessage());
		}
		int images = 0;
		for (Map<String, Object> step : steps) {
			String problem = checkAudit(step, bySeq);
			if (problem == null) {
				problem = checkImages(step, files);
			}
			if (problem != null) {
				return Result.invalid("step " + step.get("n") + " (" + step.get("tool") + "): " + problem);
			}
			images += imageRefs(step).size();
		}
		return new Result(true, steps.size() + " steps, " + images + " image references and " + auditLines.size()
				+ " audit lines check out against " + liveAudit.getFileName());
	}

	private static String matchLive(Map<Long, String> lineBySeq, Path liveAudit) {
		if (lineBySeq.isEmpty()) {
			return null;
		}
		Verification whole = AuditChainVerifier.verify(liveAudit);
		if (!whole.valid()) {
			return "the live audit file is itself broken at line " + whole.firstBadLine() + ": " + whole.reason();
		}
		Map<Long, String> liveLines = new HashMap<>();
		try (var lines = Files.lines(liveAudit, StandardCharsets.UTF_8)) {
			lines.forEach((line) -> {
				long seq = TrajectoryFiles.seqOf(line);
				if (lineBySeq.containsKey(seq)) {
					liveLines.put(seq, line);
				}
			});
		}
		catch (IOException ex) {
			return "cannot read the live audit file: " + ex.getMessage();
		}
		for (Map.Entry<Long, String> line : lineBySeq.entrySet()) {
			String inFile = liveLines.get(line.getKey());
			if (inFile == null) {
				return "audit record seq " + line.getKey() + " of the download is not in the live audit file";
			}
			if (!inFile.equals(line.getValue())) {
				return "audit record seq " + line.getKey() + " of the download differs from the live audit file";
			}
		}
		return null;
	}

	@SuppressWarnings("unchecked")
	private static String checkAudit(Map<String, Object> step, Map<Long, Map<String, Object>> bySeq) {
		for (Map<String, Object> named : TrajectoryFiles.auditOf(step)) {
			if (!(named.get("seq") instanceof Number seq)) {
				continue;
			}
			Map<String, Object> record = bySeq.get(seq.longValue());
			if (record == null) {
				return "audit record seq " + seq + " is not among the download's audit lines";
			}
			if (!Objects.equals(record.get("hash"), named.get("hash"))) {
				return "audit record seq " + seq + " has hash " + record.get("hash") + " but the step says "
						+ named.get("hash");
			}
			if (!Objects.equals(record.get("type"), named.get("type"))
					|| !Objects.equals(record.get("data"), named.get("data"))) {
				return "the step's copy of audit record seq " + seq + " differs from the audit line";
			}
			if (StepDraft.INPUT_ACTION.equals(record.get("type"))) {
				Map<String, Object> data = (Map<String, Object>) record.get("data");
				if (step.get(StepDraft.VIA) != null) {
					// a vendor endpoint's request: its batches carry their own names, and
					// the first that failed is how the request ended
					if (!"ok".equals(data.get("outcome"))
							&& !Objects.equals(data.get("outcome"), step.get("outcome"))) {
						return "the step says outcome " + step.get("outcome") + " but its audit record seq " + seq
								+ " failed with " + data.get("outcome");
					}
					continue;
				}
				if (!Objects.equals(data.get("tool"), step.get("tool"))) {
					return "the step says tool " + step.get("tool") + " but audit record seq " + seq + " says "
							+ data.get("tool");
				}
				if (!Objects.equals(data.get("outcome"), step.get("outcome"))) {
					return "the step says outcome " + step.get("outcome") + " but audit record seq " + seq + " says "
							+ data.get("outcome");
				}
			}
		}
		return null;
	}

	private static String checkImages(Map<String, Object> step, Map<String, byte[]> files) {
		for (Map<String, Object> ref : imageRefs(step)) {
			byte[] image = files.get(String.valueOf(ref.get("file")));
			if (image == null) {
				return "image " + ref.get("file") + " is missing from the download";
			}
			String sha = TrajectoryFiles.sha256(image);
			if (!sha.equals(ref.get("sha256"))) {
				return "image " + ref.get("file") + " has SHA-256 " + sha + " but the step says " + ref.get("sha256");
			}
		}
		return null;
	}

	@SuppressWarnings("unchecked")
	static List<Map<String, Object>> imageRefs(Map<String, Object> step) {
		List<Map<String, Object>> refs = new ArrayList<>();
		for (String key : new String[] { "before", "after" }) {
			if (step.get(key) instanceof Map<?, ?> ref) {
				refs.add((Map<String, Object>) ref);
			}
		}
		if (step.get("sent") instanceof List<?> sent) {
			sent.forEach((ref) -> refs.add((Map<String, Object>) ref));
		}
		return refs;
	}

	private static Map<String, byte[]> unzip(byte[] zip) throws IOException {
		Map<String, byte[]> files = new HashMap<>();
		try (ZipInputStream in = new ZipInputStream(new ByteArrayInputStream(zip))) {
			for (ZipEntry entry = in.getNextEntry(); entry != null; entry = in.getNextEntry()) {
				files.put(entry.getName(), in.readAllBytes());
			}
		}
		return files;
	}

	private static List<byte[]> lines(byte[] bytes) {
		List<byte[]> lines = new ArrayList<>();
		int start = 0;
		for (int i = 0; i < bytes.length; i++) {
			if (bytes[i] == '\n') {
				lines.add(java.util.Arrays.copyOfRange(bytes, start, i));
				start = i + 1;
			}
		}
		if (start < bytes.length) {
			lines.add(java.util.Arrays.copyOfRange(bytes, start, bytes.length));
		}
		return lines;
	}

	/**
	 * @param valid whether everything checked out
	 * @param reason a sentence: a summary, or the first thing that failed
	 */
	public record Result(boolean valid, String reason) {

		static Result invalid(String reason) {
			return new Result(false, reason);
		}

	}

}
