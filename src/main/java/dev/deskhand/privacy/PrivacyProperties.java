package dev.deskhand.privacy;

import java.util.List;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code deskhand.privacy.*}.
 *
 * @param maskedApps applications (window class, instance or executable, case-insensitive)
 * whose windows are black in every screenshot and zoom and refuse input, and whose data
 * on the clipboard read_clipboard refuses (where the platform says who owns it): password
 * managers, the operator's own console
 */
@ConfigurationProperties("deskhand.privacy")
public record PrivacyProperties(@DefaultValue List<String> maskedApps) {
}
