package dev.deskhand.platform;

/** How start-up failures name a platform in a sentence. */
final class PlatformNames {

	private PlatformNames() {
	}

	static String of(OperatingSystem os) {
		return switch (os) {
			case LINUX -> "Linux";
			case WINDOWS -> "Windows";
			case MACOS -> "macOS";
			case OTHER -> "this operating system (os.name " + System.getProperty("os.name") + ")";
		};
	}

	static String of(DisplayServer server) {
		return switch (server) {
			case X11 -> "X11";
			case WAYLAND -> "Wayland";
			case NONE -> "no display server";
		};
	}

}
