package dev.deskhand.platform.windows.jna;

import com.sun.jna.Pointer;
import com.sun.jna.platform.win32.BaseTSD;
import com.sun.jna.platform.win32.Kernel32;
import com.sun.jna.platform.win32.User32;
import com.sun.jna.platform.win32.WinDef;

/**
 * The clipboard functions of user32, which jna-platform does not bind. Load with
 * {@code Native.load("user32", ClipboardApi.class, W32APIOptions.DEFAULT_OPTIONS)}.
 * Handles ({@code HANDLE}, {@code HGLOBAL}) are {@link Pointer}s. The clipboard's memory
 * is kernel32's: {@link GlobalMemory}.
 */
public interface ClipboardApi extends User32 {

	/** UTF-16 text ended by a NUL unit. */
	int CF_UNICODETEXT = 13;

	/**
	 * Opens the clipboard for the calling thread; fails at once while another window has
	 * it open.
	 * @param owner the window that owns the clipboard after {@code EmptyClipboard}, or
	 * {@code null} (then, Microsoft says, {@code SetClipboardData} fails)
	 */
	boolean OpenClipboard(WinDef.HWND owner);

	boolean CloseClipboard();

	boolean EmptyClipboard();

	boolean IsClipboardFormatAvailable(int format);

	/** The window that has the clipboard open, or {@code null}. */
	WinDef.HWND GetOpenClipboardWindow();

	/**
	 * @return the clipboard's block (the clipboard keeps it), or {@code null}
	 */
	Pointer GetClipboardData(int format);

	/**
	 * Hands a {@code GMEM_MOVEABLE} block to the clipboard: on success the system owns it
	 * and the caller must not free it.
	 * @return the block, or {@code null} on failure (the caller still owns it)
	 */
	Pointer SetClipboardData(int format, Pointer block);

	/**
	 * kernel32's global memory, in which clipboard data lives. Load with
	 * {@code Native.load("kernel32", ClipboardApi.GlobalMemory.class, W32APIOptions.DEFAULT_OPTIONS)}.
	 */
	interface GlobalMemory extends Kernel32 {

		int GMEM_MOVEABLE = 0x0002;

		/**
		 * @return the block, or {@code null}
		 */
		Pointer GlobalAlloc(int flags, BaseTSD.SIZE_T bytes);

		/**
		 * @return the block's first byte, or {@code null}
		 */
		Pointer GlobalLock(Pointer block);

		boolean GlobalUnlock(Pointer block);

		/** The block's size in bytes, at least what was asked for; 0 on failure. */
		BaseTSD.SIZE_T GlobalSize(Pointer block);

	}

}
