package dev.deskhand.screen;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import io.micrometer.observation.ObservationRegistry;

import dev.deskhand.platform.Frame;
import dev.deskhand.platform.Rect;
import dev.deskhand.platform.ScreenDamage;
import dev.deskhand.screen.codec.AreaAverageScaler;
import dev.deskhand.screen.codec.IncrementalImage;
import dev.deskhand.screen.codec.JpegEncoder;
import dev.deskhand.screen.codec.PngEncoder;
import dev.deskhand.screen.codec.ScreenWorkers;
import dev.deskhand.tracing.CallPhase;

/**
 * Captured frames to encoded images: capture into a reused buffer, compare with the
 * display's cached frame row by row, scale and encode what changed, and keep the result
 * for the next identical capture; and zoom crops from that frame while it is fresh.
 * Thread-safe: screenshots of several displays run at the same time, those of one display
 * one after the other.
 *
 * <p>
 * With damage tracking, a screenshot first asks what was drawn since the display's last
 * one: when the cached frame is the one captured right after that question, nothing drawn
 * means nothing to capture or compare, and otherwise only the damaged rows are captured
 * and compared, the others copied from the cached frame.
 */
final class ScreenPipeline {

	/**
	 * What may have changed in a region since a consumer last asked; see
	 * {@link dev.deskhand.platform.CaptureDriver#takeDamage}.
	 */
	@FunctionalInterface
	interface Damage {

		/** No tracking: every screenshot captures the whole display. */
		Damage UNTRACKED = (consumer, region) -> ScreenDamage.UNKNOWN;

		ScreenDamage take(String consumer, Rect region);

	}

	/**
	 * Damaged bands closer than this many rows are captured as one: each capture is a
	 * round trip.
	 */
	static final int BAND_GAP = 32;

	/**
	 * More bands than this are captured as one, from the first damaged row to the last.
	 */
	static final int MAX_BANDS = 8;

	/** Tells the damage consumers of pipelines apart: each caches its own frames. */
	private static final AtomicLong pipelines = new AtomicLong();

	/**
	 * Captures a region, into {@code buffer} when it is large enough and not
	 * {@code null}.
	 */
	@FunctionalInterface
	interface Capture {

		Frame capture(Rect region, int[] buffer);

	}

	/** An encoded image and the frame it shows. */
	record Image(byte[] bytes, int width, int height, long frameId) {
	}

	private final Capture capture;

	private final Damage damage;

	private final String consumerPrefix = "screenshots-" + pipelines.incrementAndGet() + "/";

	private final Map<String, DisplayState> displays = new ConcurrentHashMap<>();

	private final IncrementalImage.Bands<PngEncoder.DeflatedRows> pngBands;

	private final ScreenWorkers workers;

	private final List<CaptureFilter> filters;

	private final FrameCache frames;

	private final AreaAverageScaler scaler;

	private final ImageEncoders encoders;

	private final ObservationRegistry observations;

	private final PixelBuffers buffers;

	/**
	 * @param capture captures a region; the caller owns the frame
	 * @param filters run on every frame before anyone sees it, cropped ones included
	 * @param frames the per-display frame cache
	 * @param scaler the scaler
	 * @param encoders the encoders
	 * @param png the PNG encoder behind {@code encoders}, for incremental screenshots
	 * @param workers threads for incremental screenshots' tiles, or {@code null}
	 * @param buffers pixel arrays for captures, scaled images and crops
	 */
	ScreenPipeline(Capture capture, List<CaptureFilter> filters, FrameCache frames, AreaAverageScaler scaler,
			ImageEncoders encoders, PngEncoder png, ScreenWorkers workers, PixelBuffers buffers) {
		this(capture, Damage.UNTRACKED, filters, frames, scaler, encoders, png, workers, buffers);
	}

	/**
	 * @param damage what was drawn since a display's last screenshot, asked right before
	 * its capture
	 */
	ScreenPipeline(Capture capture, Damage damage, List<CaptureFilter> filters, FrameCache frames,
			AreaAverageScaler scaler, ImageEncoders encoders, PngEncoder png, ScreenWorkers workers,
			PixelBuffers buffers) {
		this(capture, damage, filters, frames, scaler, encoders, png, workers, buffers, ObservationRegistry.NOOP);
	}

	/**
	 * @param observations where an encoding is observed, as a phase of the tool call
	 * observed on the caller's thread
	 */
	ScreenPipeline(Capture capture, Damage damage, List<CaptureFilter> filters, FrameCache frames,
			AreaAverageScaler scaler, ImageEncoders encoders, PngEncoder png, ScreenWorkers workers,
			PixelBuffers buffers, ObservationRegistry observations) {
		this.observations = observations;
		this.capture = capture;
		this.damage = damage;
		this.pngBands = IncrementalImage.png(png);
		this.workers = workers;
		this.filters = List.copyOf(filters);
		this.scaler = scaler;
		this.frames = frames;
		this.encoders = encoders;
		this.buffers = buffers;
	}

	/**
	 * Captures a whole display and encodes it at {@code size}; a capture identical to the
	 * display's cached frame reuses that frame's encoding, and an image of a partly
	 * changed one re-encodes only the changed tiles ({@link IncrementalImage}).
	 * @return a fresh copy of the image; callers may keep or change it
	 */
	Image screenshot(String displayId, Rect region, ImageSize size, ImageFormat format, float jpegQuality) {
		while (true) {
			DisplayState display = this.displays.computeIfAbsent(displayId, (id) -> new DisplayState());
			// one screenshot of a display at a time: they share its capture buffers and
			// tiles
			synchronized (display) {
				// forgotten meanwhile (the display went away): take the current state
				// instead
				if (this.displays.get(displayId) == display) {
					return screenshot(display, displayId, region, size, format, jpegQuality);
				}
			}
		}
	}

	/** Under the display's lock. */
	private Image screenshot(DisplayState display, String displayId, Rect region, ImageSize size, ImageFormat format,
			float jpegQuality) {
		FrameCache.Moment before = this.frames.now();
		long basis = display.damageBasis;
		Rect basisRegion = display.damageRegion;
		// set again only once this screenshot's frame is cached: any failure on the way
		// means a whole capture next time
		display.damageBasis = -1;
		// a filter that may change pixels could also uncover them without anything being
		// drawn
		boolean tracked = this.damage != Damage.UNTRACKED && this.filters.stream().noneMatch(CaptureFilter::active);
		ScreenDamage damage = tracked ? this.damage.take(this.consumerPrefix + displayId, region)
				: ScreenDamage.UNKNOWN;
		FrameCache.Entry cached = null;
		if (!damage.unknown() && basis >= 0 && region.equals(basisRegion)) {
			cached = this.frames.cached(displayId);
			if (cached != null && (cached.id() != basis || cached.frame().width() != region.width()
					|| cached.frame().height() != region.height())) {
				cached = null;
			}
		}
		FrameCache.Entry entry = null;
		if (cached != null) {
			boolean[] damaged = damagedRows(damage, region);
			List<int[]> bands = bands(damaged);
			if (bands.isEmpty()) {
				entry = this.frames.confirm(displayId, cached.id(), region, before);
			}
			else {
				entry = captureBands(displayId, region, cached, bands, before);
			}
		}
		if (entry == null) {
			entry = captureWhole(displayId, region, before);
		}
		if (tracked) {
			display.damageBasis = entry.id();
			display.damageRegion = region;
		}
		if (entry.id() != display.latestId) {
			display.latestId = entry.id();
			display.png.frameReplaced(entry.id(), entry.previousId(), entry.changedRows());
			display.jpeg.frameReplaced(entry.id(), entry.previousId(), entry.changedRows());
		}
		FrameCache.EncodingKey key = new FrameCache.EncodingKey(format, size.width(), size.height(),
				(format == ImageFormat.JPEG) ? jpegQuality : 0f);
		byte[] image = entry.encoding(key);
		if (image == null) {
			FrameCache.Entry captured = entry;
			image = CallPhase.ENCODING.observe(this.observations,
					() -> (format == ImageFormat.PNG)
							? display.png.encode(captured.frame(), captured.id(), size.width(), size.height(),
									this.pngBands)
							: display.jpeg.encode(captured.frame(), captured.id(), size.width(), size.height(),
									IncrementalImage.jpeg(jpegQuality, ImageEncoders.CHROMA_SUBSAMPLING)));
			entry.putEncoding(key, image);
		}
		// the cached array is shared by later identical screenshots: hand out a copy
		// (cheap: docs/performance.md)
		return new Image(image.clone(), size.width(), size.height(), entry.id());
	}

	private FrameCache.Entry captureWhole(String displayId, Rect region, FrameCache.Moment before) {
		int[] buffer = this.buffers.take(region.width() * region.height());
		Frame captured;
		try {
			captured = capture(region, buffer);
		}
		catch (RuntimeException ex) {
			this.buffers.give(buffer);
			throw ex;
		}
		if (captured.pixels() != buffer) {
			this.buffers.give(buffer);
		}
		return this.frames.remember(displayId, region, captured, before, this.buffers::give);
	}

	/**
	 * Captures the rows of {@code bands}, copies the others from the cached frame (the
	 * screen has not drawn there since it was captured), filters the whole, and compares
	 * only the captured rows with the cached frame.
	 */
	private FrameCache.Entry captureBands(String displayId, Rect region, FrameCache.Entry cached, List<int[]> bands,
			FrameCache.Moment before) {
		int width = region.width();
		int height = region.height();
		int[] buffer = this.buffers.take(width * height);
		boolean[] captured = new boolean[height];
		Frame assembled;
		try {
			// each band is captured to the array's start and then moved down to its rows;
			// bottom band first, so that a capture only overwrites rows above every band
			// placed so far
			for (int i = bands.size() - 1; i >= 0; i--) {
				int top = bands.get(i)[0];
				int rows = bands.get(i)[1] - top;
				Frame band = this.capture.capture(new Rect(region.x(), region.y() + top, width, rows), buffer);
				System.arraycopy(band.pixels(), 0, buffer, top * width, rows * width);
				Arrays.fill(captured, top, top + rows, true);
			}
			int[] previous = cached.frame().pixels();
			for (int y = 0; y < height;) {
				int end = y;
				while (end < height && !captured[end]) {
					end++;
				}
				System.arraycopy(previous, y * width, buffer, y * width, (end - y) * width);
				y = end;
				while (y < height && captured[y]) {
					y++;
				}
			}
			assembled = new Frame(width, height, buffer);
			filter(assembled, region);
		}
		catch (RuntimeException ex) {
			this.buffers.give(buffer);
			throw ex;
		}
		return this.frames.remember(displayId, region, assembled, before, this.buffers::give, cached.id(), captured);
	}

	/** Per row of {@code region}, whether an area of {@code damage} reaches it. */
	static boolean[] damagedRows(ScreenDamage damage, Rect region) {
		boolean[] rows = new boolean[region.height()];
		for (Rect area : damage.areas()) {
			if (area.width() == 0 || area.right() <= region.x() || area.x() >= region.right()) {
				continue;
			}
			int top = Math.max(area.y(), region.y()) - region.y();
			int bottom = Math.min(area.bottom(), region.bottom()) - region.y();
			if (top < bottom) {
				Arrays.fill(rows, top, bottom, true);
			}
		}
		return rows;
	}

	/**
	 * The damaged rows as bands {@code [top, bottom)} to capture, top first: runs closer
	 * than {@link #BAND_GAP} joined, and one band from the first to the last when there
	 * would be more than {@link #MAX_BANDS}.
	 */
	static List<int[]> bands(boolean[] damaged) {
		List<int[]> bands = new ArrayList<>();
		for (int y = 0; y < damaged.length;) {
			if (!damaged[y]) {
				y++;
				continue;
			}
			int top = y;
			while (y < damaged.length && damaged[y]) {
				y++;
			}
			int[] last = bands.isEmpty() ? null : bands.get(bands.size() - 1);
			if (last != null && top - last[1] < BAND_GAP) {
				last[1] = y;
			}
			else {
				bands.add(new int[] { top, y });
			}
		}
		if (bands.size() > MAX_BANDS) {
			int[] all = { bands.get(0)[0], bands.get(bands.size() - 1)[1] };
			bands.clear();
			bands.add(all);
		}
		return bands;
	}

	/** What the screenshots of one display share; its monitor is the display's lock. */
	private final class DisplayState {

		final IncrementalImage<PngEncoder.DeflatedRows> png = new IncrementalImage<>(ScreenPipeline.this.workers);

		final IncrementalImage<JpegEncoder.Stripe> jpeg = new IncrementalImage<>(ScreenPipeline.this.workers);

		/** The newest frame of the display the PNG tiles were told about. */
		long latestId = -1;

		/**
		 * The cached frame that was captured right after the display's last damage
		 * question, or -1: only then is "nothing drawn since" a statement about that
		 * frame.
		 */
		long damageBasis = -1;

		/** The region that question was about. */
		Rect damageRegion;

	}

	/**
	 * {@code area} of the frame a screenshot showed, when that frame is still cached and
	 * fresh; else a new capture of {@code area}. The filters run on the crop again
	 * although the cached frame went through them: they promise to see every zoom, and a
	 * mask that moved since can only hide more.
	 * @param frameId the screenshot's {@link Image#frameId()}, or a negative number for
	 * none
	 * @return the image, with the frame id it was cropped from, or -1 for a new capture
	 */
	Image zoom(String displayId, long frameId, Rect area, ImageBudget budget, ImageFormat format, float jpegQuality) {
		Frame cropped = (frameId >= 0) ? crop(displayId, frameId, area) : null;
		try {
			Frame frame;
			if (cropped != null) {
				filter(cropped, area);
				frame = cropped;
			}
			else {
				frame = capture(area);
			}
			ImageSize size = budget.fit(frame.width(), frame.height());
			Frame zoomed = frame;
			byte[] encoded = CallPhase.ENCODING.observe(this.observations,
					() -> encode(zoomed, size, format, jpegQuality));
			return new Image(encoded, size.width(), size.height(), (cropped != null) ? frameId : -1);
		}
		finally {
			if (cropped != null) {
				this.buffers.give(cropped.pixels());
			}
		}
	}

	/** Scales into a borrowed buffer and encodes. */
	byte[] encode(Frame frame, ImageSize size, ImageFormat format, float jpegQuality) {
		boolean resize = size.width() != frame.width() || size.height() != frame.height();
		int[] buffer = resize ? this.buffers.take(size.width() * size.height()) : null;
		try {
			Frame scaled = this.scaler.scale(frame, size.width(), size.height(), buffer);
			return this.encoders.encode(scaled, format, jpegQuality);
		}
		finally {
			if (buffer != null) {
				this.buffers.give(buffer);
			}
		}
	}

	private Frame crop(String displayId, long frameId, Rect area) {
		DisplayState display = this.displays.get(displayId);
		if (display == null) {
			return null;
		}
		// the cached frame's array is recycled once a newer screenshot replaces it
		synchronized (display) {
			return (this.displays.get(displayId) == display) ? this.frames.crop(displayId, frameId, area, this.buffers)
					: null;
		}
	}

	private Frame capture(Rect region) {
		return capture(region, null);
	}

	private Frame capture(Rect region, int[] buffer) {
		Frame frame = this.capture.capture(region, buffer);
		filter(frame, region);
		return frame;
	}

	private void filter(Frame frame, Rect region) {
		for (CaptureFilter filter : this.filters) {
			filter.filter(frame, region);
		}
	}

	/** Forgets the cached frames of displays not in {@code displayIds}. */
	void retainDisplays(Collection<String> displayIds) {
		this.displays.forEach((id, state) -> {
			if (!displayIds.contains(id)) {
				// not while a screenshot of it runs: its buffers must not meet a new
				// state's
				synchronized (state) {
					this.displays.remove(id, state);
				}
			}
		});
		this.frames.retainDisplays(displayIds);
	}

	/** Input is about to reach the desktop: cached frames stop serving zooms. */
	void inputStarting() {
		this.frames.inputStarting();
	}

}
