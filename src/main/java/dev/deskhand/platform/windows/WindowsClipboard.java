package dev.deskhand.platform.windows;

import java.time.Duration;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

import com.sun.jna.Native;
import com.sun.jna.Pointer;
import com.sun.jna.platform.win32.BaseTSD;
import com.sun.jna.platform.win32.Kernel32;
import com.sun.jna.platform.win32.WinDef;
import com.sun.jna.platform.win32.WinUser;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.win32.W32APIOptions;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.ClipboardDriver;
import dev.deskhand.platform.windows.jna.ClipboardApi;

/**
 * The Windows clipboard as {@code CF_UNICODETEXT}. Thread-safe: one operation at a time
 * (the clipboard is opened per thread, and a second thread of ours would only spin on the
 * first). The text is never logged.
 * <p>
 * A write hands the text to the system ({@code SetClipboardData} with a global memory
 * block), so unlike X11 nothing needs to stay alive to answer other programs: the text
 * outlives the owner window and Deskhand itself. That owner is a message-only window made
 * for the write and destroyed after it: Microsoft documents that {@code SetClipboardData}
 * fails after {@code OpenClipboard(NULL)} and {@code EmptyClipboard} (EmptyClipboard's
 * remarks, learn.microsoft.com/windows/win32/api/winuser/nf-winuser-emptyclipboard), and
 * a window kept between writes would need a message loop, or programs that send it
 * clipboard messages would wait on it.
 * <p>
 * user32 and kernel32 are loaded on first use, never on another OS.
 */
final class WindowsClipboard implements ClipboardDriver {

	/** How long a write waits for another program to close the clipboard. */
	static final Duration WRITE_TIMEOUT = Duration.ofSeconds(2);

	/** The predefined window class of the owner window: no class to register. */
	private static final String OWNER_CLASS = "STATIC";

	private final ReentrantLock lock = new ReentrantLock();

	WindowsClipboard() {
	}

	@Override
	public String read(Duration timeout) {
		long start = System.nanoTime();
		lock(timeout, start, "reading");
		try {
			ClipboardApi user32 = Libraries.USER32;
			// answers without opening the clipboard, so an empty or image-only clipboard
			// never waits on its holder
			if (!user32.IsClipboardFormatAvailable(ClipboardApi.CF_UNICODETEXT)) {
				return "";
			}
			open(null, timeout, start, "reading");
			try {
				Pointer block = user32.GetClipboardData(ClipboardApi.CF_UNICODETEXT);
				return (block != null) ? text(block) : "";
			}
			finally {
				user32.CloseClipboard();
			}
		}
		finally {
			this.lock.unlock();
		}
	}

	@Override
	public void write(String text) {
		long start = System.nanoTime();
		lock(WRITE_TIMEOUT, start, "writing");
		try {
			byte[] bytes = WindowsClipboardText.encode(text);
			ClipboardApi user32 = Libraries.USER32;
			WinDef.HWND owner = user32.CreateWindowEx(0, OWNER_CLASS, "", 0, 0, 0, 0, 0, WinUser.HWND_MESSAGE, null,
					null, null);
			if (owner == null) {
				throw failure("could not create the clipboard's owner window");
			}
			try {
				open(owner, WRITE_TIMEOUT, start, "writing");
				try {
					if (!user32.EmptyClipboard()) {
						throw failure("EmptyClipboard failed");
					}
					handOver(bytes);
				}
				finally {
					user32.CloseClipboard();
				}
			}
			finally {
				user32.DestroyWindow(owner);
			}
		}
		finally {
			this.lock.unlock();
		}
	}

	/** Copies the text into a block and gives it to the open clipboard. */
	private static void handOver(byte[] bytes) {
		ClipboardApi.GlobalMemory memory = Libraries.MEMORY;
		Pointer block = memory.GlobalAlloc(ClipboardApi.GlobalMemory.GMEM_MOVEABLE, new BaseTSD.SIZE_T(bytes.length));
		if (block == null) {
			throw failure("GlobalAlloc of " + bytes.length + " bytes failed");
		}
		boolean handedOver = false;
		try {
			Pointer data = memory.GlobalLock(block);
			if (data == null) {
				throw failure("GlobalLock failed");
			}
			try {
				data.write(0, bytes, 0, bytes.length);
			}
			finally {
				memory.GlobalUnlock(block);
			}
			handedOver = Libraries.USER32.SetClipboardData(ClipboardApi.CF_UNICODETEXT, block) != null;
			if (!handedOver) {
				throw failure("SetClipboardData failed");
			}
		}
		finally {
			// the system owns the block once SetClipboardData took it, and only then
			if (!handedOver) {
				memory.GlobalFree(block);
			}
		}
	}

	/** The text of the clipboard's block, which stays the clipboard's. */
	private static String text(Pointer block) {
		ClipboardApi.GlobalMemory memory = Libraries.MEMORY;
		long size = memory.GlobalSize(block).longValue();
		Pointer data = memory.GlobalLock(block);
		if (data == null || size <= 0) {
			return "";
		}
		try {
			return WindowsClipboardText.decode(data.getByteArray(0, (int) Math.min(size, Integer.MAX_VALUE - 8)));
		}
		finally {
			memory.GlobalUnlock(block);
		}
	}

	/**
	 * Opens the clipboard, trying again while another program holds it, until the
	 * timeout.
	 * @throws DeskhandException E_TIMEOUT naming the holder's process when known
	 */
	private static void open(WinDef.HWND owner, Duration timeout, long start, String what) {
		WindowsClipboardRetry retry = new WindowsClipboardRetry(timeout);
		int failed = 0;
		while (!Libraries.USER32.OpenClipboard(owner)) {
			failed++;
			OptionalLong pause = retry.pauseAfter(failed, System.nanoTime() - start);
			if (pause.isEmpty()) {
				throw new DeskhandException(ErrorCode.E_TIMEOUT, what + " the clipboard waited " + timeout
						+ " for another program to close it" + holder() + "; try again");
			}
			LockSupport.parkNanos(pause.getAsLong());
			if (Thread.interrupted()) {
				Thread.currentThread().interrupt();
				throw new DeskhandException(ErrorCode.E_FAIL, what + " the clipboard was interrupted");
			}
		}
	}

	/** ", held open by process N" when Windows says who holds it, else empty. */
	private static String holder() {
		WinDef.HWND window = Libraries.USER32.GetOpenClipboardWindow();
		if (window == null) {
			return "";
		}
		IntByReference pid = new IntByReference();
		Libraries.USER32.GetWindowThreadProcessId(window, pid);
		return (pid.getValue() != 0) ? " (it is held open by process " + Integer.toUnsignedString(pid.getValue()) + ")"
				: "";
	}

	private void lock(Duration timeout, long start, String what) {
		long left = new WindowsClipboardRetry(timeout).remainingNanos(System.nanoTime() - start);
		try {
			if (!this.lock.tryLock(left, TimeUnit.NANOSECONDS)) {
				throw new DeskhandException(ErrorCode.E_TIMEOUT,
						what + " the clipboard waited " + timeout + " for another clipboard call of Deskhand's");
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new DeskhandException(ErrorCode.E_FAIL, what + " the clipboard was interrupted", ex);
		}
	}

	private static DeskhandException failure(String what) {
		return new DeskhandException(ErrorCode.E_FAIL,
				"the Windows clipboard: " + what + " (error " + Kernel32.INSTANCE.GetLastError() + ")");
	}

	/** Loaded when first used: a holder's fields are initialised on first access. */
	private static final class Libraries {

		static final ClipboardApi USER32 = Native.load("user32", ClipboardApi.class, W32APIOptions.DEFAULT_OPTIONS);

		static final ClipboardApi.GlobalMemory MEMORY = Native.load("kernel32", ClipboardApi.GlobalMemory.class,
				W32APIOptions.DEFAULT_OPTIONS);

	}

}
