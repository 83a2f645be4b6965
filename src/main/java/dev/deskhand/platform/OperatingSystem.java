package dev.deskhand.platform;

import java.util.Locale;

import org.springframework.core.env.Environment;

/**
 * The operating system families Deskhand has drivers for.
 *
 * <p>
 * Detected from {@code os.name} alone, so that choosing a driver never loads JNA: a JNA
 * class touched on the wrong OS fails with a native-library error instead of a clear "no
 * driver for this platform".
 */
public enum OperatingSystem {

	LINUX, WINDOWS, MACOS, OTHER;

	private static final OperatingSystem CURRENT = fromOsName(System.getProperty("os.name"));

	/** The OS this JVM runs on. */
	public static OperatingSystem current() {
		return CURRENT;
	}

	/**
	 * The OS the platform beans are chosen for: {@code deskhand.platform.os} when set
	 * (see {@link ConditionalOnOs}), else {@link #current()}.
	 */
	public static OperatingSystem of(Environment environment) {
		return OnOsCondition.running(environment);
	}

	/**
	 * Maps an {@code os.name} value ({@code Linux}, {@code Windows 11}, {@code Mac OS X})
	 * to its family; anything unrecognised, including {@code null}, is {@link #OTHER}.
	 */
	static OperatingSystem fromOsName(String osName) {
		if (osName == null) {
			return OTHER;
		}
		String name = osName.trim().toLowerCase(Locale.ROOT);
		if (name.startsWith("linux")) {
			return LINUX;
		}
		if (name.startsWith("windows")) {
			return WINDOWS;
		}
		// the JDK reports "Mac OS X" even on macOS 11+, other runtimes "macOS" or
		// "Darwin"
		if (name.startsWith("mac") || name.startsWith("darwin")) {
			return MACOS;
		}
		return OTHER;
	}

}
