package dev.deskhand.platform.linux.x11;

import java.io.ByteArrayOutputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;

/**
 * Decodes COMPOUND_TEXT, the ISO 2022 subset of the X Consortium's Compound Text Encoding
 * that Xlib writes for {@code WM_NAME} when a title is not Latin-1 (xterm has no
 * {@code _NET_WM_NAME}). Pure, no connection.
 *
 * <p>
 * Xlib in a UTF-8 locale picks a standard charset where one fits and UTF-8 for the rest:
 * {@code xterm -T '世界 Привет €'} is {@code ESC $ ( B} (JIS X0208) for 世界, {@code ESC - L}
 * (ISO 8859-5) for Привет and {@code ESC - b} (ISO 8859-15) for €, while ✓ is in an
 * {@code ESC % G} ... {@code ESC % @} UTF-8 segment. So the ISO 8859 sets and the three
 * CJK 94x94 sets are decoded as well, through the JDK's charsets. A set the JDK lacks, or
 * an unknown escape, gives U+FFFD instead of guessing.
 */
final class X11CompoundText {

	private static final int ESC = 0x1b;

	private static final int CSI = 0x9b;

	private static final char REPLACEMENT = '\uFFFD';

	/**
	 * 96-character sets, {@code ESC - F}: the ISO 8859 part their right half comes from.
	 */
	private static final Map<Character, String> ISO_8859 = Map.ofEntries(Map.entry('A', "ISO-8859-1"),
			Map.entry('B', "ISO-8859-2"), Map.entry('C', "ISO-8859-3"), Map.entry('D', "ISO-8859-4"),
			Map.entry('F', "ISO-8859-7"), Map.entry('G', "ISO-8859-6"), Map.entry('H', "ISO-8859-8"),
			Map.entry('L', "ISO-8859-5"), Map.entry('M', "ISO-8859-9"), Map.entry('V', "ISO-8859-10"),
			Map.entry('Y', "ISO-8859-13"), Map.entry('_', "ISO-8859-14"), Map.entry('b', "ISO-8859-15"),
			Map.entry('f', "ISO-8859-16"));

	/**
	 * 94x94 sets, {@code ESC $ ( F} or {@code ESC $ ) F}: the EUC charset that holds them
	 * in GR.
	 */
	private static final Map<Character, String> DOUBLE_BYTE = Map.of('A', "GB2312", 'B', "EUC-JP", 'C', "EUC-KR");

	private final byte[] bytes;

	private final StringBuilder text = new StringBuilder();

	private final ByteArrayOutputStream run = new ByteArrayOutputStream();

	/** How the bytes collected in {@link #run} decode. */
	private GraphicSet runSet;

	/** What bytes 0x21-0x7e mean: ASCII until an escape designates another set. */
	private GraphicSet left = GraphicSet.ASCII;

	/**
	 * What bytes 0xa0-0xff mean: the right half of Latin-1 until an escape says
	 * otherwise.
	 */
	private GraphicSet right = GraphicSet.LATIN_1_RIGHT;

	private int position;

	private X11CompoundText(byte[] bytes) {
		this.bytes = bytes;
	}

	/**
	 * @param bytes a COMPOUND_TEXT property value
	 * @return the text; NUL bytes (list separators) are kept as U+0000
	 */
	static String decode(byte[] bytes) {
		return new X11CompoundText(bytes).decode();
	}

	private String decode() {
		while (this.position < this.bytes.length) {
			int b = this.bytes[this.position++] & 0xff;
			if (b == ESC) {
				escape();
			}
			else if (b == CSI) {
				skipControlSequence();
			}
			else if (b == ' ' || b == '\t' || b == '\n' || b == 0) {
				emit(GraphicSet.ASCII, b);
			}
			else if (b >= 0x21 && b <= 0x7e) {
				emit(this.left, b);
			}
			else if (b >= 0xa0) {
				emit(this.right, b);
			}
			// other C0 and C1 controls have no meaning in compound text
		}
		flush();
		return this.text.toString();
	}

	private void emit(GraphicSet set, int b) {
		if (set != this.runSet) {
			flush();
			this.runSet = set;
		}
		this.run.write(set.sevenBit ? b & 0x7f : b | 0x80);
	}

	private void flush() {
		if (this.run.size() > 0) {
			this.text.append(this.runSet.decode(this.run.toByteArray()));
			this.run.reset();
		}
	}

	/** After ESC: intermediate bytes 0x20-0x2f, then one final byte 0x30-0x7e. */
	private void escape() {
		int start = this.position;
		while (this.position < this.bytes.length && (this.bytes[this.position] & 0xff) >= 0x20
				&& (this.bytes[this.position] & 0xff) <= 0x2f) {
			this.position++;
		}
		if (this.position >= this.bytes.length) {
			return;
		}
		String intermediates = new String(this.bytes, start, this.position - start, StandardCharsets.ISO_8859_1);
		char last = (char) (this.bytes[this.position++] & 0xff);
		switch (intermediates) {
			case "(" -> this.left = singleByte94(last);
			case ")" -> this.right = singleByte94(last);
			case "-" -> this.right = GraphicSet.of(ISO_8859.get(last));
			// "ESC $ B" is ISO 2022's older spelling of "ESC $ ( B"
			case "$(", "$" -> this.left = GraphicSet.of(DOUBLE_BYTE.get(last));
			case "$)" -> this.right = GraphicSet.of(DOUBLE_BYTE.get(last));
			case "%" -> {
				if (last == 'G') {
					utf8Segment();
				}
			}
			case "%/" -> extendedSegment();
			default -> {
				// an escape this decoder does not know changes nothing it could honour
			}
		}
	}

	private static GraphicSet singleByte94(char last) {
		return switch (last) {
			case 'B' -> GraphicSet.ASCII;
			case 'J' -> GraphicSet.JIS_ROMAN;
			case 'I' -> GraphicSet.KATAKANA;
			default -> GraphicSet.UNKNOWN;
		};
	}

	/** {@code ESC % G} switches to UTF-8 until {@code ESC % @} (an XFree86 extension). */
	private void utf8Segment() {
		flush();
		int start = this.position;
		int end = start;
		while (end < this.bytes.length && !(this.bytes[end] == ESC && end + 2 < this.bytes.length
				&& this.bytes[end + 1] == '%' && this.bytes[end + 2] == '@')) {
			end++;
		}
		this.text.append(new String(this.bytes, start, end - start, StandardCharsets.UTF_8));
		this.position = Math.min(this.bytes.length, end + 3);
	}

	/**
	 * {@code ESC % / F M L name STX data}: a segment in a charset named in the segment
	 * itself, {@code (M - 128) * 128 + (L - 128)} bytes long after {@code L}.
	 */
	private void extendedSegment() {
		flush();
		if (this.position + 2 > this.bytes.length) {
			this.position = this.bytes.length;
			return;
		}
		int length = ((this.bytes[this.position] & 0x7f) << 7) | (this.bytes[this.position + 1] & 0x7f);
		int start = this.position + 2;
		int end = Math.min(this.bytes.length, start + length);
		int stx = start;
		while (stx < end && this.bytes[stx] != 0x02) {
			stx++;
		}
		String name = new String(this.bytes, start, stx - start, StandardCharsets.ISO_8859_1);
		byte[] data = Arrays.copyOfRange(this.bytes, Math.min(stx + 1, end), end);
		Charset charset = GraphicSet.charset(extendedCharsetName(name));
		this.text.append((charset != null) ? new String(data, charset) : String.valueOf(REPLACEMENT));
		this.position = end;
	}

	/**
	 * X names such as {@code iso8859-14}, {@code koi8-r}, {@code big5-0} as the JDK
	 * spells them.
	 */
	static String extendedCharsetName(String xName) {
		String name = xName.toLowerCase(Locale.ROOT);
		if (name.startsWith("iso8859-")) {
			return "ISO-8859-" + name.substring("iso8859-".length());
		}
		if (name.startsWith("iso10646-")) {
			return "UTF-16BE";
		}
		return name.replaceFirst("-0$", "");
	}

	/**
	 * Control sequence introducer: parameters 0x30-0x3f, intermediates, a final
	 * 0x40-0x7e.
	 */
	private void skipControlSequence() {
		while (this.position < this.bytes.length) {
			int b = this.bytes[this.position++] & 0xff;
			if (b >= 0x40 && b <= 0x7e) {
				return;
			}
		}
	}

	/** One graphic character set and how a run of its bytes becomes text. */
	private static final class GraphicSet {

		static final GraphicSet ASCII = new GraphicSet(true, StandardCharsets.ISO_8859_1, Kind.PLAIN);

		static final GraphicSet LATIN_1_RIGHT = new GraphicSet(false, StandardCharsets.ISO_8859_1, Kind.PLAIN);

		static final GraphicSet JIS_ROMAN = new GraphicSet(true, null, Kind.JIS_ROMAN);

		static final GraphicSet KATAKANA = new GraphicSet(false, null, Kind.KATAKANA);

		static final GraphicSet UNKNOWN = new GraphicSet(true, null, Kind.UNKNOWN);

		/**
		 * Whether its bytes are collected as 7-bit values, else with the high bit set: a
		 * set means the same characters whether it was designated to GL or GR.
		 */
		final boolean sevenBit;

		private final Charset charset;

		private final Kind kind;

		private GraphicSet(boolean sevenBit, Charset charset, Kind kind) {
			this.sevenBit = sevenBit;
			this.charset = charset;
			this.kind = kind;
		}

		/**
		 * A set a JDK charset decodes from its bytes with the high bit set: the right
		 * half of an ISO 8859 part, or EUC for a 94x94 set.
		 */
		static GraphicSet of(String charsetName) {
			Charset charset = charset(charsetName);
			return (charset != null) ? new GraphicSet(false, charset, Kind.PLAIN) : UNKNOWN;
		}

		static Charset charset(String name) {
			try {
				return (name != null && Charset.isSupported(name)) ? Charset.forName(name) : null;
			}
			catch (IllegalArgumentException ex) {
				return null;
			}
		}

		String decode(byte[] run) {
			return switch (this.kind) {
				case PLAIN -> new String(run, this.charset);
				case JIS_ROMAN ->
					new String(run, StandardCharsets.ISO_8859_1).replace('\\', '\u00a5').replace('~', '\u203e');
				case KATAKANA -> katakana(run);
				case UNKNOWN -> String.valueOf(REPLACEMENT).repeat(run.length);
			};
		}

		/** JIS X 0201 katakana 0xa1-0xdf are the halfwidth forms U+FF61-U+FF9F. */
		private static String katakana(byte[] run) {
			StringBuilder text = new StringBuilder();
			for (byte b : run) {
				int code = b & 0xff;
				text.append((code >= 0xa1 && code <= 0xdf) ? (char) (0xff61 + code - 0xa1) : REPLACEMENT);
			}
			return text.toString();
		}

		private enum Kind {

			PLAIN, JIS_ROMAN, KATAKANA, UNKNOWN

		}

	}

}
