package dev.deskhand.platform.linux.x11;

import java.nio.charset.StandardCharsets;

import com.sun.jna.Memory;
import com.sun.jna.platform.unix.X11;
import org.junit.jupiter.api.Test;

import dev.deskhand.platform.linux.x11.jna.Xlib;
import dev.deskhand.platform.linux.x11.jna.Xlib.SelectionEventLayout;

import static org.assertj.core.api.Assertions.assertThat;

/** Encodings, timestamps and event layouts of the clipboard, without an X server. */
class X11ClipboardTextTests {

	private static final String TEXT = "Grüße, 世界 ✓ — naïve 🎉";

	private static final byte[] UTF8 = TEXT.getBytes(StandardCharsets.UTF_8);

	@Test
	void utf8TargetsGetUtf8() {
		assertThat(X11ClipboardText.encode(TEXT, UTF8, "UTF8_STRING"))
			.isEqualTo(new X11ClipboardText.Encoded("UTF8_STRING", UTF8));
		assertThat(X11ClipboardText.encode(TEXT, UTF8, "TEXT").type()).isEqualTo("UTF8_STRING");
		X11ClipboardText.Encoded mime = X11ClipboardText.encode(TEXT, UTF8, "text/plain;charset=UTF-8");
		assertThat(mime.type()).isEqualTo("text/plain;charset=UTF-8");
		assertThat(mime.bytes()).isEqualTo(UTF8);
	}

	@Test
	void stringIsLatin1WithAQuestionMarkPerCodePointOutsideIt() {
		X11ClipboardText.Encoded string = X11ClipboardText.encode(TEXT, UTF8, "STRING");
		assertThat(string.type()).isEqualTo("STRING");
		// 世界, ✓, — and 🎉 (one code point, two chars) are outside Latin-1
		assertThat(new String(string.bytes(), StandardCharsets.ISO_8859_1)).isEqualTo("Grüße, ?? ? ? naïve ?");
	}

	@Test
	void otherTargetsAreNotText() {
		assertThat(X11ClipboardText.encode(TEXT, UTF8, "image/png")).isNull();
		assertThat(X11ClipboardText.encode(TEXT, UTF8, "MULTIPLE")).isNull();
		assertThat(X11ClipboardText.encode(TEXT, UTF8, null)).isNull();
	}

	@Test
	void decodesByType() {
		assertThat(X11ClipboardText.decode("UTF8_STRING", UTF8)).isEqualTo(TEXT);
		assertThat(X11ClipboardText.decode("text/plain;charset=utf-8", UTF8)).isEqualTo(TEXT);
		assertThat(X11ClipboardText.decode("STRING", new byte[] { 'c', 'a', 'f', (byte) 0xe9 })).isEqualTo("café");
		assertThat(X11ClipboardText.decode("COMPOUND_TEXT",
				new byte[] { 'T', (byte) 0xeb, 0x1b, '%', 'G', (byte) 0xe2, (byte) 0x9c, (byte) 0x93, 0x1b, '%', '@' }))
			.isEqualTo("Të✓");
		assertThat(X11ClipboardText.decode("UTF8_STRING", "line\0\0".getBytes(StandardCharsets.UTF_8)))
			.isEqualTo("line");
		assertThat(X11ClipboardText.decode("UTF8_STRING", new byte[0])).isEmpty();
	}

	@Test
	void onlyTextTypesCountAsText() {
		assertThat(X11ClipboardText.isText("UTF8_STRING")).isTrue();
		assertThat(X11ClipboardText.isText("STRING")).isTrue();
		assertThat(X11ClipboardText.isText("COMPOUND_TEXT")).isTrue();
		assertThat(X11ClipboardText.isText("text/plain;charset=utf-8")).isTrue();
		assertThat(X11ClipboardText.isText("TEXT/HTML")).isTrue();
		assertThat(X11ClipboardText.isText("image/png")).isFalse();
		assertThat(X11ClipboardText.isText("INCR")).isFalse();
		assertThat(X11ClipboardText.isText(null)).isFalse();
	}

	@Test
	void timestampsCompareAcrossTheWrap() {
		assertThat(X11ClipboardText.isBefore(1000, 2000)).isTrue();
		assertThat(X11ClipboardText.isBefore(2000, 1000)).isFalse();
		assertThat(X11ClipboardText.isBefore(2000, 2000)).isFalse();
		// 0xfffffff0 is 16 ms before the 32-bit clock wrapped to 0
		assertThat(X11ClipboardText.isBefore(0xfffffff0L, 5)).isTrue();
		assertThat(X11ClipboardText.isBefore(5, 0xfffffff0L)).isFalse();
	}

	@Test
	void selectionRequestIsReadAtItsLp64Offsets() {
		try (Memory event = new Memory(Xlib.XEVENT_SIZE)) {
			event.clear();
			event.setInt(SelectionEventLayout.TYPE, X11.SelectionRequest);
			event.setLong(SelectionEventLayout.REQUEST_OWNER, 0x100);
			event.setLong(SelectionEventLayout.REQUEST_REQUESTOR, 0x200);
			event.setLong(SelectionEventLayout.REQUEST_SELECTION, 11);
			event.setLong(SelectionEventLayout.REQUEST_TARGET, 22);
			event.setLong(SelectionEventLayout.REQUEST_PROPERTY, 33);
			event.setLong(SelectionEventLayout.REQUEST_TIME, 0xfffffffeL);
			assertThat(X11ClipboardEvent.parse(event))
				.isEqualTo(new X11ClipboardEvent.Request(0x200, 11, 22, 33, 0xfffffffeL));
		}
	}

	@Test
	void propertyNotifyTellsDeletionFromNewValue() {
		try (Memory event = new Memory(Xlib.XEVENT_SIZE)) {
			event.clear();
			event.setInt(SelectionEventLayout.TYPE, X11.PropertyNotify);
			event.setLong(SelectionEventLayout.PROPERTY_WINDOW, 0x300);
			event.setLong(SelectionEventLayout.PROPERTY_ATOM, 44);
			event.setLong(SelectionEventLayout.PROPERTY_TIME, 1234);
			event.setInt(SelectionEventLayout.PROPERTY_STATE, X11.PropertyDelete);
			assertThat(X11ClipboardEvent.parse(event))
				.isEqualTo(new X11ClipboardEvent.PropertyChange(0x300, 44, 1234, true));
			event.setInt(SelectionEventLayout.TYPE, X11.KeyPress);
			assertThat(X11ClipboardEvent.parse(event)).isNull();
		}
	}

}
