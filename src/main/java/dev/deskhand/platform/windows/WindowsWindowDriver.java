package dev.deskhand.platform.windows;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import com.sun.jna.platform.win32.Kernel32;
import com.sun.jna.platform.win32.WinDef;
import com.sun.jna.platform.win32.WinNT;
import com.sun.jna.platform.win32.WinUser;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.win32.W32APIOptions;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.Rect;
import dev.deskhand.platform.WindowDriver;
import dev.deskhand.platform.WindowInfo;
import dev.deskhand.platform.windows.jna.DwmApi;
import dev.deskhand.platform.windows.jna.InputApi;
import dev.deskhand.platform.windows.jna.WindowApi;

/**
 * Top-level windows from {@code EnumWindows}, filtered as Alt+Tab does
 * ({@link WindowsWindowFilter}), and activation with the foreground-lock workarounds
 * ({@link WindowsWindowActivation}). Thread-safe: the reads are independent calls any
 * thread may make; activations are serialised because each may attach the calling
 * thread's input state to another thread's. A window can close between any two calls:
 * that leaves it out of an answer, never fails one.
 * <p>
 * Coordinates are physical pixels, which are the logical units of a PerMonitorV2 process
 * (the driver sets that awareness at start). user32 and dwmapi are loaded on first use,
 * never on another OS.
 */
final class WindowsWindowDriver implements WindowDriver {

	private static final Logger logger = LoggerFactory.getLogger(WindowsWindowDriver.class);

	/** Window class names are at most 256 characters (WNDCLASS). */
	private static final int CLASS_NAME_CHARS = 257;

	/** The longest path {@code QueryFullProcessImageNameW} can return, with its NUL. */
	private static final int PATH_CHARS = 32768;

	/** Serialises {@link #activate}: one input attachment at a time. */
	private final Object activation = new Object();

	WindowsWindowDriver() {
	}

	@Override
	public Optional<WindowInfo> focusedWindow() {
		WinDef.HWND foreground = Libraries.USER32.GetForegroundWindow();
		if (foreground == null) {
			return Optional.empty();
		}
		WindowsWindowFacts facts = read(foreground);
		if (facts == null || !facts.visible() || WindowsWindowFilter.isShell(facts)) {
			// the desktop or the taskbar has the foreground after a click on it: no
			// window
			// has focus in the SPI's sense
			return Optional.empty();
		}
		return Optional.of(withExecutable(facts, new HashMap<>()).info(true));
	}

	@Override
	public List<WindowInfo> list() {
		WinDef.HWND foreground = Libraries.USER32.GetForegroundWindow();
		long focused = value(foreground);
		// a focused dialog is not listed (it is owned); its root owner is shown focused
		long focusedRoot = (foreground != null)
				? value(Libraries.USER32.GetAncestor(foreground, WindowApi.GA_ROOTOWNER)) : 0;
		List<WindowsWindowFacts> topFirst = new ArrayList<>();
		for (WinDef.HWND window : enumerate()) {
			WindowsWindowFacts facts = read(window);
			if (facts != null) {
				topFirst.add(facts);
			}
		}
		Map<Long, String> executables = new HashMap<>();
		List<WindowInfo> windows = new ArrayList<>();
		for (WindowsWindowFacts facts : WindowsWindowFilter.stack(topFirst)) {
			boolean isFocused = facts.hwnd() == focused || facts.hwnd() == focusedRoot;
			windows.add(withExecutable(facts, executables).info(isFocused));
		}
		return windows;
	}

	@Override
	public boolean activate(long windowId, Duration timeout) {
		WinDef.HWND window = new WinDef.HWND(new Pointer(windowId));
		long start = System.nanoTime();
		long timeoutNanos = Math.max(0, TimeUnit.NANOSECONDS.convert(timeout));
		synchronized (this.activation) {
			long nextAsk = start;
			int attempt = 0;
			while (true) {
				requireWindow(window, windowId);
				WinDef.HWND foreground = Libraries.USER32.GetForegroundWindow();
				if (value(foreground) == windowId) {
					return true;
				}
				long now = System.nanoTime();
				if (now - nextAsk >= 0) {
					ask(window, foreground, attempt++);
					nextAsk = now + WindowsWindowActivation.ASK_AGAIN.toNanos();
					continue;
				}
				if (now - start >= timeoutNanos) {
					logger.debug("window 0x{} did not take the foreground within {}", Long.toHexString(windowId),
							timeout);
					return false;
				}
				try {
					Thread.sleep(WindowsWindowActivation.POLL.toMillis());
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
					return false;
				}
			}
		}
	}

	/** One attempt: the steps {@link WindowsWindowActivation} decides on. */
	private void ask(WinDef.HWND window, WinDef.HWND foreground, int attempt) {
		WindowApi user32 = Libraries.USER32;
		int foregroundThread = (foreground != null) ? user32.GetWindowThreadProcessId(foreground, null) : 0;
		int ownThread = Kernel32.INSTANCE.GetCurrentThreadId();
		WindowsWindowActivation.State state = new WindowsWindowActivation.State(user32.IsIconic(window),
				foregroundThread, ownThread, attempt);
		boolean attached = false;
		try {
			for (WindowsWindowActivation.Step step : WindowsWindowActivation.steps(state)) {
				switch (step) {
					case RESTORE -> user32.ShowWindow(window, WinUser.SW_RESTORE);
					case NUDGE_INPUT -> nudge();
					case ALLOW_SET_FOREGROUND -> {
						IntByReference pid = new IntByReference();
						user32.GetWindowThreadProcessId(window, pid);
						user32.AllowSetForegroundWindow(pid.getValue());
					}
					case ATTACH_TO_FOREGROUND -> {
						attached = user32.AttachThreadInput(new WinDef.DWORD(ownThread),
								new WinDef.DWORD(foregroundThread), true);
						if (!attached) {
							logger.debug("AttachThreadInput to thread {} failed: error {}", foregroundThread,
									Kernel32.INSTANCE.GetLastError());
						}
					}
					case SET_FOREGROUND -> user32.SetForegroundWindow(window);
					case BRING_TO_TOP -> user32.BringWindowToTop(window);
					case DETACH_FROM_FOREGROUND -> attached = !detach(ownThread, foregroundThread, attached);
				}
			}
		}
		finally {
			detach(ownThread, foregroundThread, attached);
		}
	}

	/**
	 * One empty mouse event, tagged like all of Deskhand's input: it moves nothing and
	 * presses nothing. Refused under UIPI (an elevated window in front), which the
	 * foreground check then shows.
	 */
	private static void nudge() {
		WindowsInputLayout layout = new WindowsInputLayout(Native.POINTER_SIZE);
		byte[] bytes = layout.encode(List.of(new WindowsInput.Mouse(0, 0, 0, 0)));
		Memory inputs = new Memory(bytes.length);
		inputs.write(0, bytes, 0, bytes.length);
		if (Libraries.INPUT.SendInput(1, inputs, layout.inputSize()) != 1) {
			logger.debug("the empty input event before activation was refused: error {}",
					Kernel32.INSTANCE.GetLastError());
		}
	}

	/**
	 * @return whether this thread is detached now
	 */
	private static boolean detach(int ownThread, int foregroundThread, boolean attached) {
		if (!attached) {
			return true;
		}
		return Libraries.USER32.AttachThreadInput(new WinDef.DWORD(ownThread), new WinDef.DWORD(foregroundThread),
				false);
	}

	private static void requireWindow(WinDef.HWND window, long windowId) {
		if (!Libraries.USER32.IsWindow(window)) {
			throw new DeskhandException(ErrorCode.E_NOT_FOUND,
					"there is no window 0x" + Long.toHexString(windowId) + "; it may have closed");
		}
	}

	/** The top-level windows, top of the Z-order first. */
	private static List<WinDef.HWND> enumerate() {
		List<WinDef.HWND> windows = new ArrayList<>();
		// only collects: a native call per window inside the callback would hold up
		// EnumWindows, and the callback must stay reachable until it returns (it does: a
		// local)
		WinUser.WNDENUMPROC collect = (window, data) -> {
			windows.add(window);
			return true;
		};
		Libraries.USER32.EnumWindows(collect, null);
		return windows;
	}

	/**
	 * The facts of a window without its executable, or {@code null} when it has closed. A
	 * hidden window (most of them) is not read further: it is never listed.
	 */
	private static WindowsWindowFacts read(WinDef.HWND window) {
		WindowApi user32 = Libraries.USER32;
		if (!user32.IsWindow(window)) {
			return null;
		}
		long hwnd = value(window);
		if (!user32.IsWindowVisible(window)) {
			return new WindowsWindowFacts(hwnd, "", "", 0, 0, 0, 0, false, false, null, null, 0, "");
		}
		char[] className = new char[CLASS_NAME_CHARS];
		int classLength = user32.GetClassName(window, className, className.length);
		int titleLength = user32.GetWindowTextLength(window);
		char[] title = new char[titleLength + 1];
		titleLength = (titleLength > 0) ? user32.GetWindowText(window, title, title.length) : 0;
		int style = user32.GetWindowLong(window, WinUser.GWL_STYLE);
		int exStyle = user32.GetWindowLong(window, WinUser.GWL_EXSTYLE);
		long owner = value(user32.GetWindow(window, new WinDef.DWORD(WinUser.GW_OWNER)));
		IntByReference pid = new IntByReference();
		user32.GetWindowThreadProcessId(window, pid);
		return new WindowsWindowFacts(hwnd, new String(className, 0, Math.max(classLength, 0)),
				new String(title, 0, Math.max(titleLength, 0)), style, exStyle, owner, cloaked(window), true,
				user32.IsIconic(window), frame(window), client(window), Integer.toUnsignedLong(pid.getValue()), "");
	}

	private static int cloaked(WinDef.HWND window) {
		IntByReference cloaked = new IntByReference();
		int result = Libraries.DWM.DwmGetWindowAttribute(window, DwmApi.DWMWA_CLOAKED, cloaked, Integer.BYTES);
		return (result == DwmApi.S_OK) ? cloaked.getValue() : 0;
	}

	/**
	 * The extended frame bounds: {@code GetWindowRect} includes the invisible resize
	 * borders (about 7 pixels at 100 %) that Windows 10 and 11 draw around a window.
	 */
	private static Rect frame(WinDef.HWND window) {
		WinDef.RECT rect = new WinDef.RECT();
		int result = Libraries.DWM.DwmGetWindowAttribute(window, DwmApi.DWMWA_EXTENDED_FRAME_BOUNDS, rect, rect.size());
		if (result != DwmApi.S_OK && !Libraries.USER32.GetWindowRect(window, rect)) {
			return null;
		}
		return WindowsWindowFacts.edges(rect.left, rect.top, rect.right, rect.bottom);
	}

	private static Rect client(WinDef.HWND window) {
		WinDef.RECT rect = new WinDef.RECT();
		WinDef.POINT origin = new WinDef.POINT(0, 0);
		if (!Libraries.USER32.GetClientRect(window, rect) || !Libraries.USER32.ClientToScreen(window, origin)) {
			return null;
		}
		// GetClientRect's left and top are always 0
		return WindowsWindowFacts.edges(origin.x, origin.y, origin.x + rect.right, origin.y + rect.bottom);
	}

	/** The facts with the executable's path, read once per process. */
	private static WindowsWindowFacts withExecutable(WindowsWindowFacts facts, Map<Long, String> byPid) {
		String path = (facts.pid() != 0) ? byPid.computeIfAbsent(facts.pid(), WindowsWindowDriver::executable) : "";
		return new WindowsWindowFacts(facts.hwnd(), facts.className(), facts.title(), facts.style(), facts.exStyle(),
				facts.owner(), facts.cloaked(), facts.visible(), facts.iconic(), facts.frame(), facts.client(),
				facts.pid(), path);
	}

	/**
	 * The process's image path, or empty when it cannot be opened: limited query rights
	 * suffice for elevated processes, not for protected ones (antimalware, some system
	 * services).
	 */
	private static String executable(long pid) {
		WinNT.HANDLE process = Kernel32.INSTANCE.OpenProcess(WinNT.PROCESS_QUERY_LIMITED_INFORMATION, false, (int) pid);
		if (process == null) {
			return "";
		}
		try {
			char[] path = new char[PATH_CHARS];
			IntByReference length = new IntByReference(path.length);
			if (!Kernel32.INSTANCE.QueryFullProcessImageName(process, 0, path, length)) {
				return "";
			}
			return new String(path, 0, length.getValue());
		}
		finally {
			Kernel32.INSTANCE.CloseHandle(process);
		}
	}

	private static long value(WinDef.HWND window) {
		return (window != null) ? Pointer.nativeValue(window.getPointer()) : 0;
	}

	/** Loaded when first used: a holder's fields are initialised on first access. */
	private static final class Libraries {

		static final WindowApi USER32 = Native.load("user32", WindowApi.class, W32APIOptions.DEFAULT_OPTIONS);

		static final InputApi INPUT = InputApi.load();

		static final DwmApi DWM = Native.load("dwmapi", DwmApi.class);

	}

}
