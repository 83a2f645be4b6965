package dev.deskhand.selftest;

import java.awt.image.BufferedImage;
import java.util.Optional;

import dev.deskhand.platform.Rect;

/**
 * Finds the witness's target, a square of {@link #COLOUR}, in a screenshot: the bounding
 * box of the pixels near that colour. Scaling the screenshot down to the agent's budget
 * blends the square's edges, so a pixel counts when each channel is within {@link #NEAR}
 * of the colour's.
 */
final class TargetFinder {

	/** Magenta: no desktop theme paints large areas of it. */
	static final int COLOUR = 0xFF00FF;

	private static final int NEAR = 48;

	private TargetFinder() {
	}

	/**
	 * The target's bounding box in image pixels, or empty when nothing is near its
	 * colour.
	 */
	static Optional<Rect> find(BufferedImage image) {
		int minX = Integer.MAX_VALUE;
		int minY = Integer.MAX_VALUE;
		int maxX = -1;
		int maxY = -1;
		for (int y = 0; y < image.getHeight(); y++) {
			for (int x = 0; x < image.getWidth(); x++) {
				if (near(image.getRGB(x, y))) {
					minX = Math.min(minX, x);
					minY = Math.min(minY, y);
					maxX = Math.max(maxX, x);
					maxY = Math.max(maxY, y);
				}
			}
		}
		if (maxX < 0) {
			return Optional.empty();
		}
		return Optional.of(new Rect(minX, minY, maxX - minX + 1, maxY - minY + 1));
	}

	private static boolean near(int rgb) {
		int r = (rgb >> 16) & 0xFF;
		int g = (rgb >> 8) & 0xFF;
		int b = rgb & 0xFF;
		return r >= 255 - NEAR && g <= NEAR && b >= 255 - NEAR;
	}

}
