package dev.deskhand.platform;

/**
 * Captured pixels, row-major, one {@code int} per pixel as {@code 0x00RRGGBB}.
 */
public record Frame(int width, int height, int[] pixels) {

	public Frame {
		if (pixels.length < width * height) {
			throw new IllegalArgumentException("pixel buffer too small for " + width + "x" + height);
		}
	}

	public int rgb(int x, int y) {
		return this.pixels[y * this.width + x] & 0xFFFFFF;
	}

}
