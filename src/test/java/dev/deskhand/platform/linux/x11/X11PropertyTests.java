package dev.deskhand.platform.linux.x11;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class X11PropertyTests {

	@Test
	void wmClassIsInstanceThenClass() {
		X11Property wmClass = X11Property.ofBytes("STRING", "xterm\0XTerm\0".getBytes(StandardCharsets.ISO_8859_1));
		assertThat(wmClass.strings()).containsExactly("xterm", "XTerm");
		assertThat(wmClass.text()).isEqualTo("xterm");
	}

	@Test
	void textIsDecodedByItsType() {
		String title = "Grüße ✓ 世界";
		assertThat(X11Property.ofBytes("UTF8_STRING", title.getBytes(StandardCharsets.UTF_8)).text()).isEqualTo(title);
		assertThat(X11Property.ofBytes("STRING", new byte[] { 'G', 'r', (byte) 0xfc, 0 }).text()).isEqualTo("Grü");
		assertThat(X11Property
			.ofBytes("COMPOUND_TEXT",
					new byte[] { 'T', (byte) 0xeb, 0x1b, '%', 'G', (byte) 0xe2, (byte) 0x9c, (byte) 0x93, 0x1b, '%',
							'@' })
			.text()).isEqualTo("Të✓");
		assertThat(X11Property.ofBytes("UTF8_STRING", new byte[0]).text()).isEmpty();
	}

	@Test
	void numbersAreNotText() {
		X11Property pid = X11Property.ofNumbers("CARDINAL", 32, new long[] { 4242 });
		assertThat(pid.number()).isEqualTo(4242);
		assertThat(pid.text()).isEmpty();
		assertThat(X11Property.ofNumbers("WINDOW", 32, new long[0]).number()).isZero();
	}

}
