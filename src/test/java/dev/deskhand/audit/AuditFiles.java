package dev.deskhand.audit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.boot.actuate.audit.AuditEvent;
import org.springframework.boot.actuate.audit.listener.AuditApplicationEvent;

/**
 * Test helpers: trails that record their events, and the audit file read or edited as
 * text.
 */
final class AuditFiles {

	static final JsonMapper JSON = JsonMapper.builder().build();

	private AuditFiles() {
	}

	/** A trail on {@code file} whose published events land in {@code events}. */
	static AuditTrail trail(Path file, List<AuditEvent> events) {
		return new AuditTrail(new AuditProperties(true, file),
				(event) -> events.add(((AuditApplicationEvent) event).getAuditEvent()), new TickingClock());
	}

	static List<AuditEvent> events() {
		return new CopyOnWriteArrayList<>();
	}

	static List<String> lines(Path file) {
		try {
			String text = Files.readString(file, StandardCharsets.UTF_8);
			List<String> lines = new ArrayList<>(List.of(text.split("\n", -1)));
			if (lines.get(lines.size() - 1).isEmpty()) {
				lines.remove(lines.size() - 1);
			}
			return lines;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	static void write(Path file, List<String> lines) {
		try {
			Files.writeString(file, String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	static JsonNode json(String line) {
		return JSON.readTree(line);
	}

	/** The documented rule, done with string operations only, as another tool would. */
	static String documentedHash(String line) throws Exception {
		String content = line.substring(0, line.lastIndexOf(",\"hash\":\"")) + "}";
		return HexFormat.of()
			.formatHex(MessageDigest.getInstance("SHA-256").digest(content.getBytes(StandardCharsets.UTF_8)));
	}

	/** One millisecond later on every call, so that records have distinct times. */
	static final class TickingClock extends Clock {

		private Instant now = Instant.parse("2025-06-01T12:00:00Z");

		@Override
		public synchronized Instant instant() {
			this.now = this.now.plus(Duration.ofMillis(1));
			return this.now;
		}

		@Override
		public ZoneOffset getZone() {
			return ZoneOffset.UTC;
		}

		@Override
		public Clock withZone(ZoneId zone) {
			throw new UnsupportedOperationException();
		}

	}

}
