package dev.deskhand.trajectory;

import java.io.ByteArrayInputStream;
import java.io.IOException;

import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.stream.ImageInputStream;
import javax.imageio.stream.MemoryCacheImageInputStream;

/**
 * The width and height of an encoded image (PNG or JPEG), read from its header: the
 * record names them beside each image without decoding it on the writer thread.
 */
final class ImageDimensions {

	private ImageDimensions() {
	}

	/**
	 * @return {@code {width, height}}, or {@code {0, 0}} when no reader knows the bytes
	 */
	static int[] of(byte[] bytes) {
		// From memory: ImageIO's own stream for an InputStream caches it in a temporary
		// file, one a screenshot.
		try (ImageInputStream in = new MemoryCacheImageInputStream(new ByteArrayInputStream(bytes))) {
			var readers = ImageIO.getImageReaders(in);
			if (!readers.hasNext()) {
				return new int[] { 0, 0 };
			}
			ImageReader reader = readers.next();
			try {
				reader.setInput(in);
				return new int[] { reader.getWidth(0), reader.getHeight(0) };
			}
			finally {
				reader.dispose();
			}
		}
		catch (IOException ex) {
			return new int[] { 0, 0 };
		}
	}

}
