package dev.deskhand.platform.linux.x11;

import org.junit.jupiter.api.Test;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class X11PixelsTests {

	@Test
	void clearsThePaddingByte() {
		int[] pixels = { 0xFF123456, 0x00ABCDEF, 0x7F000001 };
		X11Pixels.normalize(pixels, pixels.length, false);
		assertThat(pixels).containsExactly(0x123456, 0xABCDEF, 0x000001);
	}

	@Test
	void swapsPixelsOfAServerWithTheOtherByteOrder() {
		// MSBFirst pixel 0x00RRGGBB read as a little-endian int: BB GG RR 00
		int[] pixels = { 0x563412FF };
		X11Pixels.normalize(pixels, pixels.length, true);
		assertThat(pixels).containsExactly(0x123456);
	}

	@Test
	void refusesPixelFormatsOtherThan8BitsPerChannel() {
		X11Pixels.requireRgb32(32, 0xFF0000, 0xFF00, 0xFF);
		assertThatExceptionOfType(DeskhandException.class)
			.isThrownBy(() -> X11Pixels.requireRgb32(16, 0xF800, 0x7E0, 0x1F))
			.satisfies((ex) -> assertThat(ex.code()).isEqualTo(ErrorCode.E_UNSUPPORTED))
			.withMessageContaining("Xvfb -screen 0 1920x1080x24");
		assertThatExceptionOfType(DeskhandException.class)
			.isThrownBy(() -> X11Pixels.requireRgb32(32, 0x3FF00000, 0xFFC00, 0x3FF));
	}

}
