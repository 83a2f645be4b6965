package dev.deskhand.screen.codec;

import java.util.Arrays;

import static org.assertj.core.api.Assertions.fail;

/**
 * Compares pixel arrays in linear time and reports the first differing pixel; AssertJ's
 * {@code containsExactly} diffs in quadratic time and prints megabytes on failure.
 */
public final class PixelAssertions {

	private PixelAssertions() {
	}

	public static void assertSamePixels(int[] actual, int[] expected, int width, String what) {
		if (actual.length < expected.length) {
			fail(what + ": " + actual.length + " pixels, expected " + expected.length);
		}
		int index = Arrays.mismatch(actual, 0, expected.length, expected, 0, expected.length);
		if (index >= 0) {
			fail(String.format("%s: pixel (%d, %d) is %06X, expected %06X", what, index % width, index / width,
					actual[index], expected[index]));
		}
	}

}
