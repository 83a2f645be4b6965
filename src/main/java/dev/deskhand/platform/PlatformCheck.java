package dev.deskhand.platform;

/**
 * Something only the platform's driver can check about itself (DPI awareness, a
 * permission the user must grant), in words for the self-test, health and a bug report.
 *
 * @param name what was checked, e.g. {@code dpi awareness}, {@code screen recording}
 * @param ok whether it is as Deskhand needs it
 * @param detail what was found; when not ok, what the user must do about it
 */
public record PlatformCheck(String name, boolean ok, String detail) {
}
