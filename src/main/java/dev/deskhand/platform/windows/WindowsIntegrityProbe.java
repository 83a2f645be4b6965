package dev.deskhand.platform.windows;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import com.sun.jna.platform.win32.Kernel32;
import com.sun.jna.platform.win32.WinDef;
import com.sun.jna.platform.win32.WinNT;
import com.sun.jna.ptr.IntByReference;

import dev.deskhand.platform.windows.jna.InputApi;
import dev.deskhand.platform.windows.jna.SecurityApi;

/**
 * Reads the integrity levels UIPI compares: Deskhand's and that of the process owning the
 * foreground window. Asked only after Windows refused input, to name the cause; anything
 * it cannot read is {@link WindowsIntegrity#UNKNOWN}.
 */
final class WindowsIntegrityProbe {

	private static final int LABEL_BYTES = 128;

	private final InputApi user32;

	private final SecurityApi advapi32;

	private final Kernel32 kernel32;

	WindowsIntegrityProbe(InputApi user32, SecurityApi advapi32, Kernel32 kernel32) {
		this.user32 = user32;
		this.advapi32 = advapi32;
		this.kernel32 = kernel32;
	}

	WindowsIntegrity read() {
		int own = levelOf(this.kernel32.GetCurrentProcess());
		WinDef.HWND foreground = this.user32.GetForegroundWindow();
		if (foreground == null) {
			return new WindowsIntegrity(own, WindowsIntegrity.UNKNOWN, null);
		}
		IntByReference pid = new IntByReference();
		this.user32.GetWindowThreadProcessId(foreground, pid);
		WinNT.HANDLE process = this.kernel32.OpenProcess(SecurityApi.PROCESS_QUERY_LIMITED_INFORMATION, false,
				pid.getValue());
		if (process == null) {
			return new WindowsIntegrity(own, WindowsIntegrity.UNKNOWN, null);
		}
		try {
			return new WindowsIntegrity(own, levelOf(process), programOf(process));
		}
		finally {
			this.kernel32.CloseHandle(process);
		}
	}

	private int levelOf(WinNT.HANDLE process) {
		WinNT.HANDLEByReference token = new WinNT.HANDLEByReference();
		if (!this.advapi32.OpenProcessToken(process, SecurityApi.TOKEN_QUERY, token)) {
			return WindowsIntegrity.UNKNOWN;
		}
		try {
			Memory label = new Memory(LABEL_BYTES);
			if (!this.advapi32.GetTokenInformation(token.getValue(), SecurityApi.TOKEN_INTEGRITY_LEVEL, label,
					LABEL_BYTES, new IntByReference())) {
				return WindowsIntegrity.UNKNOWN;
			}
			Pointer sid = label.getPointer(0);
			int count = sid.getByte(1) & 0xFF;
			return WindowsIntegrity.ridOf(sid.getByteArray(0, 8 + 4 * count));
		}
		finally {
			this.kernel32.CloseHandle(token.getValue());
		}
	}

	private String programOf(WinNT.HANDLE process) {
		char[] path = new char[1024];
		IntByReference length = new IntByReference(path.length);
		if (!this.kernel32.QueryFullProcessImageName(process, 0, path, length)) {
			return null;
		}
		String full = new String(path, 0, length.getValue());
		return full.substring(full.lastIndexOf('\\') + 1);
	}

}
