package dev.deskhand.testing;

import java.awt.image.BufferedImage;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Where a colour a witness painted shows in a picture, for the end-to-end tests that
 * compare Deskhand's screenshot with one taken outside it.
 */
public final class ColourPixels {

	// scaling blends a square's edge with its surroundings: generous per channel
	private static final int TOLERANCE = 60;

	private ColourPixels() {
	}

	/**
	 * The centre of the pixels of one colour, as {x, y}; fails when fewer than 51 pixels
	 * have it.
	 */
	public static double[] centre(BufferedImage image, int rgb) {
		long sumX = 0;
		long sumY = 0;
		int count = 0;
		for (int y = 0; y < image.getHeight(); y++) {
			for (int x = 0; x < image.getWidth(); x++) {
				if (near(image.getRGB(x, y), rgb)) {
					sumX += x;
					sumY += y;
					count++;
				}
			}
		}
		assertThat(count).as("pixels of %06x", rgb).isGreaterThan(50);
		return new double[] { sumX / (double) count, sumY / (double) count };
	}

	private static boolean near(int argb, int rgb) {
		for (int shift = 0; shift <= 16; shift += 8) {
			if (Math.abs(((argb >> shift) & 0xff) - ((rgb >> shift) & 0xff)) > TOLERANCE) {
				return false;
			}
		}
		return true;
	}

}
