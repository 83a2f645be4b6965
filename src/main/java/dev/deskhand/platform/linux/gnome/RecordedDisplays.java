package dev.deskhand.platform.linux.gnome;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.DisplayInfo;
import dev.deskhand.platform.Frame;
import dev.deskhand.platform.Rect;

/**
 * The streams of a screencast, one per recorded display, each with its frames: what
 * mutter's screencast and the portal's have in common once their streams run.
 */
final class RecordedDisplays {

	private final Map<String, DisplayStream> streams;

	private final Duration timeout;

	RecordedDisplays(Map<String, DisplayStream> streams, Duration timeout) {
		this.streams = new LinkedHashMap<>(streams);
		this.timeout = timeout;
	}

	/**
	 * Captures a region of one display, in layout coordinates, at device resolution, from
	 * the latest frame of that display's stream.
	 * @param region must lie inside one recorded display
	 * @param buffer an array to reuse when large enough, or {@code null}
	 */
	Frame capture(Rect region, int[] buffer) {
		DisplayStream stream = streamFor(region);
		Rect bounds = stream.display().bounds();
		double scale = stream.display().scaleFactor();
		int x = (int) Math.round((region.x() - bounds.x()) * scale);
		int y = (int) Math.round((region.y() - bounds.y()) * scale);
		int width = (int) Math.round(region.width() * scale);
		int height = (int) Math.round(region.height() * scale);
		return stream.frames().crop(x, y, width, height, this.timeout, buffer);
	}

	List<DisplayInfo> displays() {
		return this.streams.values().stream().map(DisplayStream::display).toList();
	}

	long frameCount(String displayId) {
		DisplayStream stream = this.streams.get(displayId);
		if (stream == null) {
			throw new IllegalArgumentException("display " + displayId + " is not recorded");
		}
		return stream.frames().frameCount();
	}

	/**
	 * Waits until each recorded display that {@code region} touches has a frame that came
	 * after {@code after}, or until {@code until} ({@link System#nanoTime()}).
	 */
	void awaitFramesAfter(Rect region, long after, long until) {
		for (DisplayStream stream : this.streams.values()) {
			if (stream.display().bounds().intersection(region) != null) {
				stream.frames().awaitFrameAfter(after, until);
			}
		}
	}

	private DisplayStream streamFor(Rect region) {
		for (DisplayStream stream : this.streams.values()) {
			Rect bounds = stream.display().bounds();
			if (bounds.contains(region.x(), region.y()) && region.right() <= bounds.right()
					&& region.bottom() <= bounds.bottom()) {
				return stream;
			}
		}
		throw new DeskhandException(ErrorCode.E_UNSUPPORTED,
				"region " + region + " lies inside no recorded display (recorded: "
						+ displays().stream().map(DisplayInfo::id).toList()
						+ "; through the portal, only the displays the person shared in its dialog are)");
	}

	/** Stops pulling every stream's frames. */
	void close() {
		for (DisplayStream stream : this.streams.values()) {
			stream.frames().close();
		}
	}

	/** One display's stream: the PipeWire node and the frames pulled from it. */
	record DisplayStream(DisplayInfo display, long node, PipeWireFrames frames) {
	}

}
