package dev.deskhand.platform.windows;

import com.sun.jna.platform.win32.GDI32;
import com.sun.jna.platform.win32.Kernel32;
import com.sun.jna.platform.win32.User32;

import dev.deskhand.platform.windows.jna.DisplayApi;
import dev.deskhand.platform.windows.jna.GdiApi;
import dev.deskhand.platform.windows.jna.InputApi;
import dev.deskhand.platform.windows.jna.SecurityApi;
import dev.deskhand.platform.windows.jna.ShcoreApi;

/**
 * The native libraries, loaded once by {@link WindowsDriverFactory} on Windows and handed
 * to the classes that call them; nothing loads them in a static initializer, so the pure
 * classes load nothing on Linux.
 */
record WindowsLibraries(DisplayApi display, InputApi input, ShcoreApi shcore, SecurityApi security, User32 user32,
		GDI32 gdi32, GdiApi gdi, Kernel32 kernel32) {

	/** Everything but {@code display}, which the factory loaded first. */
	static WindowsLibraries load(DisplayApi display) {
		return new WindowsLibraries(display, InputApi.load(), ShcoreApi.load(), SecurityApi.load(), User32.INSTANCE,
				GDI32.INSTANCE, GdiApi.load(), Kernel32.INSTANCE);
	}

}
