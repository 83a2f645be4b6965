package dev.deskhand.platform.windows;

import java.util.ArrayList;
import java.util.List;

import com.sun.jna.platform.win32.WinDef;
import com.sun.jna.platform.win32.WinUser;
import com.sun.jna.ptr.IntByReference;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.DisplayDriver;
import dev.deskhand.platform.DisplayInfo;
import dev.deskhand.platform.Point;
import dev.deskhand.platform.Rect;
import dev.deskhand.platform.windows.jna.DisplayApi;
import dev.deskhand.platform.windows.jna.MonitorInfoExW;
import dev.deskhand.platform.windows.jna.ShcoreApi;

/**
 * Monitors from {@code EnumDisplayMonitors}, {@code GetMonitorInfoW} and
 * {@code GetDpiForMonitor}, turned into displays by {@link WindowsDisplayList}; the
 * pointer from {@code GetCursorPos}, physical pixels under PerMonitorV2 (where
 * {@code GetPhysicalCursorPos} answers the same). Each call asks Windows afresh: a
 * monitor plugged in or a scale changed shows at the next call. Thread-safe: the
 * enumeration's callback runs on the calling thread, into a list of its own.
 */
final class WindowsDisplayDriver implements DisplayDriver {

	private final DisplayApi user32;

	private final ShcoreApi shcore;

	WindowsDisplayDriver(DisplayApi user32, ShcoreApi shcore) {
		this.user32 = user32;
		this.shcore = shcore;
	}

	@Override
	public List<DisplayInfo> displays() {
		return WindowsDisplayList.toDisplays(monitors());
	}

	List<WindowsMonitor> monitors() {
		List<WindowsMonitor> monitors = new ArrayList<>();
		WinUser.MONITORENUMPROC collect = (monitor, dc, rect, data) -> {
			MonitorInfoExW info = new MonitorInfoExW();
			if (this.user32.GetMonitorInfoW(monitor, info)) {
				WinDef.RECT r = info.rcMonitor;
				monitors
					.add(new WindowsMonitor(info.deviceName(), WindowsMonitor.bounds(r.left, r.top, r.right, r.bottom),
							(info.dwFlags & DisplayApi.MONITORINFOF_PRIMARY) != 0, dpi(monitor)));
			}
			return 1;
		};
		if (!this.user32.EnumDisplayMonitors(null, null, collect, new WinDef.LPARAM(0))) {
			throw new DeskhandException(ErrorCode.E_NO_DESKTOP,
					"Windows lists no monitors (EnumDisplayMonitors failed)");
		}
		if (monitors.isEmpty()) {
			throw new DeskhandException(ErrorCode.E_NO_DESKTOP, "Windows lists no monitors");
		}
		return monitors;
	}

	private int dpi(WinUser.HMONITOR monitor) {
		IntByReference x = new IntByReference();
		IntByReference y = new IntByReference();
		int result = this.shcore.GetDpiForMonitor(monitor, ShcoreApi.MDT_EFFECTIVE_DPI, x, y);
		return (result == 0) ? x.getValue() : 0;
	}

	@Override
	public Point pointerPosition() {
		WinDef.POINT point = new WinDef.POINT();
		if (!this.user32.GetCursorPos(point)) {
			// no cursor position while a secure desktop is in front
			throw new DeskhandException(ErrorCode.E_NO_DESKTOP,
					"Windows reports no pointer position: " + WindowsInputVerdict.NO_DESKTOP);
		}
		return new Point(point.x, point.y);
	}

	/** The virtual desktop (every monitor's bounding box), in physical pixels. */
	Rect virtualDesk() {
		return new Rect(this.user32.GetSystemMetrics(DisplayApi.SM_XVIRTUALSCREEN),
				this.user32.GetSystemMetrics(DisplayApi.SM_YVIRTUALSCREEN),
				this.user32.GetSystemMetrics(DisplayApi.SM_CXVIRTUALSCREEN),
				this.user32.GetSystemMetrics(DisplayApi.SM_CYVIRTUALSCREEN));
	}

}
