package dev.deskhand.screen;

/**
 * An encoded image for the agent.
 *
 * @param image the encoded bytes
 * @param format their format
 * @param width image width in pixels
 * @param height image height in pixels
 * @param geometry the display geometry the image coordinates map through (for a zoom: the
 * geometry of the screenshot the region was given in)
 */
public record Screenshot(byte[] image, ImageFormat format, int width, int height, ScreenGeometry geometry) {

	@Override
	public String toString() {
		return "Screenshot[" + this.width + "x" + this.height + " " + this.format + ", " + this.image.length
				+ " bytes]";
	}

}
