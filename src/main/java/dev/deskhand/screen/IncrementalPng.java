package dev.deskhand.screen;

import dev.deskhand.platform.Frame;

/**
 * The last PNG screenshot of one display at one image size, kept as tiles of
 * {@value #TILE_ROWS} image rows that were scaled and deflated on their own. A screenshot
 * of a frame that differs from the previous one in some rows re-scales and re-deflates
 * only the tiles those rows reach and joins the others as they are: after a click or a
 * keystroke most of a screen is unchanged, and scaling and deflate were most of a
 * screenshot's time.
 *
 * <p>
 * The result is byte for byte what encoding the new frame from scratch gives (tested), so
 * nothing stale can slip through: a tile is reused only when every source row it reads is
 * identical to the frame the tile was made from, which {@link FrameCache} checks pixel
 * for pixel. Tiles cost a little size (each starts deflate without history: about 1 % on
 * desktop content).
 *
 * <p>
 * Not thread-safe: the pipeline uses it under its display's lock.
 */
final class IncrementalPng {

	/**
	 * Rows per tile: small enough that a line of text or a button is one or two tiles,
	 * large enough that a tile's deflate outweighs its hand-off to a worker thread.
	 */
	static final int TILE_ROWS = 32;

	private final PngEncoder png;

	private final ScreenWorkers workers;

	private AreaAverageScaler.Plan plan;

	private int[] scaled;

	private PngEncoder.DeflatedRows[] tiles;

	/** The frame the tiles show, or -1 when they show nothing usable. */
	private long frameId = -1;

	/**
	 * The newest frame {@link #changedSince} accounts for, or -1 when the changes since
	 * the tiles' frame are not known. Frames other screenshots took in between (a JPEG,
	 * the operator console's view) pass through {@link #frameReplaced}, so their changes
	 * add up here.
	 */
	private long trackedId = -1;

	/**
	 * Per source row, whether it changed between the tiles' frame and {@link #trackedId}.
	 */
	private boolean[] changedSince;

	/** Tiles re-encoded by the last call; for tests and benchmarks. */
	private int lastEncodedTiles;

	/**
	 * @param png deflates the tiles
	 * @param workers threads to scale and deflate tiles on, or {@code null} for the
	 * caller's
	 */
	IncrementalPng(PngEncoder png, ScreenWorkers workers) {
		this.png = png;
		this.workers = workers;
	}

	/**
	 * The display's cached frame was replaced by frame {@code id}, which differs from
	 * frame {@code previousId} in {@code changedRows} ({@code null}: unknown).
	 */
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
	 * Encodes {@code frame} at {@code width} x {@code height}.
	 * @param frameId identifies the frame ({@link FrameCache.Entry#id()}); its changes
	 * since the tiles' frame must have been reported to {@link #frameReplaced} for tiles
	 * to be reused
	 */
	byte[] encode(Frame frame, long frameId, int width, int height) {
		if (this.plan == null || !this.plan.fits(frame, width, height)) {
			this.plan = AreaAverageScaler.plan(frame.width(), frame.height(), width, height);
			this.scaled = new int[width * height];
			this.tiles = new PngEncoder.DeflatedRows[(height + TILE_ROWS - 1) / TILE_ROWS];
			this.frameId = -1;
			this.trackedId = -1;
		}
		int count = this.tiles.length;
		int[] dirty = new int[count];
		int dirtyCount = 0;
		boolean same = this.frameId >= 0 && frameId == this.frameId;
		boolean known = this.frameId >= 0 && this.trackedId == frameId;
		for (int tile = 0; tile < count; tile++) {
			if (!same && (!known || anyChanged(this.changedSince, this.plan.firstSourceRow(firstRow(tile)),
					this.plan.endSourceRow(endRow(tile, height))))) {
				dirty[dirtyCount++] = tile;
			}
		}
		// a failure half-way leaves some tiles from each frame: the next call must redo
		// them all
		this.frameId = -1;
		this.trackedId = -1;
		int[] pixels = frame.pixels();
		int[] todo = dirty;
		if (this.workers != null) {
			this.workers.forEach(dirtyCount, (i) -> encodeTile(pixels, todo[i], width, height));
		}
		else {
			for (int i = 0; i < dirtyCount; i++) {
				encodeTile(pixels, todo[i], width, height);
			}
		}
		this.frameId = frameId;
		this.trackedId = frameId;
		this.changedSince = new boolean[frame.height()];
		this.lastEncodedTiles = dirtyCount;
		return PngEncoder.assemble(width, height, this.tiles);
	}

	int lastEncodedTiles() {
		return this.lastEncodedTiles;
	}

	private void encodeTile(int[] source, int tile, int width, int height) {
		int from = firstRow(tile);
		int to = endRow(tile, height);
		this.plan.scaleRows(source, this.scaled, from, to);
		this.tiles[tile] = this.png.deflateRows(this.scaled, width, from, to, to == height);
	}

	private static int firstRow(int tile) {
		return tile * TILE_ROWS;
	}

	private static int endRow(int tile, int height) {
		return Math.min(height, (tile + 1) * TILE_ROWS);
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
