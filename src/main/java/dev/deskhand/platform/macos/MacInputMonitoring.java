package dev.deskhand.platform.macos;

import dev.deskhand.platform.PlatformCheck;
import dev.deskhand.platform.macos.jna.IOKitHid;

/**
 * The Input Monitoring permission, as a fact for the self-test and health. Whether the
 * failsafe's sensor ({@code CGEventSourceKeyState} on the HID system state) needs it is
 * not known: Apple documents the permission for event taps and HID listening, not for
 * reading a key's state, and no Mac has been tried. So this check never fails on its own;
 * the self-test's failsafe row presses the chord and shows whether the sensor sees it,
 * and this row says what to grant when it does not.
 */
final class MacInputMonitoring {

	static final String CHECK = "input monitoring";

	/** {@code kIOHIDAccessTypeGranted}. */
	static final int GRANTED = 0;

	/** {@code kIOHIDAccessTypeDenied}. */
	static final int DENIED = 1;

	private static final String GRANT = "System Settings › Privacy & Security › Input Monitoring, for the application"
			+ " that runs Deskhand (your terminal, or java), then restart Deskhand";

	private MacInputMonitoring() {
	}

	/**
	 * @param access what {@code IOHIDCheckAccess(kIOHIDRequestTypeListenEvent)} answered,
	 * or -1 when it does not exist (before macOS 10.15)
	 */
	static PlatformCheck check(int access) {
		return switch (access) {
			case GRANTED -> new PlatformCheck(CHECK, true, "granted: the failsafe's key reading cannot be withheld");
			case DENIED -> new PlatformCheck(CHECK, true, "denied; if the failsafe sensor row fails (the sensor saw"
					+ " none of the chord's keys), this is the likely cause: grant it in " + GRANT);
			case -1 -> new PlatformCheck(CHECK, true, "cannot be asked before macOS 10.15");
			default -> new PlatformCheck(CHECK, true, "never asked for; if the failsafe sensor row fails (the sensor"
					+ " saw none of the chord's keys), grant it in " + GRANT);
		};
	}

	/** Asks IOKit; never prompts the user. */
	static PlatformCheck read() {
		try {
			return check(IOKitHid.INSTANCE.IOHIDCheckAccess(IOKitHid.REQUEST_LISTEN_EVENT));
		}
		catch (UnsatisfiedLinkError | NoClassDefFoundError ex) {
			return check(-1);
		}
	}

}
