package dev.deskhand.platform.windows.jna;

import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.win32.W32APIOptions;

/** gdi32 beyond jna-platform's {@code GDI32}. */
public interface GdiApi extends Library {

	static GdiApi load() {
		return Native.load("gdi32", GdiApi.class, W32APIOptions.DEFAULT_OPTIONS);
	}

	/**
	 * Completes batched GDI calls: Microsoft asks for it before reading a DIB section's
	 * bits that GDI drew into.
	 */
	boolean GdiFlush();

}
