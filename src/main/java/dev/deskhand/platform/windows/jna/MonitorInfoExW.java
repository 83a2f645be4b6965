package dev.deskhand.platform.windows.jna;

import com.sun.jna.Structure;
import com.sun.jna.platform.win32.WinDef;

/**
 * {@code MONITORINFOEXW}, 104 bytes. jna-platform's {@code MONITORINFOEX} declares the
 * device name as {@code char[]}, which JNA lays out as {@code wchar_t}: 2 bytes on
 * Windows but 4 on Linux, so its size could not be checked off Windows. Here the name is
 * 32 UTF-16 code units in a {@code short[]}.
 */
@Structure.FieldOrder({ "cbSize", "rcMonitor", "rcWork", "dwFlags", "szDevice" })
public class MonitorInfoExW extends Structure {

	/** {@code CCHDEVICENAME}. */
	public static final int DEVICE_NAME_LENGTH = 32;

	public int cbSize;

	public WinDef.RECT rcMonitor = new WinDef.RECT();

	public WinDef.RECT rcWork = new WinDef.RECT();

	public int dwFlags;

	public short[] szDevice = new short[DEVICE_NAME_LENGTH];

	public MonitorInfoExW() {
		this.cbSize = size();
	}

	/** The device name, e.g. {@code \\.\DISPLAY1}, up to its terminating NUL. */
	public String deviceName() {
		StringBuilder name = new StringBuilder();
		for (short unit : this.szDevice) {
			if (unit == 0) {
				break;
			}
			name.append((char) unit);
		}
		return name.toString();
	}

}
