package dev.deskhand.audit;

import java.nio.file.Path;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code deskhand.audit.*}: where the hash-chained audit file goes.
 *
 * @param enabled whether records are appended to {@code file}; when false, audit events still
 * reach Spring Boot's audit event repository ({@code /actuator/auditevents})
 * @param file the JSON-lines audit file; default {@code ~/.deskhand/audit.jsonl}. A leading
 * {@code ~} stands for the user's home directory.
 */
@ConfigurationProperties("deskhand.audit")
public record AuditProperties(@DefaultValue("true") boolean enabled, Path file) {

	public AuditProperties {
		// @DefaultValue does not resolve ${user.home}, and Java does not expand ~: do both here.
		String home = System.getProperty("user.home");
		if (file == null) {
			file = Path.of(home, ".deskhand", "audit.jsonl");
		}
		else if (file.startsWith("~")) {
			file = Path.of(home).resolve(file.subpath(0, 1).relativize(file));
		}
	}

}
