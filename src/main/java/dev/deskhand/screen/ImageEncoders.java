package dev.deskhand.screen;

import java.awt.image.BufferedImage;

import dev.deskhand.platform.Frame;
import dev.deskhand.screen.codec.JpegEncoder;
import dev.deskhand.screen.codec.PngEncoder;

/**
 * Encodes frames in either {@link ImageFormat}: PNG with {@link PngEncoder}, JPEG with
 * {@link JpegEncoder}. Thread-safe.
 */
public final class ImageEncoders {

	/**
	 * JPEG quality when none is configured: the lowest, in steps of 0.05, at which every
	 * glyph of small terminal and UI text still reads as itself (JpegLegibilityTests).
	 */
	public static final float DEFAULT_JPEG_QUALITY = 0.9f;

	/**
	 * Off: JPEG screenshots keep colour at full resolution (4:4:4). With the writer's
	 * default 4:2:0, coloured text on a dark terminal (ls --color's blue) reads wrong at
	 * every quality at the default scale ('O' taken for '0'; JpegLegibilityTests).
	 */
	static final boolean CHROMA_SUBSAMPLING = false;

	private final PngEncoder png;

	public ImageEncoders() {
		this(new PngEncoder());
	}

	ImageEncoders(PngEncoder png) {
		this.png = png;
	}

	/**
	 * @param jpegQuality 0 (smallest) to 1 (best); ignored for PNG
	 */
	public byte[] encode(Frame frame, ImageFormat format, float jpegQuality) {
		return switch (format) {
			case PNG -> this.png.encode(frame);
			case JPEG -> JpegEncoder.encode(frame, jpegQuality, CHROMA_SUBSAMPLING);
		};
	}

	/**
	 * A TYPE_INT_RGB image over the frame's own pixel array, without copying. The colour
	 * model reads only the low 24 bits, so whatever a driver leaves in the top byte is
	 * ignored.
	 */
	static BufferedImage wrap(Frame frame) {
		return JpegEncoder.wrap(frame.pixels(), frame.width(), 0, frame.height());
	}

}
