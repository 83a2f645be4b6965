package dev.deskhand.screen;

/**
 * How large a screenshot may be: it must fit inside {@code maxWidth} x {@code maxHeight}
 * and hold at most {@code maxPixels} pixels. Models downscale larger images themselves,
 * and then the coordinates they answer with no longer match the image we sent, so the
 * budget is the model's own limit (default: Anthropic's 1280x800 box and 1.15
 * megapixels).
 */
public record ImageBudget(int maxWidth, int maxHeight, long maxPixels) {

	public static final ImageBudget DEFAULT = new ImageBudget(1280, 800, 1_150_000);

	public ImageBudget {
		if (maxWidth < 1 || maxHeight < 1 || maxPixels < 1) {
			throw new IllegalArgumentException("image budget must be positive, got " + maxWidth + "x" + maxHeight
					+ " and " + maxPixels + " pixels");
		}
	}

	/**
	 * The largest size with the source's aspect ratio that fits this budget; a source
	 * that already fits is returned unchanged (never upscaled).
	 *
	 * <p>
	 * The longer side is chosen first, as large as the budget allows, and the other side
	 * is the exact aspect ratio rounded to the nearest pixel (1366x768 gives 1280x720,
	 * not 1280x719). Rounding may stretch one axis by under half a pixel; that costs
	 * nothing because {@link ScreenGeometry} scales each axis on its own, so every image
	 * pixel still maps to the display exactly. When rounding up would break a limit, the
	 * longer side shrinks by a pixel and the shorter is rounded again, so the result
	 * never exceeds the budget.
	 */
	public ImageSize fit(int width, int height) {
		if (width < 1 || height < 1) {
			throw new IllegalArgumentException("source size must be at least 1x1, got " + width + "x" + height);
		}
		if (fits(width, height)) {
			return new ImageSize(width, height);
		}
		// iterate on the longer side so the rounding error lands on the side it distorts
		// least
		boolean landscape = width >= height;
		int longSide = landscape ? width : height;
		int shortSide = landscape ? height : width;
		int longMax = landscape ? this.maxWidth : this.maxHeight;
		int shortMax = landscape ? this.maxHeight : this.maxWidth;
		double scale = Math.min(Math.min((double) longMax / longSide, (double) shortMax / shortSide),
				Math.sqrt((double) this.maxPixels / ((double) width * height)));
		// start just above the real-valued answer (and at most maxPixels, the most a
		// 1-pixel short side allows); rounding the short side up costs at most a few
		// steps down
		long start = Math.min((long) Math.ceil(longSide * scale) + 1, Math.min(longSide, longMax));
		int longTarget = (int) Math.min(start, this.maxPixels);
		while (true) {
			int shortTarget = scaledRounded(shortSide, longTarget, longSide);
			long pixels = (long) longTarget * shortTarget;
			if (longTarget == 1 || (shortTarget <= shortMax && pixels <= this.maxPixels)) {
				return landscape ? new ImageSize(longTarget, shortTarget) : new ImageSize(shortTarget, longTarget);
			}
			longTarget--;
		}
	}

	/** Whether an image of this size is inside the budget as it is. */
	public boolean fits(int width, int height) {
		return width <= this.maxWidth && height <= this.maxHeight && (long) width * height <= this.maxPixels;
	}

	/**
	 * {@code value * numerator / denominator} rounded half up, in exact integer
	 * arithmetic, at least 1.
	 */
	private static int scaledRounded(int value, int numerator, int denominator) {
		long rounded = (2L * value * numerator + denominator) / (2L * denominator);
		return (int) Math.max(1, rounded);
	}

}
