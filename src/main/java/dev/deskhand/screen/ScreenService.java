package dev.deskhand.screen;

import java.time.Clock;
import java.util.List;
import java.util.stream.Collectors;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.DesktopDriver;
import dev.deskhand.platform.DisplayInfo;
import dev.deskhand.platform.Frame;
import dev.deskhand.platform.Point;
import dev.deskhand.platform.Rect;

/**
 * Screenshots, zoom and the coordinate model: the image an agent sees and the mapping of its
 * coordinates back to the desktop, per session and display.
 */
public class ScreenService {

	private final DesktopDriver driver;

	private final ScreenshotProperties properties;

	private final ScreenshotSessions sessions;

	private final AreaAverageScaler scaler = new AreaAverageScaler();

	private final ImageEncoders encoders = new ImageEncoders();

	public ScreenService(DesktopDriver driver, ScreenshotProperties properties, Clock clock) {
		this.driver = driver;
		this.properties = properties;
		this.sessions = new ScreenshotSessions(clock);
	}

	public List<DisplayInfo> displays() {
		List<DisplayInfo> displays = this.driver.displays().displays();
		if (displays.isEmpty()) {
			throw new DeskhandException(ErrorCode.E_NO_DESKTOP, "the desktop reports no displays");
		}
		return displays;
	}

	/**
	 * A display by id; {@code null} or blank means the primary (the first one reported).
	 * @throws DeskhandException E_NOT_FOUND naming the ids there are
	 */
	public DisplayInfo display(String displayId) {
		List<DisplayInfo> displays = displays();
		if (displayId == null || displayId.isBlank()) {
			return displays.get(0);
		}
		return displays.stream()
			.filter((display) -> display.id().equals(displayId))
			.findFirst()
			.orElseThrow(() -> new DeskhandException(ErrorCode.E_NOT_FOUND, "no display '" + displayId
					+ "'; displays are " + displays.stream().map(DisplayInfo::id).collect(Collectors.joining(", "))));
	}

	/** The size screenshots of a display have under the image budget. */
	public ScreenGeometry currentGeometry(DisplayInfo display) {
		return ScreenGeometry.of(display, this.properties.budget());
	}

	/** Captures a whole display, scaled to the image budget; records its geometry for the session. */
	public Screenshot screenshot(String session, String displayId, ImageFormat format) {
		DisplayInfo display = display(displayId);
		ScreenGeometry geometry = currentGeometry(display);
		Frame frame = this.driver.capture().capture(display.bounds());
		Frame scaled = this.scaler.scale(frame, geometry.imageWidth(), geometry.imageHeight());
		byte[] image = encode(scaled, format);
		this.sessions.record(session, geometry);
		return new Screenshot(image, resolved(format), scaled.width(), scaled.height(), geometry);
	}

	/**
	 * A region given in image pixels of the session's last screenshot, at the display's native
	 * resolution (scaled down only when it exceeds the image budget).
	 */
	public Screenshot zoom(String session, String displayId, List<Integer> region, ImageFormat format) {
		if (region == null || region.size() != 4 || region.contains(null)) {
			throw DeskhandException.args("region must be [x0, y0, x1, y1] in screenshot image pixels");
		}
		DisplayInfo display = display(displayId);
		ScreenGeometry geometry = geometryFor(session, display);
		Rect area = geometry.toDesktopRegion(region.get(0), region.get(1), region.get(2), region.get(3));
		Frame frame = this.driver.capture().capture(area);
		ImageSize size = this.properties.budget().fit(frame.width(), frame.height());
		Frame scaled = this.scaler.scale(frame, size.width(), size.height());
		return new Screenshot(encode(scaled, format), resolved(format), scaled.width(), scaled.height(), geometry);
	}

	/**
	 * Maps an agent's coordinate to the desktop through the geometry of the session's last
	 * screenshot of the display (the current geometry if it has none).
	 * @param argument the argument's name, for the error message
	 * @throws DeskhandException E_ARGS when malformed, outside the image, or when the display changed
	 * since that screenshot
	 */
	public Point toDesktop(String session, String displayId, List<Integer> coordinate, String argument) {
		if (coordinate == null || coordinate.size() != 2 || coordinate.contains(null)) {
			throw DeskhandException.args(argument + " must be [x, y] in screenshot image pixels");
		}
		DisplayInfo display = display(displayId);
		return geometryFor(session, display).toDesktop(coordinate.get(0), coordinate.get(1));
	}

	/** The pointer in image pixels of the display it is on. */
	public CursorPosition cursor(String session) {
		Point pointer = this.driver.displays().pointerPosition();
		DisplayInfo display = displays().stream()
			.filter((candidate) -> candidate.bounds().contains(pointer.x(), pointer.y()))
			.findFirst()
			.orElseThrow(() -> new DeskhandException(ErrorCode.E_NOT_FOUND,
					"the pointer is at " + pointer + ", outside every display"));
		ScreenGeometry geometry = geometryFor(session, display);
		int[] image = geometry.toImage(pointer);
		return new CursorPosition(display.id(), image[0], image[1]);
	}

	/** The session's geometry for a display, refusing one the display no longer matches. */
	public ScreenGeometry geometryFor(String session, DisplayInfo display) {
		ScreenGeometry last = this.sessions.last(session, display.id());
		if (last == null) {
			return currentGeometry(display);
		}
		if (!last.bounds().equals(display.bounds())) {
			throw DeskhandException.args("display geometry changed since the last screenshot of display '"
					+ display.id() + "' (" + describe(last.bounds()) + " is now " + describe(display.bounds())
					+ "); take a new screenshot");
		}
		return last;
	}

	public ImageFormat defaultFormat() {
		return this.properties.defaultFormat();
	}

	private byte[] encode(Frame frame, ImageFormat format) {
		return this.encoders.encode(frame, resolved(format), this.properties.jpegQuality());
	}

	private ImageFormat resolved(ImageFormat format) {
		return (format != null) ? format : this.properties.defaultFormat();
	}

	private static String describe(Rect bounds) {
		return bounds.width() + "x" + bounds.height() + "+" + bounds.x() + "+" + bounds.y();
	}

}
