package dev.deskhand.screen.codec;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.CRC32;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A PNG taken apart into its chunks, each CRC checked, for tests that look inside the
 * stream.
 */
record PngChunks(List<String> types, byte[] idat) {

	private static final byte[] SIGNATURE = { (byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n' };

	static PngChunks parse(byte[] png) {
		ByteBuffer buffer = ByteBuffer.wrap(png);
		byte[] signature = new byte[8];
		buffer.get(signature);
		assertThat(signature).as("PNG signature").isEqualTo(SIGNATURE);
		List<String> types = new ArrayList<>();
		ByteArrayOutputStream idat = new ByteArrayOutputStream();
		while (buffer.hasRemaining()) {
			int length = buffer.getInt();
			byte[] typeAndData = new byte[4 + length];
			buffer.get(typeAndData);
			CRC32 crc = new CRC32();
			crc.update(typeAndData);
			String type = new String(typeAndData, 0, 4, StandardCharsets.US_ASCII);
			assertThat(buffer.getInt()).as("CRC of %s", type).isEqualTo((int) crc.getValue());
			types.add(type);
			if (type.equals("IDAT")) {
				idat.write(typeAndData, 4, length);
			}
		}
		return new PngChunks(types, idat.toByteArray());
	}

	/** The zlib stream's Adler-32 trailer. */
	int trailer() {
		return ByteBuffer.wrap(Arrays.copyOfRange(this.idat, this.idat.length - 4, this.idat.length)).getInt();
	}

}
