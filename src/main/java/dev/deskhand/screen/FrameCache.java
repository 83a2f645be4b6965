package dev.deskhand.screen;

import java.time.Duration;
import java.util.Arrays;
import java.util.Collection;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

import dev.deskhand.platform.Frame;
import dev.deskhand.platform.Rect;

/**
 * Per display, the last whole-display frame a screenshot captured (already through the
 * capture filters) and the images it was encoded to.
 *
 * <p>
 * A new capture is compared with it pixel for pixel: an agent often takes a screenshot of
 * a screen that has not changed, and then gets the cached encoding back for the cost of
 * the capture and a comparison. The comparison is exact ({@link Arrays#equals} runs
 * vectorised, as fast as hashing the frame would be), so a change of any pixel is never
 * missed and no hash collision can return a stale image.
 *
 * <p>
 * Memory: one frame per display (8 MB at 1920x1080) plus its one or two encodings, shared
 * by every session; a session only remembers the id of the frame its screenshot showed. A
 * zoom crops from that frame when it is still the display's cached frame and still fresh,
 * see {@link #crop}.
 */
final class FrameCache {

	/**
	 * How long a frame may serve zooms after the last capture that showed the screen like
	 * this. Long enough for an agent to look at a screenshot and ask for a detail, short
	 * enough that a clock or a progress bar has rarely moved; input through Deskhand ends
	 * it at once.
	 */
	static final Duration ZOOM_REUSE = Duration.ofSeconds(2);

	/** What an image was encoded as; the quality only matters for JPEG. */
	record EncodingKey(ImageFormat format, int width, int height, float quality) {
	}

	/**
	 * When a capture started: its time and how much input had started by then. Taken
	 * before the capture, so that input racing with it can only make the frame look older
	 * than it is.
	 */
	record Moment(long nanos, long inputGeneration) {
	}

	private final Map<String, Entry> displays = new ConcurrentHashMap<>();

	private final AtomicLong ids = new AtomicLong();

	private final AtomicLong inputGeneration = new AtomicLong();

	private final LongSupplier nanoTime;

	private final long zoomReuseNanos;

	FrameCache() {
		this(System::nanoTime, ZOOM_REUSE);
	}

	FrameCache(LongSupplier nanoTime, Duration zoomReuse) {
		this.nanoTime = nanoTime;
		this.zoomReuseNanos = zoomReuse.toNanos();
	}

	/** Call right before a capture, for {@link #remember}. */
	Moment now() {
		return new Moment(this.nanoTime.getAsLong(), this.inputGeneration.get());
	}

	/**
	 * Remembers a new capture of a whole display.
	 * @param captured from {@link #now()} right before the capture
	 * @param unused receives the pixel array that no entry holds any more: the new
	 * frame's when it shows what the cached one does, else the replaced entry's. The
	 * caller must make sure no one still reads it (the pipeline holds the display's lock
	 * over screenshots and crops).
	 * @return the cached entry, refreshed, when the capture shows exactly the same pixels
	 * of the same region; else a new entry that replaces it, knowing which rows changed
	 */
	Entry remember(String displayId, Rect region, Frame frame, Moment captured, Consumer<int[]> unused) {
		return remember(displayId, region, frame, captured, unused, -1, null);
	}

	/**
	 * Remembers a frame of which only some rows can differ from the cached frame
	 * {@code basisId}: the others were copied from it. Compares only those rows when that
	 * frame is still the cached one, else every row.
	 * @param mayDiffer per row of the frame, whether it can differ from frame
	 * {@code basisId}
	 */
	Entry remember(String displayId, Rect region, Frame frame, Moment captured, Consumer<int[]> unused, long basisId,
			boolean[] mayDiffer) {
		int[][] released = new int[1][];
		Entry entry = this.displays.compute(displayId, (id, cached) -> {
			boolean[] changed = null;
			if (cached != null) {
				changed = cached.changedRows(region, frame, (cached.id == basisId) ? mayDiffer : null);
			}
			if (changed != null && !anyTrue(changed)) {
				cached.seen(captured);
				released[0] = frame.pixels();
				return cached;
			}
			if (cached != null) {
				released[0] = cached.frame.pixels();
			}
			return new Entry(this.ids.incrementAndGet(), region, frame, captured, (cached != null) ? cached.id : -1,
					changed);
		});
		if (released[0] != null) {
			unused.accept(released[0]);
		}
		return entry;
	}

	/**
	 * The cached entry {@code entryId} of a display, refreshed as by an identical capture
	 * at {@code captured}, when it is still the display's entry and of {@code region};
	 * else {@code null}. For a caller that knows, without capturing, that the screen
	 * still shows it.
	 */
	Entry confirm(String displayId, long entryId, Rect region, Moment captured) {
		Entry entry = this.displays.computeIfPresent(displayId, (id, cached) -> {
			if (cached.id == entryId && cached.region.equals(region)) {
				cached.seen(captured);
			}
			return cached;
		});
		return (entry != null && entry.id == entryId && entry.region.equals(region)) ? entry : null;
	}

	/** The display's cached entry, or {@code null}. */
	Entry cached(String displayId) {
		return this.displays.get(displayId);
	}

	private static boolean anyTrue(boolean[] values) {
		for (boolean value : values) {
			if (value) {
				return true;
			}
		}
		return false;
	}

	/**
	 * {@code area} of the frame with id {@code frameId}, copied into an array from
	 * {@code buffers}, or {@code null} when a zoom must capture instead: the display has
	 * a newer frame (or none), the frame is older than {@link #ZOOM_REUSE}, input went
	 * through Deskhand since it was captured, or its pixels are not one per logical unit.
	 */
	Frame crop(String displayId, long frameId, Rect area, PixelBuffers buffers) {
		Entry entry = this.displays.get(displayId);
		if (entry == null || entry.id != frameId || !isFresh(entry)) {
			return null;
		}
		Rect region = entry.region;
		Frame frame = entry.frame;
		if (frame.width() != region.width() || frame.height() != region.height() || area.x() < region.x()
				|| area.y() < region.y() || area.right() > region.right() || area.bottom() > region.bottom()) {
			return null;
		}
		int width = area.width();
		int[] pixels = buffers.take(width * area.height());
		int left = area.x() - region.x();
		int top = area.y() - region.y();
		for (int y = 0; y < area.height(); y++) {
			System.arraycopy(frame.pixels(), (top + y) * frame.width() + left, pixels, y * width, width);
		}
		return new Frame(width, area.height(), pixels);
	}

	/**
	 * Forgets the frames of displays that are gone (unplugged, or renamed by a new
	 * layout).
	 */
	void retainDisplays(Collection<String> displayIds) {
		this.displays.keySet().retainAll(displayIds);
	}

	/** Input is about to reach the desktop: no cached frame may serve a zoom any more. */
	void inputStarting() {
		this.inputGeneration.incrementAndGet();
	}

	private boolean isFresh(Entry entry) {
		return this.nanoTime.getAsLong() - entry.seenNanos <= this.zoomReuseNanos
				&& entry.inputGeneration == this.inputGeneration.get();
	}

	/**
	 * One captured frame, what it was encoded to, and when the screen last looked like
	 * it.
	 */
	static final class Entry {

		private final long id;

		private final Rect region;

		private final Frame frame;

		private final Map<EncodingKey, byte[]> encodings = new ConcurrentHashMap<>();

		private final long previousId;

		private final boolean[] changedRows;

		private volatile long seenNanos;

		private volatile long inputGeneration;

		private Entry(long id, Rect region, Frame frame, Moment captured, long previousId, boolean[] changedRows) {
			this.id = id;
			this.region = region;
			this.frame = frame;
			this.seenNanos = captured.nanos();
			this.inputGeneration = captured.inputGeneration();
			this.previousId = previousId;
			this.changedRows = changedRows;
		}

		/** The frame this one replaced, or -1. */
		long previousId() {
			return this.previousId;
		}

		/**
		 * Per row of the frame, whether it differs from frame {@link #previousId()};
		 * {@code null} when the two are not comparable (no previous frame, another region
		 * or size).
		 */
		boolean[] changedRows() {
			return this.changedRows;
		}

		/**
		 * Identifies the frame for sessions; a new frame gets a new id, an identical one
		 * keeps it.
		 */
		long id() {
			return this.id;
		}

		/** The pixels; shared, never to be changed. */
		Frame frame() {
			return this.frame;
		}

		/**
		 * The encoding cached under {@code key}, or {@code null}; shared, never to be
		 * changed.
		 */
		byte[] encoding(EncodingKey key) {
			return this.encodings.get(key);
		}

		/**
		 * Caches an encoding; the keys of one frame are few: a format or two at one size.
		 */
		void putEncoding(EncodingKey key, byte[] image) {
			this.encodings.putIfAbsent(key, image);
		}

		/**
		 * Which rows of {@code other} differ from this frame, or {@code null} when the
		 * two are not comparable; row by row with {@link Arrays#equals}, which costs
		 * about as much as one comparison of the whole frame.
		 * @param mayDiffer the rows to compare, the others being copies of this frame's;
		 * {@code null} for all
		 */
		private boolean[] changedRows(Rect region, Frame other, boolean[] mayDiffer) {
			int width = this.frame.width();
			int height = this.frame.height();
			if (!this.region.equals(region) || width != other.width() || height != other.height()) {
				return null;
			}
			int[] mine = this.frame.pixels();
			int[] theirs = other.pixels();
			boolean[] changed = new boolean[height];
			for (int y = 0, start = 0; y < height; y++, start += width) {
				changed[y] = (mayDiffer == null || mayDiffer[y])
						&& !Arrays.equals(mine, start, start + width, theirs, start, start + width);
			}
			return changed;
		}

		/** Runs inside {@code compute}, so one display's updates never interleave. */
		private void seen(Moment captured) {
			// an older capture finishing late must not make the frame look newer
			if (captured.nanos() - this.seenNanos >= 0) {
				this.seenNanos = captured.nanos();
				this.inputGeneration = captured.inputGeneration();
			}
		}

	}

}
