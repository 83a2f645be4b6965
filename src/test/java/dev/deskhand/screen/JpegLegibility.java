package dev.deskhand.screen;

import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.GraphicsEnvironment;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.awt.image.DataBufferInt;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;

import javax.imageio.ImageIO;

import dev.deskhand.platform.Frame;
import dev.deskhand.screen.codec.AreaAverageScaler;
import dev.deskhand.screen.codec.JpegEncoder;

/**
 * Whether small text survives JPEG, judged against the lossless image (what a PNG
 * screenshot shows) by an automated criterion:
 * <ol>
 * <li>Render text of a known sequence of characters in a fixed cell grid at the screen's
 * resolution, in one {@link Style}, and scale it as a screenshot does
 * ({@link AreaAverageScaler}).</li>
 * <li>For every printable ASCII character, render the same text with that character in
 * every cell of one phase (every third column of every other line), for each of the six
 * phases: the neighbours of a cell stay as in the text, so this gives how each character
 * would look at each cell, losslessly (the templates).</li>
 * <li>Encode the text as JPEG and decode it. For every glyph, over the image pixels its
 * cell reaches: the distance (root of the summed squared RGB differences) to its own
 * template, and to the nearest template of another character that looks different
 * there.</li>
 * <li>A glyph is <b>legible</b> when the first is below {@link #MARGIN} (0.9) of the
 * second: a nearest-template reader (a crude OCR that knows each character's exact
 * lossless look) still names it, by a margin of 10 %. The text is legible when every
 * glyph is; its score is the largest ratio.</li>
 * </ol>
 * Characters that look exactly like the glyph's own at a cell, losslessly (after the
 * scaling), are not counted there: no encoding can tell them apart, and a PNG does not
 * either.
 */
public final class JpegLegibility {

	/** The characters compared: printable ASCII without the space. */
	static final String ALPHABET;

	static {
		StringBuilder alphabet = new StringBuilder();
		for (char c = 33; c < 127; c++) {
			alphabet.append(c);
		}
		ALPHABET = alphabet.toString();
	}

	/** Cells per line and lines of the rendered text: each character about 4 times. */
	private static final int COLUMNS = 96;

	private static final int LINES = 4;

	private static final int PHASES = 6;

	/**
	 * A glyph is legible when it is at most this fraction of the way to the nearest other
	 * character's look, as seen from its own: nearer its own by 10 %, not just nearer.
	 */
	static final double MARGIN = 0.9;

	/**
	 * How one kind of text looks on screen.
	 *
	 * @param name for the report
	 * @param font a font family, or a logical name such as {@code Monospaced}
	 * @param style {@link Font#PLAIN} or {@link Font#BOLD}
	 * @param pixels the font size in pixels (xterm {@code -fs 9} at 96 dpi is 12)
	 * @param antialiased grey-scale antialiasing (xft) or none (bitmap-like)
	 * @param foreground text colour, 0xRRGGBB
	 * @param background 0xRRGGBB
	 */
	record Style(String name, String font, int style, int pixels, boolean antialiased, int foreground, int background) {
	}

	/**
	 * The result for one style, scale and encoding.
	 *
	 * @param glyphs glyphs judged
	 * @param illegible glyphs at or past {@link #MARGIN} of the way to another character
	 * @param worst the largest ratio of the distances to its own and to the nearest other
	 * character's look
	 * @param worstGlyph the character with that ratio
	 */
	record Score(int glyphs, int illegible, double worst, char worstGlyph) {

		boolean legible() {
			return this.illegible == 0;
		}

	}

	private final Style style;

	private final double scale;

	private final Frame text;

	private final char[] characters;

	/** Per cell: the inner box in image pixels, x0, y0, x1, y1 (exclusive). */
	private final int[][] boxes;

	/** Per character of {@link #ALPHABET}, per cell: the lossless pixels of its box. */
	private final int[][][] templates;

	/** Per cell: the template of its own character. */
	private final int[][] own;

	/**
	 * Per cell, per character: whether it looks exactly like the cell's own character
	 * there, losslessly.
	 */
	private final boolean[][] lookAlike;

	/**
	 * @param scale image pixels per screen pixel, as the screenshot's budget gives (2/3
	 * for 1920x1080 in 1280x720)
	 * @param seed the order of the characters in the text
	 */
	JpegLegibility(Style style, double scale, long seed) {
		this.style = style;
		this.scale = scale;
		List<Character> order = new ArrayList<>();
		while (order.size() < COLUMNS * LINES) {
			List<Character> round = new ArrayList<>();
			for (char c : ALPHABET.toCharArray()) {
				round.add(c);
			}
			Collections.shuffle(round, new Random(seed + order.size()));
			order.addAll(round);
		}
		this.characters = new char[COLUMNS * LINES];
		for (int i = 0; i < this.characters.length; i++) {
			this.characters[i] = order.get(i);
		}
		Grid grid = grid();
		this.boxes = grid.boxes;
		this.text = grid.render(this.characters);
		this.templates = new int[ALPHABET.length()][this.boxes.length][];
		char[] variant = new char[this.characters.length];
		for (int c = 0; c < ALPHABET.length(); c++) {
			// the text with c in every cell of one phase: a cell's neighbours (left,
			// right,
			// above, below) are of other phases, so they stay as in the text
			for (int phase = 0; phase < PHASES; phase++) {
				for (int cell = 0; cell < variant.length; cell++) {
					variant[cell] = (phase(cell) == phase) ? ALPHABET.charAt(c) : this.characters[cell];
				}
				Frame frame = grid.render(variant);
				for (int cell = 0; cell < this.boxes.length; cell++) {
					if (phase(cell) == phase) {
						this.templates[c][cell] = crop(frame, this.boxes[cell]);
					}
				}
			}
		}
		this.own = new int[this.boxes.length][];
		this.lookAlike = new boolean[this.boxes.length][ALPHABET.length()];
		for (int cell = 0; cell < this.boxes.length; cell++) {
			int mine = ALPHABET.indexOf(this.characters[cell]);
			this.own[cell] = this.templates[mine][cell];
			for (int c = 0; c < ALPHABET.length(); c++) {
				this.lookAlike[cell][c] = Arrays.equals(this.own[cell], this.templates[c][cell]);
			}
		}
	}

	/** Three columns by two lines: no two cells of a phase touch. */
	private static int phase(int cell) {
		return (cell % COLUMNS) % 3 + 3 * ((cell / COLUMNS) % 2);
	}

	/** The scaled, lossless text: what a PNG screenshot of it shows. */
	Frame text() {
		return this.text;
	}

	/**
	 * Judges a decoded image of {@link #text()}: per glyph, its distance to its own
	 * template over its distance to the nearest other character's (of those that look
	 * different there).
	 */
	Score judge(Frame decoded) {
		int illegible = 0;
		double worst = 0;
		char worstGlyph = ' ';
		for (int cell = 0; cell < this.boxes.length; cell++) {
			int[] glyph = crop(decoded, this.boxes[cell]);
			double own = distance(glyph, this.own[cell]);
			double other = Double.POSITIVE_INFINITY;
			for (int c = 0; c < ALPHABET.length(); c++) {
				if (ALPHABET.charAt(c) != this.characters[cell] && !this.lookAlike[cell][c]) {
					other = Math.min(other, distance(glyph, this.templates[c][cell]));
				}
			}
			double ratio = (own == 0) ? 0 : own / other;
			if (ratio >= MARGIN) {
				illegible++;
			}
			if (ratio > worst) {
				worst = ratio;
				worstGlyph = this.characters[cell];
			}
		}
		return new Score(this.boxes.length, illegible, worst, worstGlyph);
	}

	/** Encodes {@link #text()} as JPEG, decodes it and judges it. */
	Score judgeJpeg(float quality, boolean chromaSubsampling) {
		return judge(decode(JpegEncoder.encode(this.text, quality, chromaSubsampling)));
	}

	public static Frame decode(byte[] image) {
		try {
			BufferedImage decoded = ImageIO.read(new ByteArrayInputStream(image));
			int width = decoded.getWidth();
			int height = decoded.getHeight();
			return new Frame(width, height, decoded.getRGB(0, 0, width, height, null, 0, width));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	Style style() {
		return this.style;
	}

	double scale() {
		return this.scale;
	}

	private static int[] crop(Frame frame, int[] box) {
		int width = box[2] - box[0];
		int[] pixels = new int[width * (box[3] - box[1])];
		for (int y = box[1]; y < box[3]; y++) {
			for (int x = box[0]; x < box[2]; x++) {
				pixels[(y - box[1]) * width + x - box[0]] = frame.rgb(x, y);
			}
		}
		return pixels;
	}

	private static double distance(int[] a, int[] b) {
		long sum = 0;
		for (int i = 0; i < a.length; i++) {
			for (int shift = 0; shift <= 16; shift += 8) {
				int d = ((a[i] >> shift) & 0xff) - ((b[i] >> shift) & 0xff);
				sum += (long) d * d;
			}
		}
		return Math.sqrt(sum);
	}

	private Font font() {
		String family = this.style.font;
		boolean installed = Arrays
			.asList(GraphicsEnvironment.getLocalGraphicsEnvironment().getAvailableFontFamilyNames())
			.contains(family);
		// a logical font maps to what fontconfig has; a missing family would silently be
		// Dialog
		if (!installed && !family.equals(Font.MONOSPACED) && !family.equals(Font.SANS_SERIF)) {
			throw new IllegalStateException("font " + family + " is not installed (fonts-dejavu-core has it)");
		}
		return new Font(family, this.style.style, this.style.pixels);
	}

	private Grid grid() {
		Font font = font();
		BufferedImage probe = new BufferedImage(1, 1, BufferedImage.TYPE_INT_RGB);
		Graphics2D g = probe.createGraphics();
		FontMetrics metrics = g.getFontMetrics(font);
		// a fixed pitch, as a terminal's; a proportional (UI) font's widest glyph sets it
		int cellWidth = 0;
		for (char c : ALPHABET.toCharArray()) {
			cellWidth = Math.max(cellWidth, metrics.charWidth(c));
		}
		int cellHeight = metrics.getHeight();
		int ascent = metrics.getAscent();
		g.dispose();
		int margin = 8;
		int screenWidth = 2 * margin + COLUMNS * cellWidth;
		int screenHeight = 2 * margin + LINES * cellHeight;
		int width = (int) Math.round(screenWidth * this.scale);
		int height = (int) Math.round(screenHeight * this.scale);
		int[][] boxes = new int[COLUMNS * LINES][];
		double sx = (double) width / screenWidth;
		double sy = (double) height / screenHeight;
		for (int line = 0; line < LINES; line++) {
			for (int column = 0; column < COLUMNS; column++) {
				int x0 = margin + column * cellWidth;
				int y0 = margin + line * cellHeight;
				// every image pixel the cell reaches, if only in part
				boxes[line * COLUMNS + column] = new int[] { (int) Math.floor(x0 * sx), (int) Math.floor(y0 * sy),
						Math.min(width, (int) Math.ceil((x0 + cellWidth) * sx)),
						Math.min(height, (int) Math.ceil((y0 + cellHeight) * sy)) };
			}
		}
		return new Grid(font, cellWidth, cellHeight, ascent, margin, screenWidth, screenHeight, width, height, boxes);
	}

	private final class Grid {

		final Font font;

		final int cellWidth;

		final int cellHeight;

		final int ascent;

		final int margin;

		final int screenWidth;

		final int screenHeight;

		final int width;

		final int height;

		final int[][] boxes;

		Grid(Font font, int cellWidth, int cellHeight, int ascent, int margin, int screenWidth, int screenHeight,
				int width, int height, int[][] boxes) {
			this.font = font;
			this.cellWidth = cellWidth;
			this.cellHeight = cellHeight;
			this.ascent = ascent;
			this.margin = margin;
			this.screenWidth = screenWidth;
			this.screenHeight = screenHeight;
			this.width = width;
			this.height = height;
			this.boxes = boxes;
		}

		/** The characters drawn one per cell at screen resolution, then scaled. */
		Frame render(char[] characters) {
			BufferedImage screen = new BufferedImage(this.screenWidth, this.screenHeight, BufferedImage.TYPE_INT_RGB);
			Graphics2D g = screen.createGraphics();
			g.setColor(new Color(JpegLegibility.this.style.background));
			g.fillRect(0, 0, this.screenWidth, this.screenHeight);
			g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, JpegLegibility.this.style.antialiased
					? RenderingHints.VALUE_TEXT_ANTIALIAS_ON : RenderingHints.VALUE_TEXT_ANTIALIAS_OFF);
			g.setFont(this.font);
			g.setColor(new Color(JpegLegibility.this.style.foreground));
			for (int i = 0; i < characters.length; i++) {
				int x = this.margin + (i % COLUMNS) * this.cellWidth;
				int y = this.margin + (i / COLUMNS) * this.cellHeight + this.ascent;
				g.drawString(String.valueOf(characters[i]), x, y);
			}
			g.dispose();
			int[] pixels = ((DataBufferInt) screen.getRaster().getDataBuffer()).getData();
			Frame frame = new Frame(this.screenWidth, this.screenHeight, pixels);
			if (this.width == this.screenWidth && this.height == this.screenHeight) {
				return frame;
			}
			return new AreaAverageScaler().scale(frame, this.width, this.height);
		}

	}

}
