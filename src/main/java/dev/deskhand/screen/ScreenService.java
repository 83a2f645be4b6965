package dev.deskhand.screen;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

import io.micrometer.observation.ObservationRegistry;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.Echo;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.DesktopDriver;
import dev.deskhand.platform.DisplayInfo;
import dev.deskhand.platform.Point;
import dev.deskhand.platform.Rect;
import dev.deskhand.platform.WindowInfo;
import dev.deskhand.screen.codec.AreaAverageScaler;
import dev.deskhand.screen.codec.PngEncoder;
import dev.deskhand.screen.codec.ScreenWorkers;

/**
 * Screenshots, zoom and the coordinate model: the image an agent sees and the mapping of
 * its coordinates back to the desktop, per session and display.
 *
 * <p>
 * The images come from a {@link ScreenPipeline}: scaling and PNG deflate split across the
 * cores on a small daemon pool owned by this service, pooled buffers, the last frame of
 * each display kept so that an unchanged screen is not encoded again and a zoom right
 * after a screenshot needs no capture.
 */
public class ScreenService {

	/** The default display that follows the focused window. */
	public static final String AUTO = "auto";

	private final DesktopDriver driver;

	private final ScreenshotProperties properties;

	private final ScreenshotSessions sessions;

	private final ScreenPipeline pipeline;

	private final ModelProfiles profiles;

	public ScreenService(DesktopDriver driver, ScreenshotProperties properties, Clock clock) {
		this(driver, properties, clock, List.of());
	}

	public ScreenService(DesktopDriver driver, ScreenshotProperties properties, Clock clock,
			List<CaptureFilter> filters) {
		this(driver, properties,
				new ModelProfiles(properties, new ProfileProperties(ModelProfiles.ANTHROPIC, null, null)), clock,
				filters);
	}

	public ScreenService(DesktopDriver driver, ScreenshotProperties properties, ModelProfiles profiles, Clock clock,
			List<CaptureFilter> filters) {
		this(driver, properties, profiles, clock, filters, ObservationRegistry.NOOP);
	}

	/**
	 * @param observations where a tool call's screenshot encodings are observed
	 */
	public ScreenService(DesktopDriver driver, ScreenshotProperties properties, ModelProfiles profiles, Clock clock,
			List<CaptureFilter> filters, ObservationRegistry observations) {
		this.driver = driver;
		this.properties = properties;
		this.profiles = profiles;
		this.sessions = new ScreenshotSessions(clock);
		ScreenWorkers workers = ScreenWorkers.perCore();
		PngEncoder png = new PngEncoder(workers, workers.parallelism());
		// three arrays: the next capture, a JPEG's scaled image, a zoom's crop;
		// concurrent calls borrow more
		ScreenPipeline.Damage damage = properties.damageTracking()
				? (consumer, region) -> driver.capture().takeDamage(consumer, region) : ScreenPipeline.Damage.UNTRACKED;
		this.pipeline = new ScreenPipeline((region, buffer) -> driver.capture().capture(region, buffer), damage,
				filters, new FrameCache(), new AreaAverageScaler(workers), new ImageEncoders(png), png, workers,
				new PixelBuffers(3), observations);
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
		return display(displays(), displayId);
	}

	private static DisplayInfo display(List<DisplayInfo> displays, String displayId) {
		if (displayId == null || displayId.isBlank()) {
			return displays.get(0);
		}
		return displays.stream()
			.filter((display) -> display.id().equals(displayId))
			.findFirst()
			.orElseThrow(() -> new DeskhandException(ErrorCode.E_NOT_FOUND, "no display " + Echo.of(displayId)
					+ "; displays are " + displays.stream().map(DisplayInfo::id).collect(Collectors.joining(", "))));
	}

	/**
	 * The display a session's call acts on: the one named; else the session's default
	 * ({@code switch_display}; {@code auto} = the display holding the focused window);
	 * else the only one; else the primary (the first reported), with a warning for the
	 * agent.
	 */
	public DisplayChoice choose(String session, String displayId) {
		List<DisplayInfo> displays = displays();
		if (displayId != null && !displayId.isBlank()) {
			return new DisplayChoice(display(displays, displayId), null, displays);
		}
		String preferred = this.sessions.defaultDisplay(session);
		if (AUTO.equals(preferred)) {
			DisplayInfo focused = focusedDisplay(displays);
			if (focused != null) {
				return new DisplayChoice(focused, null, displays);
			}
		}
		else if (preferred != null) {
			for (DisplayInfo display : displays) {
				if (display.id().equals(preferred)) {
					return new DisplayChoice(display, null, displays);
				}
			}
		}
		DisplayInfo first = displays.get(0);
		String warning = (displays.size() > 1) ? "display_id was not given on a desktop with " + displays.size()
				+ " displays; used '" + first.id() + "'. Pass display_id, or set a default with switch_display." : null;
		return new DisplayChoice(first, warning, displays);
	}

	/**
	 * Another display of the reading {@code base} was chosen from (a batch action's own
	 * {@code display_id}); {@code null} or blank means {@code base} itself.
	 */
	public DisplayChoice choose(DisplayChoice base, String displayId) {
		if (displayId == null || displayId.isBlank() || displayId.equals(base.id())) {
			return base;
		}
		List<DisplayInfo> displays = (base.displays() != null) ? base.displays() : displays();
		return new DisplayChoice(display(displays, displayId), null, displays);
	}

	/**
	 * Sets the session's default display: an id, or {@code auto} for the display holding
	 * the focused window.
	 * @return the display it means now
	 */
	public DisplayInfo setDefaultDisplay(String session, String display) {
		if (display == null || display.isBlank()) {
			throw DeskhandException.args("display is required: a display id from list_displays, or \"auto\"");
		}
		if (AUTO.equalsIgnoreCase(display.strip())) {
			this.sessions.setDefaultDisplay(session, AUTO);
			return choose(session, null).display();
		}
		DisplayInfo chosen = display(display.strip());
		this.sessions.setDefaultDisplay(session, chosen.id());
		return chosen;
	}

	/** The display holding the centre of the focused window, or {@code null}. */
	private DisplayInfo focusedDisplay(List<DisplayInfo> displays) {
		return this.driver.windows()
			.focusedWindow()
			.map(WindowInfo::bounds)
			.filter(Objects::nonNull)
			.flatMap((bounds) -> displays.stream()
				.filter((d) -> d.bounds().contains(bounds.x() + bounds.width() / 2, bounds.y() + bounds.height() / 2))
				.findFirst())
			.orElse(null);
	}

	/** The display holding a point, or {@code null}. */
	public DisplayInfo displayAt(Point point) {
		return displayAt(displays(), point);
	}

	/**
	 * The display of {@code displays} holding a point, or {@code null}: for callers that
	 * hold the list.
	 */
	public static DisplayInfo displayAt(List<DisplayInfo> displays, Point point) {
		for (DisplayInfo display : displays) {
			if (display.bounds().contains(point.x(), point.y())) {
				return display;
			}
		}
		return null;
	}

	/**
	 * A rectangle on the desktop in image pixels of a geometry's display, clipped to it,
	 * or {@code null} when it lies outside: for callers mapping many rectangles through
	 * one geometry.
	 */
	public static int[] toImageRect(ScreenGeometry geometry, Rect rect) {
		Rect clipped = rect.intersection(geometry.bounds());
		if (clipped == null) {
			return null;
		}
		int[] topLeft = geometry.toImage(new Point(clipped.x(), clipped.y()));
		int[] bottomRight = geometry.toImage(new Point(clipped.right() - 1, clipped.bottom() - 1));
		return new int[] { topLeft[0], topLeft[1], bottomRight[0] - topLeft[0] + 1, bottomRight[1] - topLeft[1] + 1 };
	}

	/**
	 * Places desktop rectangles in the session's screenshot pixels, reading the displays
	 * once for all of them.
	 */
	public ImagePlacement placement(String session) {
		return new ImagePlacement(this, session);
	}

	/**
	 * The size screenshots of a display have under the default profile's budget, in image
	 * pixels: what an observer (the console, the self-test) sees.
	 */
	public ScreenGeometry currentGeometry(DisplayInfo display) {
		return ScreenGeometry.of(display, this.profiles.defaultProfile().budget());
	}

	/** The geometry a session's next screenshot of a display will have. */
	public ScreenGeometry currentGeometry(String session, DisplayInfo display) {
		return ScreenGeometry.of(display, profile(session));
	}

	/**
	 * The session's model profile: its own ({@link #useProfile}, {@link #adoptProfile}),
	 * else the default one.
	 */
	public ModelProfile profile(String session) {
		ModelProfile own = this.sessions.profile(session);
		return (own != null) ? own : this.profiles.defaultProfile();
	}

	/**
	 * Sets a session's profile. Screenshots taken from now on are made for it; a
	 * coordinate is still read in the space of the last screenshot the session saw.
	 * @throws DeskhandException E_ARGS for a name that is no profile
	 */
	public ModelProfile useProfile(String session, String name) {
		ModelProfile profile = this.profiles.named(name);
		this.sessions.setProfile(session, profile);
		return profile;
	}

	/**
	 * Gives a session its agent's profile ({@code deskhand.profiles.agents}) unless it
	 * has one already: called on each of the session's calls, before it acts.
	 */
	public ModelProfile adoptProfile(String session, String agent) {
		return this.sessions.adoptProfile(session, this.profiles.forAgent(agent));
	}

	/**
	 * Gives a session a profile unless it has one already: a vendor's endpoint starts its
	 * sessions with that vendor's profile.
	 */
	public ModelProfile adoptNamedProfile(String session, String name) {
		return this.sessions.adoptProfile(session, this.profiles.named(name));
	}

	public ModelProfiles profiles() {
		return this.profiles;
	}

	/**
	 * Captures a whole display, scaled to the image budget; records its geometry for the
	 * session. When the display shows exactly what its last screenshot (of any session)
	 * showed, that screenshot's encoding is returned again.
	 */
	public Screenshot screenshot(String session, String displayId, ImageFormat format) {
		List<DisplayInfo> displays = displays();
		DisplayInfo display = display(displays, displayId);
		ModelProfile profile = profile(session);
		ScreenGeometry geometry = ScreenGeometry.of(display, profile);
		String layout = layout(displays);
		ImageFormat resolved = (format != null) ? format : profile.format();
		this.pipeline.retainDisplays(displays.stream().map(DisplayInfo::id).toList());
		ScreenPipeline.Image image = this.pipeline.screenshot(display.id(), display.bounds(), geometry.imageSize(),
				resolved, profile.jpegQuality());
		this.sessions.record(session, geometry, layout, image.frameId());
		return new Screenshot(image.bytes(), resolved, image.width(), image.height(), geometry);
	}

	/**
	 * A whole display as a screenshot would show it (scaled, privacy-masked), recorded
	 * for no session: an observer's copy (the session record) that leaves every session's
	 * coordinate mapping as it was.
	 */
	public Screenshot observerScreenshot(String displayId, ImageFormat format) {
		List<DisplayInfo> displays = displays();
		DisplayInfo display = display(displays, displayId);
		ScreenGeometry geometry = currentGeometry(display);
		ImageFormat resolved = resolved(format);
		ScreenPipeline.Image image = this.pipeline.screenshot(display.id(), display.bounds(), geometry.imageSize(),
				resolved, this.profiles.defaultProfile().jpegQuality());
		return new Screenshot(image.bytes(), resolved, image.width(), image.height(), geometry);
	}

	// A capture right after input would show the app before it reacted; then captures
	// this far apart
	// are compared until two are alike.
	static final Duration SETTLE_FIRST_LOOK = Duration.ofMillis(30);

	static final Duration SETTLE_INTERVAL = Duration.ofMillis(40);

	/**
	 * A screenshot once the screen has settled after input: captures until two in a row
	 * are alike, bounded by {@code maxWait} (then the latest one). Unchanged captures
	 * cost little: they reuse the previous encoding.
	 */
	public Screenshot settledScreenshot(String session, String displayId, ImageFormat format, Duration maxWait) {
		long deadline = System.nanoTime() + maxWait.toNanos();
		pause(SETTLE_FIRST_LOOK);
		long previous = Long.MIN_VALUE;
		while (true) {
			Screenshot shot = screenshot(session, displayId, format);
			long frame = this.sessions.last(session, shot.geometry().displayId()).frameId();
			if (frame == previous || System.nanoTime() + SETTLE_INTERVAL.toNanos() > deadline) {
				return shot;
			}
			previous = frame;
			pause(SETTLE_INTERVAL);
		}
	}

	private static void pause(Duration duration) {
		try {
			Thread.sleep(duration.toMillis());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new DeskhandException(ErrorCode.E_FAIL, "interrupted");
		}
	}

	/**
	 * A region given in image pixels of the session's last screenshot, at the display's
	 * native resolution (scaled down only when it exceeds the image budget). Cropped from
	 * that screenshot's frame, without a new capture, while the frame is fresh (see
	 * {@link FrameCache#crop}).
	 */
	public Screenshot zoom(String session, String displayId, List<Integer> region, ImageFormat format) {
		if (region == null || region.size() != 4 || region.stream().anyMatch(Objects::isNull)) {
			throw DeskhandException.args("region must be [x0, y0, x1, y1] in screenshot image pixels");
		}
		List<DisplayInfo> displays = displays();
		DisplayInfo display = display(displays, displayId);
		ScreenshotSessions.Shot last = lastShot(session, display, displays);
		ModelProfile profile = profile(session);
		ScreenGeometry geometry = (last != null) ? last.geometry() : ScreenGeometry.of(display, profile);
		Rect area = geometry.toDesktopRegion(region.get(0), region.get(1), region.get(2), region.get(3));
		ImageFormat resolved = (format != null) ? format : profile.format();
		ScreenPipeline.Image image = this.pipeline.zoom(display.id(), (last != null) ? last.frameId() : -1, area,
				profile.budget(), resolved, profile.jpegQuality());
		return new Screenshot(image.bytes(), resolved, image.width(), image.height(), geometry);
	}

	/**
	 * Maps an agent's coordinate to the desktop through the geometry of the session's
	 * last screenshot of the chosen display (the current geometry if it has none), with
	 * the reading of the displays the choice was made from: a click reads the layout from
	 * the X server once.
	 * @param argument the argument's name, for the error message
	 * @throws DeskhandException E_ARGS when malformed, outside the image, or when the
	 * display changed since that screenshot
	 */
	public Point toDesktop(String session, DisplayChoice choice, List<Integer> coordinate, String argument) {
		if (coordinate == null || coordinate.size() != 2 || coordinate.stream().anyMatch(Objects::isNull)) {
			throw DeskhandException.args(argument + " must be [x, y] in screenshot image pixels");
		}
		List<DisplayInfo> displays = (choice.displays() != null) ? choice.displays() : displays();
		DisplayInfo display = display(displays, choice.id());
		return geometryFor(session, display, displays).toDesktop(coordinate.get(0), coordinate.get(1));
	}

	/** The pointer in image pixels of the display it is on. */
	public CursorPosition cursor(String session) {
		Point pointer = this.driver.displays().pointerPosition();
		List<DisplayInfo> displays = displays();
		DisplayInfo display = displayAt(displays, pointer);
		if (display == null) {
			throw new DeskhandException(ErrorCode.E_NOT_FOUND,
					"the pointer is at " + pointer + ", outside every display");
		}
		ScreenGeometry geometry = geometryFor(session, display, displays);
		int[] image = geometry.toImage(pointer);
		return new CursorPosition(display.id(), image[0], image[1]);
	}

	/**
	 * The session's geometry for a display, refusing it when any display was added,
	 * removed, moved or resized since that screenshot: a click must never land on the
	 * wrong pixel.
	 * @param displays the displays as the caller just read them ({@link #displays()}):
	 * one X round trip serves the whole call
	 */
	public ScreenGeometry geometryFor(String session, DisplayInfo display, List<DisplayInfo> displays) {
		ScreenshotSessions.Shot last = lastShot(session, display, displays);
		return (last != null) ? last.geometry() : currentGeometry(session, display);
	}

	/**
	 * The session's last screenshot of a display, or {@code null}.
	 * @throws DeskhandException E_ARGS when the layout changed since
	 */
	private ScreenshotSessions.Shot lastShot(String session, DisplayInfo display, List<DisplayInfo> displays) {
		ScreenshotSessions.Shot last = this.sessions.last(session, display.id());
		if (last == null) {
			return null;
		}
		String now = layout(displays);
		if (!last.layout().equals(now)) {
			throw DeskhandException.args("display geometry changed since the last screenshot of display '"
					+ display.id() + "' (" + last.layout() + " is now " + now + "); take a new screenshot");
		}
		return last;
	}

	/**
	 * Input is about to reach the desktop: cached frames stop serving zooms, since what
	 * the input does may not show yet in a capture.
	 */
	void inputStarting() {
		this.pipeline.inputStarting();
	}

	/**
	 * Every display's id and bounds: what a screenshot's coordinates silently depend on.
	 */
	private static String layout(List<DisplayInfo> displays) {
		return displays.stream()
			.map((display) -> display.id() + "=" + describe(display.bounds()))
			.collect(Collectors.joining(", "));
	}

	/** The format of screenshots made for the default profile. */
	public ImageFormat defaultFormat() {
		return this.profiles.defaultProfile().format();
	}

	private ImageFormat resolved(ImageFormat format) {
		return (format != null) ? format : this.profiles.defaultProfile().format();
	}

	private static String describe(Rect bounds) {
		return bounds.width() + "x" + bounds.height() + "+" + bounds.x() + "+" + bounds.y();
	}

}
