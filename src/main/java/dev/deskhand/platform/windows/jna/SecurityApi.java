package dev.deskhand.platform.windows.jna;

import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import com.sun.jna.platform.win32.WinNT;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.win32.W32APIOptions;

/**
 * advapi32 and kernel32 for a process's integrity level: what UIPI compares before it
 * lets input through.
 */
public interface SecurityApi extends Library {

	int PROCESS_QUERY_LIMITED_INFORMATION = 0x1000;

	int TOKEN_QUERY = 0x0008;

	/** {@code TOKEN_INFORMATION_CLASS.TokenIntegrityLevel}. */
	int TOKEN_INTEGRITY_LEVEL = 25;

	static SecurityApi load() {
		return Native.load("advapi32", SecurityApi.class, W32APIOptions.DEFAULT_OPTIONS);
	}

	boolean OpenProcessToken(WinNT.HANDLE process, int access, WinNT.HANDLEByReference token);

	/**
	 * With {@link #TOKEN_INTEGRITY_LEVEL} the buffer holds a
	 * {@code TOKEN_MANDATORY_LABEL}: a pointer to the label's SID first, the SID itself
	 * later in the same buffer.
	 */
	boolean GetTokenInformation(WinNT.HANDLE token, int informationClass, Pointer buffer, int length,
			IntByReference returned);

}
