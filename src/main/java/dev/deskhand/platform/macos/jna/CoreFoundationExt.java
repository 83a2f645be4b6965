package dev.deskhand.platform.macos.jna;

import com.sun.jna.Native;
import com.sun.jna.Pointer;
import com.sun.jna.platform.mac.CoreFoundation;

/**
 * What jna-platform's {@link CoreFoundation} lacks (oshi's {@code CoreFoundationExt}
 * pattern): reading a dictionary whole, and whether a number is a floating-point one.
 */
public interface CoreFoundationExt extends CoreFoundation {

	CoreFoundationExt INSTANCE = Native.load("CoreFoundation", CoreFoundationExt.class);

	void CFDictionaryGetKeysAndValues(CFDictionaryRef dictionary, Pointer[] keys, Pointer[] values);

	/** Returns {@code Boolean}, an unsigned char. */
	byte CFNumberIsFloatType(CFNumberRef number);

}
