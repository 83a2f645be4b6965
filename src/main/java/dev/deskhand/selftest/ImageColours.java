package dev.deskhand.selftest;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;

import javax.imageio.ImageIO;

/**
 * Whether an encoded screenshot is one colour: what a capture looks like that delivered
 * no picture (a black frame on a machine that withheld permission, a display that is
 * off).
 *
 * @param uniform every pixel has the same colour
 * @param first the first pixel's colour, {@code #RRGGBB}
 */
record ImageColours(boolean uniform, String first) {

	static ImageColours of(byte[] encoded) throws IOException {
		BufferedImage image = ImageIO.read(new ByteArrayInputStream(encoded));
		if (image == null) {
			throw new IOException("the screenshot is not an image ImageIO can read");
		}
		int first = image.getRGB(0, 0) & 0xFFFFFF;
		for (int y = 0; y < image.getHeight(); y++) {
			for (int x = 0; x < image.getWidth(); x++) {
				if ((image.getRGB(x, y) & 0xFFFFFF) != first) {
					return new ImageColours(false, hex(first));
				}
			}
		}
		return new ImageColours(true, hex(first));
	}

	private static String hex(int rgb) {
		return String.format("#%06X", rgb);
	}

}
