package dev.deskhand.screen.codec;

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
import javax.imageio.ImageTypeSpecifier;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.metadata.IIOInvalidTreeException;
import javax.imageio.metadata.IIOMetadata;
import javax.imageio.stream.ImageOutputStream;
import javax.imageio.stream.MemoryCacheImageOutputStream;

import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

import dev.deskhand.platform.Frame;

/**
 * Baseline JPEG through the JDK's ImageIO writer (its native libjpeg), whole or in
 * horizontal stripes that join into one image.
 *
 * <p>
 * A stripe is encoded as a JPEG of its own; its entropy-coded data starts from zero DC
 * predictors, exactly as data after a restart marker does. {@link #assemble} writes one
 * header with a restart interval of one stripe and puts the stripes' data between restart
 * markers: any stripe can be re-encoded alone and joined with the others as they were.
 * All stripes use the same tables (the writer's standard Huffman tables, the quality's
 * quantization tables), and with stripes a multiple of the MCU height the 8x8 blocks are
 * the whole image's, so the joined image decodes to the same pixels as the whole image
 * encoded at once (tested).
 */
public final class JpegEncoder {

	/**
	 * Stripes start on multiples of this many rows: the MCU height at 4:2:0, twice that
	 * at 4:4:4.
	 */
	static final int MCU_ROWS = 16;

	private static final int[] RGB_MASKS = { 0xFF0000, 0x00FF00, 0x0000FF };

	private static final DirectColorModel RGB = new DirectColorModel(24, RGB_MASKS[0], RGB_MASKS[1], RGB_MASKS[2]);

	private static final int SOF0 = 0xC0;

	private static final int SOS = 0xDA;

	/** One stripe: the header of its own JPEG (up to its scan's data) and that data. */
	public record Stripe(byte[] header, int dataStart, int dataEnd, int rows) {
	}

	private JpegEncoder() {
	}

	/**
	 * @param quality 0 (smallest) to 1 (best)
	 * @param chromaSubsampling 4:2:0 (the writer's default: colour at half resolution
	 * each way) when true, 4:4:4 (colour at full resolution) when false
	 */
	public static byte[] encode(Frame frame, float quality, boolean chromaSubsampling) {
		return encode(frame.pixels(), frame.width(), 0, frame.height(), quality, chromaSubsampling);
	}

	/**
	 * Rows {@code [from, to)} of a row-major image {@code width} pixels wide as a stripe;
	 * {@code from} must be a multiple of {@link #MCU_ROWS}.
	 */
	static Stripe stripe(int[] pixels, int width, int from, int to, float quality, boolean chromaSubsampling) {
		if (from % MCU_ROWS != 0) {
			throw new IllegalArgumentException("a stripe starts on an MCU row, not at row " + from);
		}
		byte[] jpeg = encode(pixels, width, from, to, quality, chromaSubsampling);
		int sos = find(jpeg, SOS);
		int dataStart = sos + 2 + length(jpeg, sos + 2);
		// the writer ends with EOI, right after the scan's data
		return new Stripe(jpeg, dataStart, jpeg.length - 2, to - from);
	}

	/**
	 * Joins stripes, top to bottom, of an image {@code width} x {@code height}: each but
	 * the last must have the same number of rows, a multiple of {@link #MCU_ROWS}.
	 */
	static byte[] assemble(int width, int height, Stripe[] stripes, boolean chromaSubsampling) {
		byte[] first = stripes[0].header();
		int mcuSize = chromaSubsampling ? 16 : 8;
		int interval = ((width + mcuSize - 1) / mcuSize) * (stripes[0].rows() / mcuSize);
		if (stripes.length > 1 && (interval > 0xFFFF || stripes[0].rows() % MCU_ROWS != 0)) {
			throw new IllegalArgumentException("stripes of " + stripes[0].rows() + " rows cannot be restart intervals");
		}
		int sos = find(first, SOS);
		int sosLength = stripes[0].dataStart() - sos;
		int size = sos + 6 + sosLength + (stripes.length - 1) * 2 + 2;
		for (Stripe stripe : stripes) {
			size += stripe.dataEnd() - stripe.dataStart();
		}
		byte[] out = new byte[size];
		System.arraycopy(first, 0, out, 0, sos);
		// the frame header names the whole image's height
		int sof = find(out, SOF0);
		out[sof + 5] = (byte) (height >> 8);
		out[sof + 6] = (byte) height;
		out[sof + 7] = (byte) (width >> 8);
		out[sof + 8] = (byte) width;
		int at = sos;
		out[at++] = (byte) 0xFF;
		out[at++] = (byte) 0xDD;
		out[at++] = 0;
		out[at++] = 4;
		out[at++] = (byte) (interval >> 8);
		out[at++] = (byte) interval;
		System.arraycopy(first, sos, out, at, sosLength);
		at += sosLength;
		for (int i = 0; i < stripes.length; i++) {
			Stripe stripe = stripes[i];
			int length = stripe.dataEnd() - stripe.dataStart();
			System.arraycopy(stripe.header(), stripe.dataStart(), out, at, length);
			at += length;
			if (i < stripes.length - 1) {
				out[at++] = (byte) 0xFF;
				out[at++] = (byte) (0xD0 + (i % 8));
			}
		}
		out[at++] = (byte) 0xFF;
		out[at] = (byte) 0xD9;
		return out;
	}

	private static byte[] encode(int[] pixels, int width, int from, int to, float quality, boolean chromaSubsampling) {
		if (!(quality >= 0f && quality <= 1f)) {
			throw new IllegalArgumentException("JPEG quality must be between 0 and 1, got " + quality);
		}
		Iterator<ImageWriter> writers = ImageIO.getImageWritersByFormatName("jpeg");
		if (!writers.hasNext()) {
			throw new IllegalStateException("this JRE has no ImageIO JPEG writer");
		}
		ImageWriter writer = writers.next();
		int rows = to - from;
		ByteArrayOutputStream bytes = new ByteArrayOutputStream(width * rows / 3 + 1024);
		try (ImageOutputStream stream = new MemoryCacheImageOutputStream(bytes)) {
			ImageWriteParam param = writer.getDefaultWriteParam();
			param.setCompressionMode(ImageWriteParam.MODE_EXPLICIT);
			param.setCompressionQuality(quality);
			BufferedImage image = wrap(pixels, width, from, rows);
			IIOMetadata metadata = chromaSubsampling ? null : fullResolutionChroma(writer, image, param);
			writer.setOutput(stream);
			writer.write(null, new IIOImage(image, null, metadata), param);
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
	 * The writer's default metadata with every component sampled 1x1: the JDK writer
	 * takes the sampling factors only from there.
	 */
	private static IIOMetadata fullResolutionChroma(ImageWriter writer, BufferedImage image, ImageWriteParam param)
			throws IIOInvalidTreeException {
		IIOMetadata metadata = writer.getDefaultImageMetadata(new ImageTypeSpecifier(image), param);
		String format = metadata.getNativeMetadataFormatName();
		Node tree = metadata.getAsTree(format);
		NodeList components = ((Element) tree).getElementsByTagName("componentSpec");
		for (int i = 0; i < components.getLength(); i++) {
			Element component = (Element) components.item(i);
			component.setAttribute("HsamplingFactor", "1");
			component.setAttribute("VsamplingFactor", "1");
		}
		metadata.setFromTree(format, tree);
		return metadata;
	}

	/**
	 * A TYPE_INT_RGB image over rows of the array, without copying. The colour model
	 * reads only the low 24 bits, so whatever a driver leaves in the top byte is ignored.
	 */
	public static BufferedImage wrap(int[] pixels, int width, int from, int rows) {
		DataBufferInt buffer = new DataBufferInt(pixels, width * rows, from * width);
		WritableRaster raster = Raster.createWritableRaster(
				new SinglePixelPackedSampleModel(buffer.getDataType(), width, rows, RGB_MASKS), buffer, null);
		return new BufferedImage(RGB, raster, false, null);
	}

	/** The offset of the first marker {@code 0xFF code} among the header's segments. */
	private static int find(byte[] jpeg, int code) {
		int at = 2;
		while (at + 4 <= jpeg.length) {
			if ((jpeg[at] & 0xFF) != 0xFF) {
				break;
			}
			int marker = jpeg[at + 1] & 0xFF;
			if (marker == code) {
				return at;
			}
			at += 2 + length(jpeg, at + 2);
		}
		throw new IllegalStateException("no marker 0x" + Integer.toHexString(code) + " in the JPEG writer's header");
	}

	private static int length(byte[] jpeg, int at) {
		return ((jpeg[at] & 0xFF) << 8) | (jpeg[at + 1] & 0xFF);
	}

}
