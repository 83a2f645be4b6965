package dev.deskhand.elements;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.List;

import javax.imageio.ImageIO;

import dev.deskhand.platform.Frame;
import dev.deskhand.screen.ImageEncoders;
import dev.deskhand.screen.Screenshot;

/**
 * Marks on a screenshot: each listed element's box outlined and labelled with its ref
 * number, so that a model can name an element by what it sees ("set of marks"). Drawn
 * with a built-in digit font: no AWT fonts, which a headless server may not have.
 */
public final class ElementMarks {

	/** Magenta: rare in user interfaces, so a mark is not mistaken for the app's own. */
	static final int COLOUR = 0xFF00FF;

	static final int TEXT = 0xFFFFFF;

	// 3x5 digits, one row of three bits per entry, drawn at SCALE.
	private static final int[][] DIGITS = { { 7, 5, 5, 5, 7 }, { 2, 6, 2, 2, 7 }, { 7, 1, 7, 4, 7 }, { 7, 1, 7, 1, 7 },
			{ 5, 5, 7, 1, 1 }, { 7, 4, 7, 1, 7 }, { 7, 4, 7, 5, 7 }, { 7, 1, 1, 1, 1 }, { 7, 5, 7, 5, 7 },
			{ 7, 5, 7, 1, 7 } };

	private static final int SCALE = 2;

	private static final int PAD = 2;

	private final ImageEncoders encoders = new ImageEncoders();

	private final float jpegQuality;

	public ElementMarks(float jpegQuality) {
		this.jpegQuality = jpegQuality;
	}

	/**
	 * The screenshot with the marks of the elements on its display drawn on it, in the
	 * same format and geometry.
	 */
	public Screenshot draw(Screenshot shot, List<ListedElement> elements) {
		Frame frame = decode(shot);
		for (ListedElement element : elements) {
			if (element.bounds() != null && shot.geometry().displayId().equals(element.displayId())) {
				// bounds are in the agent's coordinates: grid cells in a grid session
				List<Integer> b = element.bounds();
				mark(frame, shot.geometry().toImagePixels(b.get(0), b.get(1), b.get(2), b.get(3)),
						element.ref().replaceAll("\\D", ""));
			}
		}
		return new Screenshot(this.encoders.encode(frame, shot.format(), this.jpegQuality), shot.format(), shot.width(),
				shot.height(), shot.geometry());
	}

	private static void mark(Frame frame, int[] bounds, String number) {
		int x = bounds[0];
		int y = bounds[1];
		int width = bounds[2];
		int height = bounds[3];
		// the outline, 2 px, on the element's edge
		fill(frame, x, y, width, 2, COLOUR);
		fill(frame, x, y + height - 2, width, 2, COLOUR);
		fill(frame, x, y, 2, height, COLOUR);
		fill(frame, x + width - 2, y, 2, height, COLOUR);
		// the label in the top-left corner: a filled box with the number in white
		int digitWidth = 3 * SCALE;
		int labelWidth = number.length() * (digitWidth + SCALE) - SCALE + 2 * PAD;
		int labelHeight = 5 * SCALE + 2 * PAD;
		fill(frame, x, y, labelWidth, labelHeight, COLOUR);
		for (int i = 0; i < number.length(); i++) {
			int[] rows = DIGITS[number.charAt(i) - '0'];
			int left = x + PAD + i * (digitWidth + SCALE);
			for (int row = 0; row < 5; row++) {
				for (int column = 0; column < 3; column++) {
					if ((rows[row] & (4 >> column)) != 0) {
						fill(frame, left + column * SCALE, y + PAD + row * SCALE, SCALE, SCALE, TEXT);
					}
				}
			}
		}
	}

	/** A rectangle filled, clipped to the frame. */
	private static void fill(Frame frame, int x, int y, int width, int height, int colour) {
		int fromX = Math.max(0, x);
		int toX = Math.min(frame.width(), x + width);
		int fromY = Math.max(0, y);
		int toY = Math.min(frame.height(), y + height);
		if (fromX >= toX) {
			return;
		}
		for (int row = fromY; row < toY; row++) {
			Arrays.fill(frame.pixels(), row * frame.width() + fromX, row * frame.width() + toX, colour);
		}
	}

	private static Frame decode(Screenshot shot) {
		try {
			BufferedImage image = ImageIO.read(new ByteArrayInputStream(shot.image()));
			if (image == null) {
				throw new IllegalStateException("the screenshot could not be decoded to draw marks on it");
			}
			int[] pixels = image.getRGB(0, 0, image.getWidth(), image.getHeight(), null, 0, image.getWidth());
			for (int i = 0; i < pixels.length; i++) {
				pixels[i] &= 0xFFFFFF;
			}
			return new Frame(image.getWidth(), image.getHeight(), pixels);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
