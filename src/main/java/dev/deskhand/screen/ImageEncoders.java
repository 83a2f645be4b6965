package dev.deskhand.screen;

import java.awt.image.BufferedImage;
import java.awt.image.DataBufferInt;
import java.awt.image.DirectColorModel;
import java.awt.image.Raster;
import java.awt.image.SinglePixelPackedSampleModel;
import java.awt.image.WritableRaster;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Iterator;

import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.stream.ImageOutputStream;
import javax.imageio.stream.MemoryCacheImageOutputStream;

import dev.deskhand.platform.Frame;

/**
 * Encodes frames in either {@link ImageFormat}: PNG with {@link PngEncoder}, JPEG with
 * the JDK's ImageIO writer. Thread-safe.
 */
public final class ImageEncoders {

	/**
	 * JPEG quality when none is configured: text stays readable, a third of PNG's size.
	 */
	public static final float DEFAULT_JPEG_QUALITY = 0.8f;

	private static final int[] RGB_MASKS = { 0xFF0000, 0x00FF00, 0x0000FF };

	private static final DirectColorModel RGB = new DirectColorModel(24, RGB_MASKS[0], RGB_MASKS[1], RGB_MASKS[2]);

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
			case JPEG -> encodeJpeg(frame, jpegQuality);
		};
	}

	private static byte[] encodeJpeg(Frame frame, float quality) {
		if (!(quality >= 0f && quality <= 1f)) {
			throw new IllegalArgumentException("JPEG quality must be between 0 and 1, got " + quality);
		}
		Iterator<ImageWriter> writers = ImageIO.getImageWritersByFormatName("jpeg");
		if (!writers.hasNext()) {
			throw new IllegalStateException("this JRE has no ImageIO JPEG writer");
		}
		ImageWriter writer = writers.next();
		ByteArrayOutputStream bytes = new ByteArrayOutputStream(frame.width() * frame.height() / 4 + 1024);
		try (ImageOutputStream stream = new MemoryCacheImageOutputStream(bytes)) {
			ImageWriteParam param = writer.getDefaultWriteParam();
			param.setCompressionMode(ImageWriteParam.MODE_EXPLICIT);
			param.setCompressionQuality(quality);
			writer.setOutput(stream);
			writer.write(null, new IIOImage(wrap(frame), null, null), param);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("JPEG encoding failed", ex);
		}
		finally {
			writer.dispose();
		}
		return bytes.toByteArray();
	}

	/**
	 * A TYPE_INT_RGB image over the frame's own pixel array, without copying. The colour
	 * model reads only the low 24 bits, so whatever a driver leaves in the top byte is
	 * ignored.
	 */
	static BufferedImage wrap(Frame frame) {
		int width = frame.width();
		int height = frame.height();
		DataBufferInt buffer = new DataBufferInt(frame.pixels(), width * height);
		WritableRaster raster = Raster.createWritableRaster(
				new SinglePixelPackedSampleModel(buffer.getDataType(), width, height, RGB_MASKS), buffer, null);
		return new BufferedImage(RGB, raster, false, null);
	}

}
