package dev.deskhand.platform.linux.gnome;

import java.util.List;
import java.util.Map;

import org.freedesktop.dbus.types.Variant;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Which type a read asks the clipboard's owner for, from mutter's offer. */
class GnomeClipboardTests {

	@Test
	void theBestTextTypeOnOfferIsAskedFor() {
		// a GTK window's offer, as mutter 43 reported it
		assertThat(GnomeClipboard
			.textType(List.of("UTF8_STRING", "STRING", "TEXT", "text/plain;charset=utf-8", "text/plain", "text/plain")))
			.isEqualTo("text/plain;charset=utf-8");
		// an X client through Xwayland
		assertThat(GnomeClipboard.textType(List.of("TARGETS", "STRING", "UTF8_STRING"))).isEqualTo("UTF8_STRING");
		assertThat(GnomeClipboard.textType(List.of("STRING"))).isEqualTo("STRING");
		assertThat(GnomeClipboard.textType(List.of("text/plain;charset=iso-8859-1")))
			.isEqualTo("text/plain;charset=iso-8859-1");
	}

	@Test
	void noTextOnOfferReadsNothingAndAnUnknownOfferAsksForUtf8() {
		assertThat(GnomeClipboard.textType(List.of("image/png", "application/x-deskhand-test"))).isNull();
		assertThat(GnomeClipboard.textType(null)).isEqualTo(GnomeClipboard.UTF8_TEXT);
		// nobody owns it: mutter says so when asked
		assertThat(GnomeClipboard.textType(List.of())).isEqualTo(GnomeClipboard.UTF8_TEXT);
	}

	@Test
	void theOfferIsFoundInsideMutters43Struct() {
		Object struct = new Object[] { List.of("text/plain;charset=utf-8", "UTF8_STRING") };
		assertThat(GnomeClipboard
			.mimeTypes(Map.of("mime-types", new Variant<>(struct, "(as)"), "session-is-owner", new Variant<>(false))))
			.containsExactly("text/plain;charset=utf-8", "UTF8_STRING");
		assertThat(GnomeClipboard.mimeTypes(Map.of())).isEmpty();
	}

}
