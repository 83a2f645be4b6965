package dev.deskhand.platform.windows;

import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.platform.win32.WinNT;
import com.sun.jna.ptr.IntByReference;

import dev.deskhand.platform.windows.jna.InputApi;

/**
 * Reads which desktop receives input ({@code OpenInputDesktop} and its {@code UOI_NAME}):
 * a system call, cheap enough to ask before every input and capture.
 */
final class WindowsDesktopProbe {

	private static final int NAME_BYTES = 512;

	private final InputApi user32;

	WindowsDesktopProbe(InputApi user32) {
		this.user32 = user32;
	}

	WindowsInputDesktop read() {
		WinNT.HANDLE desktop = this.user32.OpenInputDesktop(0, false, InputApi.DESKTOP_SWITCHDESKTOP);
		if (desktop == null) {
			return WindowsInputDesktop.failed(Native.getLastError());
		}
		try {
			Memory name = new Memory(NAME_BYTES);
			name.clear();
			if (!this.user32.GetUserObjectInformationW(desktop, InputApi.UOI_NAME, name, NAME_BYTES - 2,
					new IntByReference())) {
				return WindowsInputDesktop.failed(Native.getLastError());
			}
			return WindowsInputDesktop.named(name.getWideString(0));
		}
		finally {
			this.user32.CloseDesktop(desktop);
		}
	}

}
