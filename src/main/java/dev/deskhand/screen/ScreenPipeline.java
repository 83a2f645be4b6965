package dev.deskhand.screen;

import java.util.Collection;
import java.util.List;
import java.util.function.Function;

import dev.deskhand.platform.Frame;
import dev.deskhand.platform.Rect;

/**
 * Captured frames to encoded images: capture, compare with the display's cached frame, scale
 * into a reused buffer, encode, and keep the result for the next identical capture; and zoom
 * crops from that frame while it is fresh. Thread-safe: screenshots of one or several displays
 * may run at the same time.
 */
final class ScreenPipeline {

	/** An encoded image and the frame it shows. */
	record Image(byte[] bytes, int width, int height, long frameId) {
	}

	private final Function<Rect, Frame> capture;

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
	 * @param buffers pixel arrays for scaled images and crops
	 */
	ScreenPipeline(Function<Rect, Frame> capture, List<CaptureFilter> filters, FrameCache frames,
			AreaAverageScaler scaler, ImageEncoders encoders, PixelBuffers buffers) {
		this.capture = capture;
		this.filters = List.copyOf(filters);
		this.scaler = scaler;
		this.frames = frames;
		this.encoders = encoders;
		this.buffers = buffers;
	}

	/**
	 * Captures a whole display and encodes it at {@code size}; a capture identical to the
	 * display's cached frame reuses that frame's encoding.
	 * @return a fresh copy of the image; callers may keep or change it
	 */
	Image screenshot(String displayId, Rect region, ImageSize size, ImageFormat format, float jpegQuality) {
		FrameCache.Moment before = this.frames.now();
		Frame captured = capture(region);
		FrameCache.Entry entry = this.frames.remember(displayId, region, captured, before);
		FrameCache.EncodingKey key = new FrameCache.EncodingKey(format, size.width(), size.height(),
				(format == ImageFormat.JPEG) ? jpegQuality : 0f);
		byte[] image = entry.encoding(key);
		if (image == null) {
			image = encode(entry.frame(), size, format, jpegQuality);
			entry.putEncoding(key, image);
		}
		// the cached array is shared by later identical screenshots: hand out a copy (~0.1 ms)
		return new Image(image.clone(), size.width(), size.height(), entry.id());
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
		Frame cropped = (frameId >= 0) ? this.frames.crop(displayId, frameId, area, this.buffers) : null;
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

	private Frame capture(Rect region) {
		Frame frame = this.capture.apply(region);
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
		this.frames.retainDisplays(displayIds);
	}

	/** Input is about to reach the desktop: cached frames stop serving zooms. */
	void inputStarting() {
		this.frames.inputStarting();
	}

}
