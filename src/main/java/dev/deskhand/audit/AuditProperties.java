package dev.deskhand.audit;

import java.nio.file.Path;
import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.ConstructorBinding;
import org.springframework.boot.context.properties.bind.DefaultValue;

import dev.deskhand.files.StateDirectory;

/**
 * {@code deskhand.audit.*}: where the hash-chained audit file goes.
 *
 * @param enabled whether records are appended to {@code file}; when false, audit events
 * still reach Spring Boot's audit event repository ({@code /actuator/auditevents})
 * @param file the JSON-lines audit file; default
 * {@code <deskhand.state-dir>/audit.jsonl}. A leading {@code ~} stands for the user's
 * home directory.
 * @param syncInterval how soon an appended record is synced to disk (fsync); every record
 * is written to the file before the call that caused it returns. 0: sync each record
 * before returning (an fsync on every input action: docs/performance.md)
 * @param retryInterval while the file cannot be written (input is refused), how often a
 * refused input action or a health check tries to write again; 0: every time
 * @param keyFile the secret that keys the hashes of typed and clipboard text
 * ({@link Redaction}); default {@code <deskhand.state-dir>/audit-key}, created (mode 600)
 * on first start. Keep it out of wherever the audit file is shipped.
 */
@ConfigurationProperties("deskhand.audit")
public record AuditProperties(@DefaultValue("true") boolean enabled, Path file,
		@DefaultValue("100ms") Duration syncInterval, @DefaultValue("1s") Duration retryInterval, Path keyFile) {

	/** Syncs within the default 100 ms. */
	public AuditProperties(boolean enabled, Path file) {
		this(enabled, file, Duration.ofMillis(100));
	}

	/** Retries every second, with the default key file. */
	public AuditProperties(boolean enabled, Path file, Duration syncInterval) {
		this(enabled, file, syncInterval, Duration.ofSeconds(1), null);
	}

	@ConstructorBinding
	public AuditProperties {
		if (syncInterval == null || syncInterval.isNegative()) {
			syncInterval = Duration.ZERO;
		}
		if (retryInterval == null || retryInterval.isNegative()) {
			retryInterval = Duration.ZERO;
		}
		// The configuration derives both from deskhand.state-dir; this is for records
		// built without it. Java does not expand ~.
		file = StateDirectory.expandHome((file != null) ? file : StateDirectory.defaultPath().resolve("audit.jsonl"));
		keyFile = StateDirectory
			.expandHome((keyFile != null) ? keyFile : StateDirectory.defaultPath().resolve("audit-key"));
	}

}
