package dev.deskhand.platform.windows;

import org.junit.jupiter.api.Test;

import com.sun.jna.Pointer;
import com.sun.jna.platform.win32.WinGDI;

import dev.deskhand.platform.windows.jna.MonitorInfoExW;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The structures passed to Windows have Windows' sizes (winuser.h, wingdi.h) on any OS
 * JNA lays them out on: fixed-size fields only.
 */
class WindowsStructureLayoutTests {

	@Test
	void monitorInfoExWIs104BytesWithTheDeviceNameAt40() {
		MonitorInfoExW info = new MonitorInfoExW();
		assertThat(info.size()).isEqualTo(104);
		assertThat(info.cbSize).isEqualTo(104);
		info.rcMonitor.left = -1920;
		info.rcWork.bottom = 1040;
		info.dwFlags = 1;
		info.szDevice[0] = '\\';
		info.szDevice[31] = 'z';
		info.write();
		Pointer memory = info.getPointer();
		assertThat(memory.getInt(0)).isEqualTo(104);
		assertThat(memory.getInt(4)).as("rcMonitor.left").isEqualTo(-1920);
		assertThat(memory.getInt(32)).as("rcWork.bottom").isEqualTo(1040);
		assertThat(memory.getInt(36)).as("dwFlags").isEqualTo(1);
		assertThat(memory.getShort(40)).as("szDevice[0]").isEqualTo((short) '\\');
		assertThat(memory.getShort(102)).as("szDevice[31]").isEqualTo((short) 'z');
	}

	@Test
	void theDeviceNameEndsAtItsNul() {
		MonitorInfoExW info = new MonitorInfoExW();
		String name = "\\\\.\\DISPLAY12";
		for (int i = 0; i < name.length(); i++) {
			info.szDevice[i] = (short) name.charAt(i);
		}
		info.szDevice[name.length() + 1] = 'x';
		assertThat(info.deviceName()).isEqualTo(name);
	}

	@Test
	void theDibHeaderIs40BytesTopDownAnd32BitsPerPixel() {
		WinGDI.BITMAPINFO info = WindowsCapture.header(1920, 1080);
		assertThat(info.bmiHeader.size()).isEqualTo(40);
		assertThat(info.bmiHeader.biSize).isEqualTo(40);
		assertThat(info.bmiHeader.biWidth).isEqualTo(1920);
		assertThat(info.bmiHeader.biHeight).isEqualTo(-1080);
		assertThat(info.bmiHeader.biPlanes).isEqualTo((short) 1);
		assertThat(info.bmiHeader.biBitCount).isEqualTo((short) 32);
		assertThat(info.bmiHeader.biCompression).isEqualTo(WinGDI.BI_RGB);
	}

}
