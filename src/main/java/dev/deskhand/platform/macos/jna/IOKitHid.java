package dev.deskhand.platform.macos.jna;

import com.sun.jna.Library;
import com.sun.jna.Native;

/**
 * IOKit's HID access check (macOS 10.15 and later). Loaded on first use of
 * {@link #INSTANCE}, which only the macOS driver touches.
 */
public interface IOKitHid extends Library {

	IOKitHid INSTANCE = Native.load("IOKit", IOKitHid.class);

	/** {@code kIOHIDRequestTypeListenEvent}: the Input Monitoring permission. */
	int REQUEST_LISTEN_EVENT = 1;

	/**
	 * {@code IOHIDCheckAccess}: 0 granted, 1 denied, 2 unknown (never asked). Asks
	 * nothing of the user.
	 */
	int IOHIDCheckAccess(int requestType);

}
