package dev.deskhand.platform.windows;

import java.util.function.Supplier;

import com.sun.jna.Native;
import com.sun.jna.Pointer;
import com.sun.jna.platform.win32.GDI32;
import com.sun.jna.platform.win32.User32;
import com.sun.jna.platform.win32.WinDef;
import com.sun.jna.platform.win32.WinGDI;
import com.sun.jna.platform.win32.WinNT;
import com.sun.jna.ptr.PointerByReference;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.CaptureDriver;
import dev.deskhand.platform.Frame;
import dev.deskhand.platform.Rect;
import dev.deskhand.platform.windows.jna.GdiApi;

/**
 * Screen capture with GDI: {@code BitBlt(SRCCOPY | CAPTUREBLT)} from the screen DC
 * ({@code GetDC(NULL)}, virtual-desktop coordinates) into a 32 bpp top-down DIB section,
 * kept and reused while requests fit in it, then copied into the caller's array
 * ({@link WindowsPixels}). {@code CAPTUREBLT} includes layered windows (tooltips, menus
 * with shadows, translucent windows), which a plain {@code SRCCOPY} leaves out.
 *
 * <p>
 * Why GDI now: it is a handful of flat C calls through JNA, works from any thread and on
 * every Windows since XP, and under PerMonitorV2 reads physical pixels. DXGI Desktop
 * Duplication ({@code IDXGIOutputDuplication}) is faster on large or often-captured
 * screens and reports dirty and move rectangles, which would feed {@code takeDamage} (the
 * pipeline's damage, answered {@code UNKNOWN} here so every capture is whole); but it is
 * COM: D3D11 device creation and vtable calls through JNA's COM helpers, one duplication
 * per output, re-created after every mode change, desktop switch or
 * {@code DXGI_ERROR_ACCESS_LOST}, owned by a thread of its own. That is the later path.
 *
 * <p>
 * Before each capture the input desktop is checked: on a locked workstation or a secure
 * desktop BitBlt would return black or stale pixels, which must not pass for a
 * screenshot.
 */
final class WindowsCapture implements CaptureDriver, AutoCloseable {

	static final int SRCCOPY = 0x00CC0020;

	static final int CAPTUREBLT = 0x40000000;

	private static final int DIB_RGB_COLORS = 0;

	private final User32 user32;

	private final GDI32 gdi32;

	private final GdiApi gdi;

	private final Supplier<WindowsInputDesktop> desktop;

	// the DIB section, its memory DC and size are shared by every capturing thread
	private final Object lock = new Object();

	private WinDef.HDC memoryDc;

	private WinDef.HBITMAP dib;

	private WinNT.HANDLE replaced;

	private Pointer bits;

	private int dibWidth;

	private int dibHeight;

	WindowsCapture(User32 user32, GDI32 gdi32, GdiApi gdi, Supplier<WindowsInputDesktop> desktop) {
		this.user32 = user32;
		this.gdi32 = gdi32;
		this.gdi = gdi;
		this.desktop = desktop;
	}

	/**
	 * The header of a 32 bpp top-down DIB ({@code biHeight} negative: row 0 is the top),
	 * uncompressed.
	 */
	static WinGDI.BITMAPINFO header(int width, int height) {
		WinGDI.BITMAPINFO info = new WinGDI.BITMAPINFO();
		info.bmiHeader.biSize = info.bmiHeader.size();
		info.bmiHeader.biWidth = width;
		info.bmiHeader.biHeight = -height;
		info.bmiHeader.biPlanes = 1;
		info.bmiHeader.biBitCount = 32;
		info.bmiHeader.biCompression = WinGDI.BI_RGB;
		return info;
	}

	@Override
	public Frame capture(Rect region) {
		return capture(region, null);
	}

	@Override
	public Frame capture(Rect region, int[] buffer) {
		if (region.width() < 1 || region.height() < 1) {
			throw DeskhandException.args("cannot capture an empty region " + region);
		}
		WindowsInputVerdict.desktop(this.desktop.get()).ifPresent((ex) -> {
			throw ex;
		});
		int pixels = region.width() * region.height();
		int[] target = (buffer != null && buffer.length >= pixels) ? buffer : new int[pixels];
		synchronized (this.lock) {
			fit(region.width(), region.height());
			WinDef.HDC screen = this.user32.GetDC(null);
			if (screen == null) {
				throw new DeskhandException(ErrorCode.E_NO_DESKTOP, "Windows gives no screen DC to capture from");
			}
			try {
				if (!this.gdi32.BitBlt(this.memoryDc, 0, 0, region.width(), region.height(), screen, region.x(),
						region.y(), SRCCOPY | CAPTUREBLT)) {
					throw new DeskhandException(ErrorCode.E_FAIL,
							"BitBlt of the screen failed (error " + Native.getLastError() + ")");
				}
			}
			finally {
				this.user32.ReleaseDC(null, screen);
			}
			this.gdi.GdiFlush();
			WindowsPixels.copy(this.bits.getByteBuffer(0, (long) this.dibWidth * region.height() * 4), this.dibWidth,
					region.width(), region.height(), target);
		}
		return new Frame(region.width(), region.height(), target);
	}

	/** Keeps the DIB when the region fits in it, else makes one of the region's size. */
	private void fit(int width, int height) {
		if (this.dib != null && width <= this.dibWidth && height <= this.dibHeight) {
			return;
		}
		release();
		this.memoryDc = this.gdi32.CreateCompatibleDC(null);
		if (this.memoryDc == null) {
			throw new DeskhandException(ErrorCode.E_FAIL,
					"CreateCompatibleDC failed (error " + Native.getLastError() + ")");
		}
		PointerByReference section = new PointerByReference();
		this.dib = this.gdi32.CreateDIBSection(this.memoryDc, header(width, height), DIB_RGB_COLORS, section, null, 0);
		if (this.dib == null || section.getValue() == null) {
			int error = Native.getLastError();
			release();
			throw new DeskhandException(ErrorCode.E_FAIL,
					"CreateDIBSection of " + width + "x" + height + " failed (error " + error + ")");
		}
		this.bits = section.getValue();
		this.replaced = this.gdi32.SelectObject(this.memoryDc, this.dib);
		this.dibWidth = width;
		this.dibHeight = height;
	}

	private void release() {
		if (this.memoryDc != null && this.replaced != null) {
			this.gdi32.SelectObject(this.memoryDc, this.replaced);
		}
		if (this.dib != null) {
			this.gdi32.DeleteObject(this.dib);
		}
		if (this.memoryDc != null) {
			this.gdi32.DeleteDC(this.memoryDc);
		}
		this.memoryDc = null;
		this.dib = null;
		this.replaced = null;
		this.bits = null;
		this.dibWidth = 0;
		this.dibHeight = 0;
	}

	@Override
	public void close() {
		synchronized (this.lock) {
			release();
		}
	}

}
