package dev.deskhand.audit;

import java.nio.file.Path;
import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.ConstructorBinding;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code deskhand.audit.*}: where the hash-chained audit file goes.
 *
 * @param enabled whether records are appended to {@code file}; when false, audit events
 * still reach Spring Boot's audit event repository ({@code /actuator/auditevents})
 * @param file the JSON-lines audit file; default {@code ~/.deskhand/audit.jsonl}. A
 * leading {@code ~} stands for the user's home directory.
 * @param syncInterval how soon an appended record is synced to disk (fsync); every record
 * is written to the file before the call that caused it returns. 0: sync each record
 * before returning (about 3.5 ms per input action on an ordinary disk)
 */
@ConfigurationProperties("deskhand.audit")
public record AuditProperties(@DefaultValue("true") boolean enabled, Path file,
		@DefaultValue("100ms") Duration syncInterval) {

	/** Syncs within the default 100 ms. */
	public AuditProperties(boolean enabled, Path file) {
		this(enabled, file, Duration.ofMillis(100));
	}

	@ConstructorBinding
	public AuditProperties {
		// @DefaultValue does not resolve ${user.home}, and Java does not expand ~: do
		// both here.
		String home = System.getProperty("user.home");
		if (syncInterval == null || syncInterval.isNegative()) {
			syncInterval = Duration.ZERO;
		}
		if (file == null) {
			file = Path.of(home, ".deskhand", "audit.jsonl");
		}
		else if (file.startsWith("~")) {
			file = Path.of(home).resolve(file.subpath(0, 1).relativize(file));
		}
	}

}
