package dev.deskhand.platform.linux.x11;

import java.nio.charset.StandardCharsets;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.deskhand.platform.Rect;

import static org.assertj.core.api.Assertions.assertThat;

class X11WindowFactsTests {

	private static final Rect BOUNDS = new Rect(101, 120, 800, 468);

	@Test
	void netWmNameWinsOverWmName() {
		X11WindowFacts facts = facts(Map.of(X11WindowFacts.NET_WM_NAME, utf8("Grüße ✓"), X11WindowFacts.WM_NAME,
				X11Property.ofBytes("STRING", "Gr?e".getBytes(StandardCharsets.ISO_8859_1))));
		assertThat(facts.title()).isEqualTo("Grüße ✓");
	}

	@Test
	void xtermsCompoundTextWmNameIsTheTitleWithoutNetWmName() {
		X11WindowFacts facts = facts(Map.of(X11WindowFacts.WM_NAME, X11Property.ofBytes("COMPOUND_TEXT", new byte[] {
				'T', (byte) 0xeb, 0x1b, '%', 'G', (byte) 0xe2, (byte) 0x9c, (byte) 0x93, 0x1b, '%', '@' })));
		assertThat(facts.title()).isEqualTo("Të✓");
		// an empty _NET_WM_NAME does not hide WM_NAME either
		assertThat(facts(Map.of(X11WindowFacts.NET_WM_NAME, utf8(""), X11WindowFacts.WM_NAME, utf8("xterm"))).title())
			.isEqualTo("xterm");
	}

	@Test
	void wmClassIsInstanceThenClass() {
		X11WindowFacts facts = facts(Map.of(X11WindowFacts.WM_CLASS,
				X11Property.ofBytes("STRING", "xterm\0XTerm\0".getBytes(StandardCharsets.ISO_8859_1))));
		assertThat(facts.appInstance()).isEqualTo("xterm");
		assertThat(facts.appClass()).isEqualTo("XTerm");
		X11WindowFacts instanceOnly = facts(Map.of(X11WindowFacts.WM_CLASS,
				X11Property.ofBytes("STRING", "lonely\0".getBytes(StandardCharsets.ISO_8859_1))));
		assertThat(instanceOnly.appInstance()).isEqualTo("lonely");
		assertThat(instanceOnly.appClass()).isEmpty();
	}

	@Test
	void pidAndMachineAsTheClientWroteThem() {
		X11WindowFacts facts = facts(Map.of(X11WindowFacts.NET_WM_PID,
				X11Property.ofNumbers("CARDINAL", 32, new long[] { 17513 }), X11WindowFacts.WM_CLIENT_MACHINE,
				X11Property.ofBytes("STRING", "vm".getBytes(StandardCharsets.ISO_8859_1))));
		assertThat(facts.pid()).isEqualTo(17513);
		assertThat(facts.machine()).isEqualTo("vm");
		// a pid in a property of the wrong format is no pid
		assertThat(facts(Map.of(X11WindowFacts.NET_WM_PID, utf8("17513"))).pid()).isZero();
	}

	@Test
	void missingPropertiesAreEmpty() {
		X11WindowFacts facts = facts(Map.of());
		assertThat(facts.title()).isEmpty();
		assertThat(facts.appClass()).isEmpty();
		assertThat(facts.appInstance()).isEmpty();
		assertThat(facts.pid()).isZero();
		assertThat(facts.machine()).isEmpty();
		assertThat(facts.bounds()).isEqualTo(BOUNDS);
	}

	private static X11WindowFacts facts(Map<String, X11Property> properties) {
		return new X11WindowFacts(0x400007, properties, BOUNDS);
	}

	private static X11Property utf8(String text) {
		return X11Property.ofBytes("UTF8_STRING", text.getBytes(StandardCharsets.UTF_8));
	}

}
