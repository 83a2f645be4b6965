package dev.deskhand.screen;

import dev.deskhand.platform.Frame;

/**
 * The last JPEG screenshot of one display at one image size and quality, kept as stripes
 * of {@value #STRIPE_ROWS} image rows that were scaled and encoded on their own and are
 * joined by restart markers ({@link JpegEncoder#assemble}). As {@link IncrementalPng}
 * does for PNG, a screenshot of a frame that differs from the previous one in some rows
 * re-scales and re-encodes only the stripes those rows reach: a terminal that scrolled
 * re-encodes the terminal's stripes, not the screen.
 *
 * <p>
 * The image decodes to the same pixels as the new frame encoded whole (tested); a stripe
 * is reused only when every source row it reads is identical to the frame it was made
 * from ({@link FrameCache} checks pixel for pixel). The restart markers cost two bytes
 * per stripe.
 *
 * <p>
 * Not thread-safe: the pipeline uses it under its display's lock.
 */
final class IncrementalJpeg {

	/** Rows per stripe, as {@link IncrementalPng#TILE_ROWS}; a multiple of the MCU. */
	static final int STRIPE_ROWS = 32;

	private final ScreenWorkers workers;

	private final boolean chromaSubsampling;

	private AreaAverageScaler.Plan plan;

	private float quality = -1;

	private int[] scaled;

	private JpegEncoder.Stripe[] stripes;

	/** The frame the stripes show, or -1 when they show nothing usable. */
	private long frameId = -1;

	/**
	 * The newest frame {@link #changedSince} accounts for, or -1 when the changes since
	 * the stripes' frame are not known.
	 */
	private long trackedId = -1;

	/**
	 * Per source row, whether it changed between the stripes' frame and
	 * {@link #trackedId}.
	 */
	private boolean[] changedSince;

	private int lastEncodedStripes;

	/**
	 * @param workers threads to scale and encode stripes on, or {@code null} for the
	 * caller's
	 */
	IncrementalJpeg(ScreenWorkers workers, boolean chromaSubsampling) {
		this.workers = workers;
		this.chromaSubsampling = chromaSubsampling;
	}

	/** As {@link IncrementalPng#frameReplaced}. */
	void frameReplaced(long id, long previousId, boolean[] changedRows) {
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
	 * Encodes {@code frame} at {@code width} x {@code height}; as
	 * {@link IncrementalPng#encode}.
	 */
	byte[] encode(Frame frame, long frameId, int width, int height, float quality) {
		if (this.plan == null || !this.plan.fits(frame, width, height) || quality != this.quality) {
			this.plan = AreaAverageScaler.plan(frame.width(), frame.height(), width, height);
			this.quality = quality;
			this.scaled = new int[width * height];
			this.stripes = new JpegEncoder.Stripe[(height + STRIPE_ROWS - 1) / STRIPE_ROWS];
			this.frameId = -1;
			this.trackedId = -1;
		}
		int count = this.stripes.length;
		int[] dirty = new int[count];
		int dirtyCount = 0;
		boolean same = this.frameId >= 0 && frameId == this.frameId;
		boolean known = this.frameId >= 0 && this.trackedId == frameId;
		for (int stripe = 0; stripe < count; stripe++) {
			if (!same && (!known || anyChanged(this.changedSince, this.plan.firstSourceRow(firstRow(stripe)),
					this.plan.endSourceRow(endRow(stripe, height))))) {
				dirty[dirtyCount++] = stripe;
			}
		}
		// a failure half-way leaves stripes of two frames: the next call must redo them
		// all
		this.frameId = -1;
		this.trackedId = -1;
		int[] pixels = frame.pixels();
		int[] todo = dirty;
		if (this.workers != null) {
			this.workers.forEach(dirtyCount, (i) -> encodeStripe(pixels, todo[i], width, height));
		}
		else {
			for (int i = 0; i < dirtyCount; i++) {
				encodeStripe(pixels, todo[i], width, height);
			}
		}
		this.frameId = frameId;
		this.trackedId = frameId;
		this.changedSince = new boolean[frame.height()];
		this.lastEncodedStripes = dirtyCount;
		return JpegEncoder.assemble(width, height, this.stripes, this.chromaSubsampling);
	}

	int lastEncodedStripes() {
		return this.lastEncodedStripes;
	}

	private void encodeStripe(int[] source, int stripe, int width, int height) {
		int from = firstRow(stripe);
		int to = endRow(stripe, height);
		this.plan.scaleRows(source, this.scaled, from, to);
		this.stripes[stripe] = JpegEncoder.stripe(this.scaled, width, from, to, this.quality, this.chromaSubsampling);
	}

	private static int firstRow(int stripe) {
		return stripe * STRIPE_ROWS;
	}

	private static int endRow(int stripe, int height) {
		return Math.min(height, (stripe + 1) * STRIPE_ROWS);
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
