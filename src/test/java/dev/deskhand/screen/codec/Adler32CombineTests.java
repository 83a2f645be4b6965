package dev.deskhand.screen.codec;

import java.util.Random;
import java.util.zip.Adler32;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

class Adler32CombineTests {

	@ParameterizedTest(name = "{0} + {1} bytes")
	@CsvSource({ "0, 0", "0, 7", "7, 0", "1, 1", "100, 3", "65520, 1", "65521, 65521", "65522, 200000",
			"1000000, 1234567", "3, 65521" })
	void combinedChecksumIsTheChecksumOfBothPieces(int firstLength, int secondLength) {
		Random random = new Random(firstLength * 31L + secondLength);
		byte[] data = new byte[firstLength + secondLength];
		random.nextBytes(data);
		// long runs of 0xFF push both sums towards the modulus, where carries go wrong
		// first
		if (data.length > 10) {
			java.util.Arrays.fill(data, data.length / 3, data.length / 2, (byte) 0xFF);
		}
		assertThat(Adler32Combine.combine(adler(data, 0, firstLength), adler(data, firstLength, secondLength),
				secondLength))
			.isEqualTo(adler(data, 0, data.length));
	}

	private static int adler(byte[] data, int offset, int length) {
		Adler32 adler = new Adler32();
		adler.update(data, offset, length);
		return (int) adler.getValue();
	}

}
