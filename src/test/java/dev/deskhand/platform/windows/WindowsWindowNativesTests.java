package dev.deskhand.platform.windows;

import com.sun.jna.platform.win32.WinDef;
import org.junit.jupiter.api.Test;

import dev.deskhand.platform.windows.jna.DwmApi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatNoException;

/**
 * What can be checked of the native side without Windows: the drivers load nothing until
 * first used, and the structures passed to {@code DwmGetWindowAttribute} have the sizes
 * it is told.
 */
class WindowsWindowNativesTests {

	@Test
	void theDriversCanBeMadeOnAnyOsBecauseTheyLoadTheirLibrariesOnFirstUse() {
		assertThatNoException().isThrownBy(WindowsWindowDriver::new);
		assertThatNoException().isThrownBy(WindowsClipboard::new);
	}

	@Test
	void rectAndPointHaveWindowsSizes() {
		// four LONGs and two LONGs: 32-bit on every Windows, and int in JNA everywhere
		assertThat(new WinDef.RECT().size()).isEqualTo(16);
		assertThat(new WinDef.POINT().size()).isEqualTo(8);
	}

	@Test
	void theAttributesAreDwmapiHsValues() {
		assertThat(DwmApi.DWMWA_EXTENDED_FRAME_BOUNDS).isEqualTo(9);
		assertThat(DwmApi.DWMWA_CLOAKED).isEqualTo(14);
	}

}
