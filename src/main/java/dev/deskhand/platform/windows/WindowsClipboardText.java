package dev.deskhand.platform.windows;

import java.nio.charset.StandardCharsets;

/**
 * {@code CF_UNICODETEXT}: UTF-16 code units in the machine's order (little-endian on
 * every Windows Deskhand runs on: x64 and ARM64), ended by a NUL unit. Pure.
 */
final class WindowsClipboardText {

	private WindowsClipboardText() {
	}

	/** The bytes to copy into the clipboard's memory: the text and its NUL. */
	static byte[] encode(String text) {
		byte[] units = text.getBytes(StandardCharsets.UTF_16LE);
		byte[] terminated = new byte[units.length + 2];
		System.arraycopy(units, 0, terminated, 0, units.length);
		return terminated;
	}

	/**
	 * The text in a clipboard block, up to its first NUL unit. The block is read whole
	 * ({@code GlobalSize} bytes, which may be more than was asked for) and never past its
	 * end, so a block without its NUL (a careless writer) still yields its text; an odd
	 * trailing byte is ignored.
	 */
	static String decode(byte[] block) {
		int end = block.length & ~1;
		for (int i = 0; i + 1 < block.length; i += 2) {
			if (block[i] == 0 && block[i + 1] == 0) {
				end = i;
				break;
			}
		}
		return new String(block, 0, end, StandardCharsets.UTF_16LE);
	}

}
