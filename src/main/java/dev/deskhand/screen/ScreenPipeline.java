package dev.deskhand.screen;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import dev.deskhand.platform.Frame;
import dev.deskhand.platform.Rect;

/**
 * Captured frames to encoded images: capture into a reused buffer, compare with the display's
 * cached frame row by row, scale and encode what changed, and keep the result for the next
 * identical capture; and zoom crops from that frame while it is fresh. Thread-safe: screenshots
 * of several displays run at the same time, those of one display one after the other.
 */
final class ScreenPipeline {

	/** Captures a region, into {@code buffer} when it is large enough and not {@code null}. */
	@FunctionalInterface
	interface Capture {

		Frame capture(Rect region, int[] buffer);

	}

	/** An encoded image and the frame it shows. */
	record Image(byte[] bytes, int width, int height, long frameId) {
	}

	private final Capture capture;

	private final Map<String, DisplayState> displays = new ConcurrentHashMap<>();

	private final PngEncoder png;

	private final ScreenWorkers workers;

	private final List<CaptureFilter> filters;

	private final FrameCache frames;

	private final AreaAverageScaler scaler;

	private final ImageEncoders encoders;

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
		this.capture = capture;
		this.png = png;
		this.workers = workers;
		this.filters = List.copyOf(filters);
		this.scaler = scaler;
		this.frames = frames;
		this.encoders = encoders;
		this.buffers = buffers;
	}

	/**
	 * Captures a whole display and encodes it at {@code size}; a capture identical to the
	 * display's cached frame reuses that frame's encoding, and a PNG of a partly changed one
	 * re-encodes only the changed tiles ({@link IncrementalPng}).
	 * @return a fresh copy of the image; callers may keep or change it
	 */
	Image screenshot(String displayId, Rect region, ImageSize size, ImageFormat format, float jpegQuality) {
		while (true) {
			DisplayState display = this.displays.computeIfAbsent(displayId, (id) -> new DisplayState());
			// one screenshot of a display at a time: they share its capture buffers and tiles
			synchronized (display) {
				// forgotten meanwhile (the display went away): take the current state instead
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
		FrameCache.Entry entry = this.frames.remember(displayId, region, captured, before, this.buffers::give);
		if (entry.id() != display.latestId) {
			display.latestId = entry.id();
			display.png.frameReplaced(entry.id(), entry.previousId(), entry.changedRows());
		}
		FrameCache.EncodingKey key = new FrameCache.EncodingKey(format, size.width(), size.height(),
				(format == ImageFormat.JPEG) ? jpegQuality : 0f);
		byte[] image = entry.encoding(key);
		if (image == null) {
			image = (format == ImageFormat.PNG)
					? display.png.encode(entry.frame(), entry.id(), size.width(), size.height())
					: encode(entry.frame(), size, format, jpegQuality);
			entry.putEncoding(key, image);
		}
		// the cached array is shared by later identical screenshots: hand out a copy (~0.1 ms)
		return new Image(image.clone(), size.width(), size.height(), entry.id());
	}

	/** What the screenshots of one display share; its monitor is the display's lock. */
	private final class DisplayState {

		final IncrementalPng png = new IncrementalPng(ScreenPipeline.this.png, ScreenPipeline.this.workers);

		/** The newest frame of the display the PNG tiles were told about. */
		long latestId = -1;

	}

	/**
	 * {@code area} of the frame a screenshot showed, when that frame is still cached and fresh;
	 * else a new capture of {@code area}. The filters run on the crop again although the cached
	 * frame went through them: they promise to see every zoom, and a mask that moved since can
	 * only hide more.
	 * @param frameId the screenshot's {@link Image#frameId()}, or a negative number for none
	 * @return the image, with the frame id it was cropped from, or -1 for a new capture
	 */
	Image zoom(String displayId, long frameId, Rect area, ImageBudget budget, ImageFormat format,
			float jpegQuality) {
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
			return new Image(encode(frame, size, format, jpegQuality), size.width(), size.height(),
					(cropped != null) ? frameId : -1);
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
				// not while a screenshot of it runs: its buffers must not meet a new state's
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
