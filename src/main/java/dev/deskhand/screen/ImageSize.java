package dev.deskhand.screen;

/** The size of an image in pixels. */
public record ImageSize(int width, int height) {

	public ImageSize {
		if (width < 1 || height < 1) {
			throw new IllegalArgumentException("image size must be at least 1x1, got " + width + "x" + height);
		}
	}

	public long pixels() {
		return (long) this.width * this.height;
	}

	@Override
	public String toString() {
		return this.width + "x" + this.height;
	}

}
