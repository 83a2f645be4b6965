package dev.deskhand.platform.windows.jna;

import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import com.sun.jna.platform.win32.WinDef;
import com.sun.jna.platform.win32.WinNT;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.win32.W32APIOptions;

/**
 * user32's synthetic input, key state and input desktop. {@code SendInput} takes a
 * pointer to an array the driver lays out itself: jna-platform's {@code INPUT} uses
 * {@code WinDef.LONG}, whose size follows the C {@code long} of the OS JNA runs on (8
 * bytes on Linux), so its layout could not be checked off Windows.
 */
public interface InputApi extends Library {

	int DESKTOP_SWITCHDESKTOP = 0x0100;

	int UOI_NAME = 2;

	int MAPVK_VK_TO_VSC = 0;

	static InputApi load() {
		return Native.load("user32", InputApi.class, W32APIOptions.DEFAULT_OPTIONS);
	}

	/**
	 * @return how many events Windows inserted into the input stream
	 */
	int SendInput(int count, Pointer inputs, int inputSize);

	int MapVirtualKeyW(int code, int mapType);

	/**
	 * The calling thread's keyboard layout's key for a character: the virtual key in the
	 * low byte, the shift state (1 Shift, 2 Ctrl, 4 Alt) in the high byte, -1 when none.
	 */
	short VkKeyScanW(char character);

	/** The high bit (the sign) is set while the key is down. */
	short GetAsyncKeyState(int virtualKey);

	WinNT.HANDLE OpenInputDesktop(int flags, boolean inherit, int desiredAccess);

	boolean GetUserObjectInformationW(WinNT.HANDLE object, int index, Pointer info, int length, IntByReference needed);

	boolean CloseDesktop(WinNT.HANDLE desktop);

	WinDef.HWND GetForegroundWindow();

	int GetWindowThreadProcessId(WinDef.HWND window, IntByReference processId);

}
