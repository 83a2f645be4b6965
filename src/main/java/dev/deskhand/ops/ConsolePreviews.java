package dev.deskhand.ops;

import java.util.List;
import java.util.Optional;
import java.util.Set;

import dev.deskhand.approval.ApprovalRequest;
import dev.deskhand.approval.Capability;
import dev.deskhand.platform.DesktopDriver;
import dev.deskhand.platform.DisplayInfo;
import dev.deskhand.platform.Point;
import dev.deskhand.platform.Rect;
import dev.deskhand.platform.WindowInfo;
import dev.deskhand.screen.ImageFormat;
import dev.deskhand.screen.ScreenGeometry;
import dev.deskhand.screen.ScreenService;
import dev.deskhand.screen.Screenshot;

/**
 * What the operator console shows of the screen: live display thumbnails, and for a
 * pending approval a zoomed crop of where it will act (around its target point; for
 * typing, the focused window; for a click without coordinates, the pointer), with the
 * spot to mark.
 *
 * <p>
 * Both go through {@link ScreenService} like an agent's screenshot and zoom, so privacy
 * masks apply and the scaling and encoding are the agents' own. They run under
 * pseudo-session names of their own, which no agent session handle can take
 * ({@code s-...}), so the console never moves an agent's screenshot geometry.
 */
class ConsolePreviews {

	/** The pseudo-session of the thumbnails: screenshots under the image budget. */
	static final String THUMBNAILS = "operator-console:thumbnails";

	/**
	 * The pseudo-session of the crops; it never takes a screenshot, so it maps through
	 * the current geometry.
	 */
	static final String CROPS = "operator-console:crops";

	/** Desktop pixels around a point: 16:10, shown about 1.5 times enlarged in a card. */
	static final int CROP_WIDTH = 320;

	static final int CROP_HEIGHT = 200;

	// A window crop larger than this goes out as JPEG: a whole PNG window can take a
	// megabyte.
	private static final long PNG_PIXEL_LIMIT = 400_000;

	/**
	 * A crop of the screen for one approval.
	 *
	 * @param displayId the display it shows
	 * @param kind {@code target} (where the action points), {@code pointer} or
	 * {@code focused_window}
	 * @param label what the crop shows, in words
	 * @param area the crop in the driver's logical coordinates
	 * @param image the encoded crop
	 * @param marker the spot to mark in image pixels of the crop, or {@code null} (a
	 * window)
	 */
	record Preview(String displayId, String kind, String label, Rect area, Screenshot image, int[] marker) {
	}

	private final ScreenService screen;

	private final DesktopDriver driver;

	ConsolePreviews(ScreenService screen, DesktopDriver driver) {
		this.screen = screen;
		this.driver = driver;
	}

	/** A display as the agents would see it, scaled to the image budget, as JPEG. */
	byte[] thumbnail(String displayId) {
		return this.screen.screenshot(THUMBNAILS, displayId, ImageFormat.JPEG).image();
	}

	/**
	 * The crop for an approval request, or empty when it does not act on the screen
	 * (clipboard, launch).
	 */
	Optional<Preview> preview(ApprovalRequest request) {
		if (request.target() != null) {
			DisplayInfo display = this.screen.display(request.target().displayId());
			Point point = request.target().point();
			return Optional.of(around(display, point, "target", "where it will act: " + point.x() + ", " + point.y()));
		}
		Set<Capability> capabilities = request.capabilities();
		if (capabilities.contains(Capability.KEYBOARD) || capabilities.contains(Capability.SYSTEM_KEYS)) {
			Optional<Preview> window = focusedWindow();
			if (window.isPresent()) {
				return window;
			}
			return pointer("the pointer (no window has the focus)");
		}
		if (capabilities.contains(Capability.POINTER)) {
			return pointer("the pointer, where it will act");
		}
		return Optional.empty();
	}

	private Optional<Preview> pointer(String label) {
		Point pointer = this.driver.displays().pointerPosition();
		DisplayInfo display = this.screen.displayAt(pointer);
		return (display != null) ? Optional.of(around(display, pointer, "pointer", label)) : Optional.empty();
	}

	private Optional<Preview> focusedWindow() {
		Optional<WindowInfo> focused = this.driver.windows().focusedWindow().filter((w) -> w.bounds() != null);
		if (focused.isEmpty()) {
			return Optional.empty();
		}
		WindowInfo window = focused.get();
		Rect bounds = window.bounds();
		DisplayInfo display = this.screen
			.displayAt(new Point(bounds.x() + bounds.width() / 2, bounds.y() + bounds.height() / 2));
		if (display == null) {
			return Optional.empty();
		}
		ScreenGeometry geometry = this.screen.currentGeometry(display);
		int[] region = ScreenService.toImageRect(geometry, bounds);
		if (region == null) {
			return Optional.empty();
		}
		String title = window.title().isBlank() ? window.appClass() : window.title();
		return Optional.of(crop(geometry, region, null, "focused_window", "the focused window: " + title));
	}

	/**
	 * A fixed-size crop centred on a point, shifted inside the display near its edges.
	 */
	private Preview around(DisplayInfo display, Point point, String kind, String label) {
		ScreenGeometry geometry = this.screen.currentGeometry(display);
		Rect d = display.bounds();
		int width = Math.min(CROP_WIDTH, d.width());
		int height = Math.min(CROP_HEIGHT, d.height());
		int x = clamp(point.x() - width / 2, d.x(), d.right() - width);
		int y = clamp(point.y() - height / 2, d.y(), d.bottom() - height);
		int[] region = ScreenService.toImageRect(geometry, new Rect(x, y, width, height));
		return crop(geometry, region, point, kind, label);
	}

	/**
	 * @param region {@code [x, y, width, height]} in image pixels of {@code geometry}
	 * @param point the spot to mark, or {@code null}
	 */
	private Preview crop(ScreenGeometry geometry, int[] region, Point point, String kind, String label) {
		// The zoom maps the region through this same geometry (the crops' pseudo-session
		// never takes a screenshot), so area is exactly what the image shows.
		Rect area = geometry.toDesktopRegion(region[0], region[1], region[0] + region[2], region[1] + region[3]);
		ImageFormat format = ((long) area.width() * area.height() > PNG_PIXEL_LIMIT) ? ImageFormat.JPEG
				: ImageFormat.PNG;
		Screenshot image = this.screen.zoom(CROPS, geometry.displayId(),
				List.of(region[0], region[1], region[0] + region[2], region[1] + region[3]), format);
		int[] marker = null;
		if (point != null && area.contains(point.x(), point.y())) {
			marker = new int[] { scale(point.x() - area.x(), image.width(), area.width()),
					scale(point.y() - area.y(), image.height(), area.height()) };
		}
		return new Preview(geometry.displayId(), kind, label, area, image, marker);
	}

	/** The image pixel showing the centre of a logical unit. */
	private static int scale(int offset, int imageSize, int areaSize) {
		return (int) (((2L * offset + 1) * imageSize) / (2L * areaSize));
	}

	private static int clamp(int value, int min, int max) {
		return Math.max(min, Math.min(value, max));
	}

}
