package dev.deskhand.platform.macos.jna;

import com.sun.jna.Library;
import com.sun.jna.Native;

/** HIServices' accessibility trust check, through the ApplicationServices umbrella. */
public interface ApplicationServices extends Library {

	ApplicationServices INSTANCE = Native.load("ApplicationServices", ApplicationServices.class);

	/**
	 * Whether the user granted this process the accessibility permission; returns
	 * {@code Boolean} (an unsigned char), hence {@code byte}.
	 */
	byte AXIsProcessTrusted();

}
