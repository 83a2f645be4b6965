package dev.deskhand.screen.codec;

import java.util.function.IntFunction;

import dev.deskhand.platform.Frame;

/**
 * The last screenshot of one display at one image size and encoding, kept as bands of
 * {@value #BAND_ROWS} image rows that were scaled and encoded on their own and are joined
 * by the encoding ({@link Bands#assemble}). A screenshot of a frame that differs from the
 * previous one in some rows re-scales and re-encodes only the bands those rows reach and
 * joins the others as they are: after a click or a keystroke most of a screen is
 * unchanged, and scaling and encoding were most of a screenshot's time; a terminal that
 * scrolled re-encodes the terminal's bands, not the screen.
 *
 * <p>
 * A band is reused only when every source row it reads is identical to the frame the band
 * was made from, which the caller checks pixel for pixel (the screen's frame cache), so
 * nothing stale can slip through: the image is what encoding the new frame from scratch
 * gives (tested per encoding: byte for byte for PNG, pixel for pixel for JPEG).
 *
 * <p>
 * Not thread-safe: the pipeline uses it under its display's lock.
 *
 * @param <B> one encoded band
 */
public final class IncrementalImage<B> {

	/**
	 * Rows per band: small enough that a line of text or a button is one or two bands,
	 * large enough that a band's encoding outweighs its hand-off to a worker thread; a
	 * multiple of JPEG's MCU.
	 */
	static final int BAND_ROWS = 32;

	/**
	 * How an encoding encodes one band and joins them. Equal bands (a record's equality:
	 * the same quality, say) mean bands encoded earlier can be reused.
	 */
	public interface Bands<B> {

		/** Encodes image rows {@code from} to {@code to} of {@code scaled}. */
		B encode(int[] scaled, int width, int from, int to, boolean last);

		/** Joins every band into one image. */
		byte[] assemble(int width, int height, B[] bands);

		IntFunction<B[]> arrays();

	}

	/** PNG: each band filtered and deflated on its own, joined under one zlib stream. */
	public static Bands<PngEncoder.DeflatedRows> png(PngEncoder png) {
		return new PngBands(png);
	}

	/**
	 * JPEG: each band a JPEG of its own, joined by restart markers (two bytes a band).
	 */
	public static Bands<JpegEncoder.Stripe> jpeg(float quality, boolean chromaSubsampling) {
		return new JpegBands(quality, chromaSubsampling);
	}

	private record PngBands(PngEncoder png) implements Bands<PngEncoder.DeflatedRows> {

		@Override
		public PngEncoder.DeflatedRows encode(int[] scaled, int width, int from, int to, boolean last) {
			return this.png.deflateRows(scaled, width, from, to, last);
		}

		@Override
		public byte[] assemble(int width, int height, PngEncoder.DeflatedRows[] bands) {
			return PngEncoder.assemble(width, height, bands);
		}

		@Override
		public IntFunction<PngEncoder.DeflatedRows[]> arrays() {
			return PngEncoder.DeflatedRows[]::new;
		}

	}

	private record JpegBands(float quality, boolean chromaSubsampling) implements Bands<JpegEncoder.Stripe> {

		@Override
		public JpegEncoder.Stripe encode(int[] scaled, int width, int from, int to, boolean last) {
			return JpegEncoder.stripe(scaled, width, from, to, this.quality, this.chromaSubsampling);
		}

		@Override
		public byte[] assemble(int width, int height, JpegEncoder.Stripe[] bands) {
			return JpegEncoder.assemble(width, height, bands, this.chromaSubsampling);
		}

		@Override
		public IntFunction<JpegEncoder.Stripe[]> arrays() {
			return JpegEncoder.Stripe[]::new;
		}

	}

	private final ScreenWorkers workers;

	private Bands<B> encoding;

	private AreaAverageScaler.Plan plan;

	private int[] scaled;

	private B[] bands;

	/** The frame the bands show, or -1 when they show nothing usable. */
	private long frameId = -1;

	/**
	 * The newest frame {@link #changedSince} accounts for, or -1 when the changes since
	 * the bands' frame are not known. Frames other screenshots took in between (another
	 * encoding, the operator console's view) pass through {@link #frameReplaced}, so
	 * their changes add up here.
	 */
	private long trackedId = -1;

	/**
	 * Per source row, whether it changed between the bands' frame and {@link #trackedId}.
	 */
	private boolean[] changedSince;

	/** Bands re-encoded by the last call; for tests and benchmarks. */
	private int lastEncodedBands;

	/**
	 * @param workers threads to scale and encode bands on, or {@code null} for the
	 * caller's
	 */
	public IncrementalImage(ScreenWorkers workers) {
		this.workers = workers;
	}

	/**
	 * The display's cached frame was replaced by frame {@code id}, which differs from
	 * frame {@code previousId} in {@code changedRows} ({@code null}: unknown).
	 */
	public void frameReplaced(long id, long previousId, boolean[] changedRows) {
		if (this.trackedId < 0 || previousId != this.trackedId || changedRows == null
				|| changedRows.length != this.changedSince.length) {
			this.trackedId = -1;
			return;
		}
		for (int row = 0; row < changedRows.length; row++) {
			this.changedSince[row] |= changedRows[row];
		}
		this.trackedId = id;
	}

	/**
	 * Encodes {@code frame} at {@code width} x {@code height}.
	 * @param frameId identifies the frame (the frame cache's entry id); its changes since
	 * the bands' frame must have been reported to {@link #frameReplaced} for bands to be
	 * reused
	 * @param encoding the encoding; another one than last time starts over
	 */
	public byte[] encode(Frame frame, long frameId, int width, int height, Bands<B> encoding) {
		if (this.plan == null || !this.plan.fits(frame, width, height) || !encoding.equals(this.encoding)) {
			this.plan = AreaAverageScaler.plan(frame.width(), frame.height(), width, height);
			this.encoding = encoding;
			this.scaled = new int[width * height];
			this.bands = encoding.arrays().apply((height + BAND_ROWS - 1) / BAND_ROWS);
			this.frameId = -1;
			this.trackedId = -1;
		}
		int count = this.bands.length;
		int[] dirty = new int[count];
		int dirtyCount = 0;
		boolean same = this.frameId >= 0 && frameId == this.frameId;
		boolean known = this.frameId >= 0 && this.trackedId == frameId;
		for (int band = 0; band < count; band++) {
			if (!same && (!known || anyChanged(this.changedSince, this.plan.firstSourceRow(firstRow(band)),
					this.plan.endSourceRow(endRow(band, height))))) {
				dirty[dirtyCount++] = band;
			}
		}
		// a failure half-way leaves some bands from each frame: the next call must redo
		// them all
		this.frameId = -1;
		this.trackedId = -1;
		int[] pixels = frame.pixels();
		int[] todo = dirty;
		if (this.workers != null) {
			this.workers.forEach(dirtyCount, (i) -> encodeBand(pixels, todo[i], width, height));
		}
		else {
			for (int i = 0; i < dirtyCount; i++) {
				encodeBand(pixels, todo[i], width, height);
			}
		}
		this.frameId = frameId;
		this.trackedId = frameId;
		this.changedSince = new boolean[frame.height()];
		this.lastEncodedBands = dirtyCount;
		return this.encoding.assemble(width, height, this.bands);
	}

	int lastEncodedBands() {
		return this.lastEncodedBands;
	}

	private void encodeBand(int[] source, int band, int width, int height) {
		int from = firstRow(band);
		int to = endRow(band, height);
		this.plan.scaleRows(source, this.scaled, from, to);
		this.bands[band] = this.encoding.encode(this.scaled, width, from, to, to == height);
	}

	private static int firstRow(int band) {
		return band * BAND_ROWS;
	}

	private static int endRow(int band, int height) {
		return Math.min(height, (band + 1) * BAND_ROWS);
	}

	private static boolean anyChanged(boolean[] rows, int from, int to) {
		for (int row = from; row < to; row++) {
			if (rows[row]) {
				return true;
			}
		}
		return false;
	}

}
