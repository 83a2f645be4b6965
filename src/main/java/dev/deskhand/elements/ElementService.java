package dev.deskhand.elements;

import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.Echo;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.input.InputAction.ElementTarget;
import dev.deskhand.platform.DisplayInfo;
import dev.deskhand.platform.Point;
import dev.deskhand.platform.Rect;
import dev.deskhand.platform.WindowDriver;
import dev.deskhand.platform.WindowInfo;
import dev.deskhand.platform.elements.AccessibilityDriver;
import dev.deskhand.platform.elements.AccessibilityStatus;
import dev.deskhand.platform.elements.Element;
import dev.deskhand.platform.elements.ElementList;
import dev.deskhand.platform.elements.ElementQuery;
import dev.deskhand.platform.elements.ElementRole;
import dev.deskhand.platform.elements.RoleNames;
import dev.deskhand.platform.elements.ElementState;
import dev.deskhand.screen.DisplayChoice;
import dev.deskhand.screen.ImagePlacement;
import dev.deskhand.screen.ScreenService;

/**
 * The desktop as elements, for agents: listings with session refs and bounds in the
 * session's screenshot pixels, refs resolved back to live elements (or refused as stale),
 * masked applications left out. Reading only: acting on an element is input and goes the
 * guarded way ({@code DesktopActions}).
 */
public class ElementService {

	static final String UNPLACED = "on this desktop (Wayland) applications do not know where their windows are, "
			+ "so elements have no bounds: act on them by ref";

	private static final Duration READ_BACK_POLL = Duration.ofMillis(25);

	private final AccessibilityDriver driver;

	private final WindowDriver windows;

	private final ScreenService screen;

	private final List<String> maskedApps;

	private final ElementsProperties properties;

	private final boolean positionsKnown;

	private final ElementRefs refs = new ElementRefs();

	public ElementService(AccessibilityDriver driver, WindowDriver windows, ScreenService screen,
			List<String> maskedApps, ElementsProperties properties) {
		this(driver, windows, screen, maskedApps, properties, true);
	}

	/**
	 * @param positionsKnown whether applications know where their windows are
	 * ({@link dev.deskhand.platform.DesktopDriver#applicationsKnowTheirPosition()}): when
	 * not, their elements' bounds are left out rather than shown wrong, and nothing is
	 * found by a point
	 */
	public ElementService(AccessibilityDriver driver, WindowDriver windows, ScreenService screen,
			List<String> maskedApps, ElementsProperties properties, boolean positionsKnown) {
		this.driver = driver;
		this.windows = windows;
		this.screen = screen;
		this.maskedApps = List.copyOf(maskedApps);
		this.properties = properties;
		this.positionsKnown = positionsKnown;
	}

	public AccessibilityStatus status() {
		return this.driver.status();
	}

	public String driverName() {
		return this.driver.name();
	}

	public ElementsProperties properties() {
		return this.properties;
	}

	/**
	 * The elements a search names, with refs for this session.
	 * @throws DeskhandException E_ARGS for a bad search, E_NOT_FOUND for an unknown
	 * window, E_NOT_GRANTED for a masked one, E_UNSUPPORTED when the tree cannot be read
	 */
	public ElementListing list(String session, ElementSearch search) {
		List<WindowInfo> stack = this.windows.list();
		List<String> notes = new ArrayList<>();
		WindowInfo window = window(search, stack, notes);
		ElementQuery query = new ElementQuery(window, blankToNull(search.app()), roles(search.roles()),
				blankToNull(search.name()), pattern(search.nameRegex()), states(search.states()), !search.everything(),
				!search.everything(), maxCount(search.maxCount()));
		if (query.app() != null && isMasked(query.app())) {
			throw masked("'" + query.app() + "'");
		}
		ElementList found = this.driver.list(query);
		notes.addAll(found.notes());
		Placement placement = new Placement(session);
		List<ListedElement> listed = new ArrayList<>();
		int hidden = 0;
		for (Element element : found.elements()) {
			if (isMasked(element, stack)) {
				hidden++;
				continue;
			}
			listed.add(placement.place(this.refs.refFor(session, element), element));
		}
		if (hidden > 0) {
			notes.add(hidden + " elements of masked applications are not shown (deskhand.privacy.masked-apps)");
		}
		if (!this.positionsKnown && !listed.isEmpty()) {
			notes.add(UNPLACED);
		}
		return new ElementListing(listed, found.truncated(), notes);
	}

	/**
	 * The element a ref names, read again now.
	 * @throws DeskhandException E_NOT_FOUND when the ref is unknown or its element is
	 * gone or changed; E_NOT_GRANTED when it belongs to a masked application
	 */
	public ElementTarget resolve(String session, String ref) {
		if (ref == null || ref.isBlank()) {
			throw DeskhandException.args("ref is required: an element ref from list_elements, e.g. \"e12\"");
		}
		Element known = this.refs.element(session, ref.strip());
		Element now = this.driver.refresh(known)
			.orElseThrow(() -> new DeskhandException(ErrorCode.E_NOT_FOUND,
					"stale ref " + ref + ": the element is gone or changed; list the elements again"));
		if (isMasked(now, this.windows.list())) {
			throw masked("ref " + ref);
		}
		this.refs.update(session, ref.strip(), now);
		return new ElementTarget(ref.strip(), now);
	}

	/** An element as the agent is shown it, placed in its session's image pixels. */
	public ListedElement describe(String session, ElementTarget target) {
		return new Placement(session).place(target.ref(), target.element());
	}

	/**
	 * The whole text of an element.
	 * @throws DeskhandException E_DENIED for a password field, E_UNSUPPORTED for an
	 * element without text
	 */
	public String readText(ElementTarget target) {
		if (target.element().secret()) {
			throw new DeskhandException(ErrorCode.E_DENIED,
					target.ref() + " is a password field: its text is never read");
		}
		return this.driver.readText(target.element())
			.orElseThrow(() -> new DeskhandException(ErrorCode.E_UNSUPPORTED,
					target.ref() + " (" + target.element().role().spelling() + ") has no text to read"));
	}

	/**
	 * The element at a point of a screenshot: in the topmost window there, the nearest
	 * element that offers an action.
	 */
	public ListedElement at(String session, DisplayChoice display, List<Integer> coordinate) {
		if (!this.positionsKnown) {
			throw new DeskhandException(ErrorCode.E_UNSUPPORTED, "element_at: " + UNPLACED);
		}
		Point point = this.screen.toDesktop(session, display, coordinate, "coordinate");
		WindowInfo top = WindowDriver.topmostAt(this.windows.list(), point);
		if (top == null) {
			throw new DeskhandException(ErrorCode.E_NOT_FOUND, "no window at " + coordinate);
		}
		if (this.maskedApps.stream().anyMatch(top::belongsTo)) {
			throw masked("the window at " + coordinate);
		}
		WindowInfo window = top;
		Element element = this.driver.elementAt(point, window)
			.orElseThrow(() -> new DeskhandException(ErrorCode.E_NOT_FOUND, "no accessible element at " + coordinate
					+ " in '" + window.title() + "' (its application may not expose accessibility: use pixels)"));
		return new Placement(session).place(this.refs.refFor(session, element), element);
	}

	/**
	 * The focused text field of the focused window, if it is readable: what a typing
	 * check reads before and after.
	 */
	public Optional<Element> focusedTextField() {
		Optional<WindowInfo> focused = this.windows.focusedWindow();
		if (focused.isEmpty() || this.maskedApps.stream().anyMatch(focused.get()::belongsTo)) {
			return Optional.empty();
		}
		ElementQuery query = new ElementQuery(focused.get(), null, Set.of(), null, null, Set.of(ElementState.FOCUSED),
				false, false, 1);
		try {
			return this.driver.list(query).elements().stream().filter(Element::text).findFirst();
		}
		catch (DeskhandException ex) {
			if (ex.code() == ErrorCode.E_UNSUPPORTED) {
				// no tree to read: nothing to check, not an error
				return Optional.empty();
			}
			throw ex;
		}
	}

	/** The current text of an element, if it has one (never for a password field). */
	public Optional<String> currentText(Element element) {
		return element.secret() ? Optional.empty() : this.driver.readText(element);
	}

	/**
	 * The element's text read again and again, until it satisfies {@code done} or
	 * {@code deskhand.elements.read-back-wait} is over (applications apply input in their
	 * own time): the last reading, empty when the element has no readable text.
	 */
	public Optional<String> readUntil(Element element, Predicate<String> done) {
		long deadline = System.nanoTime() + this.properties.readBackWait().toNanos();
		while (true) {
			Optional<String> now = currentText(element);
			if (now.isEmpty() || done.test(now.get()) || System.nanoTime() > deadline) {
				return now;
			}
			try {
				Thread.sleep(READ_BACK_POLL.toMillis());
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new DeskhandException(ErrorCode.E_FAIL, "interrupted while reading the field back");
			}
		}
	}

	/** A session ended: its refs go. */
	public void forget(String session) {
		this.refs.forget(session);
	}

	private void requireAvailable() {
		AccessibilityStatus status = this.driver.status();
		if (!status.available()) {
			throw new DeskhandException(ErrorCode.E_UNSUPPORTED,
					"the accessibility tree cannot be read: " + status.detail());
		}
	}

	private WindowInfo window(ElementSearch search, List<WindowInfo> stack, List<String> notes) {
		String id = blankToNull(search.window());
		if (id != null) {
			long windowId = parseWindowId(id);
			WindowInfo window = stack.stream()
				.filter((candidate) -> candidate.id() == windowId)
				.findFirst()
				.orElseThrow(() -> new DeskhandException(ErrorCode.E_NOT_FOUND,
						"no window " + id + " (list_windows gives the ids)"));
			if (this.maskedApps.stream().anyMatch(window::belongsTo)) {
				throw masked("window " + id);
			}
			return window;
		}
		if (blankToNull(search.app()) != null || !search.focusedWindowByDefault()) {
			return null;
		}
		Optional<WindowInfo> focused = stack.stream().filter(WindowInfo::focused).findFirst();
		if (focused.isEmpty()) {
			notes.add("no window has focus: listing every application's windows");
			return null;
		}
		if (this.maskedApps.stream().anyMatch(focused.get()::belongsTo)) {
			throw masked("the focused window");
		}
		return focused.get();
	}

	private static long parseWindowId(String id) {
		try {
			String digits = id.strip().toLowerCase(java.util.Locale.ROOT);
			return digits.startsWith("0x") ? Long.parseUnsignedLong(digits.substring(2), 16) : Long.parseLong(digits);
		}
		catch (NumberFormatException ex) {
			throw DeskhandException.args("window must be a window id from list_windows, e.g. \"0x1a00003\"");
		}
	}

	private static Set<ElementRole> roles(List<String> names) {
		Set<ElementRole> roles = EnumSet.noneOf(ElementRole.class);
		if (names != null) {
			for (String name : names) {
				Set<ElementRole> matching = RoleNames.matching(name);
				if (matching.isEmpty()) {
					throw DeskhandException.args("unknown role '" + Echo.of(name, 60)
							+ "': use AT-SPI's names (\"push button\", \"entry\", \"check box\", \"link\", \"menu item\", "
							+ "\"combo box\") or the common ones (\"button\", \"textbox\", \"checkbox\", \"AXButton\", "
							+ "\"Edit\"); docs/elements.md lists them");
				}
				roles.addAll(matching);
			}
		}
		return roles;
	}

	private static Set<ElementState> states(List<String> names) {
		Set<ElementState> states = EnumSet.noneOf(ElementState.class);
		if (names != null) {
			for (String name : names) {
				ElementState state = ElementState.bySpelling(name);
				if (state == null) {
					throw DeskhandException.args("unknown state '" + Echo.of(name, 60) + "': one of "
							+ java.util.Arrays.stream(ElementState.values()).map(ElementState::spelling).toList());
				}
				states.add(state);
			}
		}
		return states;
	}

	private static Pattern pattern(String regex) {
		if (blankToNull(regex) == null) {
			return null;
		}
		try {
			return Pattern.compile(regex, Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
		}
		catch (PatternSyntaxException ex) {
			throw DeskhandException.args("name_regex is not a regular expression: " + ex.getDescription());
		}
	}

	private int maxCount(Integer asked) {
		if (asked == null) {
			return this.properties.maxCount();
		}
		if (asked < 1 || asked > this.properties.maxCountLimit()) {
			throw DeskhandException
				.args("max_count must be 1 to " + this.properties.maxCountLimit() + ", was " + asked);
		}
		return asked;
	}

	private boolean isMasked(String app) {
		return this.maskedApps.stream().anyMatch(app::equalsIgnoreCase);
	}

	private boolean isMasked(Element element, List<WindowInfo> stack) {
		ElementTarget target = new ElementTarget("", element);
		return this.maskedApps.stream().anyMatch((app) -> target.belongsTo(app, stack));
	}

	private static DeskhandException masked(String what) {
		return new DeskhandException(ErrorCode.E_NOT_GRANTED,
				what + " belongs to a masked application (deskhand.privacy.masked-apps)");
	}

	private static String blankToNull(String value) {
		return (value == null || value.isBlank()) ? null : value.strip();
	}

	/** A listing's elements placed in the session's screenshot pixels. */
	private final class Placement {

		private final ImagePlacement image;

		Placement(String session) {
			this.image = ElementService.this.screen.placement(session);
		}

		ListedElement place(String ref, Element element) {
			Rect bounds = element.bounds();
			DisplayInfo display = (bounds != null && ElementService.this.positionsKnown) ? this.image.displayOf(bounds)
					: null;
			if (display == null) {
				return new ListedElement(ref, element, null, null);
			}
			return new ListedElement(ref, element, display.id(), this.image.imageRect(display, bounds));
		}

	}

}
