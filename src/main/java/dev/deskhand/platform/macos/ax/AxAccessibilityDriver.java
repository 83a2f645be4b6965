package dev.deskhand.platform.macos.ax;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.LongPredicate;
import java.util.function.Supplier;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.NativeLibraries;
import dev.deskhand.platform.Point;
import dev.deskhand.platform.Rect;
import dev.deskhand.platform.WindowInfo;
import dev.deskhand.platform.macos.MacDesktopUnits;
import dev.deskhand.platform.elements.AccessibilityDriver;
import dev.deskhand.platform.elements.AccessibilityStatus;
import dev.deskhand.platform.elements.Element;
import dev.deskhand.platform.elements.ElementApp;
import dev.deskhand.platform.elements.ElementErrors;
import dev.deskhand.platform.elements.ElementList;
import dev.deskhand.platform.elements.ElementQuery;
import dev.deskhand.platform.elements.ElementRole;
import dev.deskhand.platform.elements.ElementWalk;

/**
 * The accessibility tree of a macOS desktop through the AX API. Element bounds are AX
 * frames: points of the global desktop with a top-left origin, the units the macOS
 * pointer driver injects in. The native API is reached on first use, never at start-up.
 */
final class AxAccessibilityDriver implements AccessibilityDriver {

	private final Supplier<AxSystem> system;

	private final Duration timeout;

	private final MacDesktopUnits units;

	private final LongPredicate alive;

	/**
	 * @param system the AX API, asked for on first use (so that building the bean loads
	 * no native library)
	 * @param timeout how long one application gets to answer a call
	 */
	AxAccessibilityDriver(Supplier<AxSystem> system, Duration timeout) {
		this(system, timeout, (pid) -> ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false),
				MacDesktopUnits.points());
	}

	/**
	 * @param units AX reads positions in points; elements, windows and points cross this
	 * driver's boundary in the desktop driver's units (backing pixels)
	 */
	AxAccessibilityDriver(Supplier<AxSystem> system, Duration timeout, MacDesktopUnits units) {
		this(system, timeout, (pid) -> ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), units);
	}

	/**
	 * @param alive whether a process still runs: AX answers a message to a process that
	 * quit with {@code kAXErrorCannotComplete}, as it answers one that hangs
	 */
	AxAccessibilityDriver(Supplier<AxSystem> system, Duration timeout, LongPredicate alive) {
		this(system, timeout, alive, MacDesktopUnits.points());
	}

	private AxAccessibilityDriver(Supplier<AxSystem> system, Duration timeout, LongPredicate alive,
			MacDesktopUnits units) {
		this.units = units;
		this.system = memoize(system);
		this.timeout = timeout;
		this.alive = alive;
	}

	@Override
	public String name() {
		return "ax";
	}

	@Override
	public AccessibilityStatus status() {
		try {
			AxSystem ax = this.system.get();
			if (!ax.trusted()) {
				return AccessibilityStatus
					.unavailable("Deskhand is not trusted for Accessibility: " + AxErrors.PERMISSION);
			}
			try (AxSystem.Session session = ax.open()) {
				int apps = session.applicationPids().size();
				return AccessibilityStatus.available("the AX API answers; " + apps
						+ ((apps == 1) ? " application has" : " applications have") + " windows on screen");
			}
		}
		catch (LinkageError ex) {
			return AccessibilityStatus.unavailable(notLoaded(ex));
		}
	}

	@Override
	public ElementList list(ElementQuery query) {
		ElementQuery inPoints = new ElementQuery(inPoints(query.window()), query.app(), query.roles(), query.name(),
				query.namePattern(), query.states(), query.showingOnly(), query.interactiveOrNamed(), query.maxCount());
		ElementList list = guard("the accessibility tree", null, (session) -> listIn(session, inPoints));
		return new ElementList(list.elements().stream().map(this::toDesktop).toList(), list.truncated(), list.notes());
	}

	private ElementList listIn(AxSystem.Session session, ElementQuery query) {
		WindowInfo window = query.window();
		boolean targeted = window != null && window.pid() > 0;
		List<Long> pids = targeted ? List.of(window.pid()) : session.applicationPids();
		List<String> notes = new ArrayList<>();
		List<Element> elements = new ArrayList<>();
		boolean matchedWindow = false;
		// the menu bar on screen is the frontmost application's: the focused window's, or
		// the first in the window server's order
		long frontmost = (window != null) ? (window.focused() ? window.pid() : 0) : pids.isEmpty() ? 0 : pids.get(0);
		for (long pid : pids) {
			try {
				AxNode application = session.application(pid);
				ElementApp app = new ElementApp(applicationName(application.read()), pid);
				if (query.app() != null && !query.app().equalsIgnoreCase(app.name())) {
					continue;
				}
				List<AxFrame> frames = frames(application, pid);
				if (window != null) {
					Optional<AxFrame> frame = AxWindows.match(window, frames);
					if (frame.isEmpty()) {
						continue;
					}
					matchedWindow = true;
					frames = List.of(frame.get());
				}
				for (AxFrame frame : frames) {
					if (query.showingOnly() && frame.minimized()) {
						continue;
					}
					ElementWalk.Outcome outcome = AxWalk.collect(frame.node(), frame.path(), frame.bounds(), query, app,
							elements);
					if (outcome.cut()) {
						notes.add("the window '" + frame.title() + "' of " + describe(app)
								+ " is larger than a listing reads (" + ElementWalk.VISIT_LIMIT + " elements, "
								+ ElementWalk.MAX_DEPTH + " levels): narrow the query");
					}
					if (outcome.truncated()) {
						return new ElementList(elements, true, notes);
					}
				}
				Optional<AxFrame> menuBar = (pid == frontmost) ? menuBar(application, pid) : Optional.empty();
				if (menuBar.isPresent() && (window == null || matchedWindow)) {
					if (AxWalk.collect(menuBar.get().node(), menuBar.get().path(), null, query, app, elements)
						.truncated()) {
						return new ElementList(elements, true, notes);
					}
				}
			}
			catch (AxException ex) {
				if (AxErrors.gone(ex) || !alive(pid)) {
					// an application that quit while it was being listed
					continue;
				}
				if (AxErrors.timedOut(ex) && !targeted) {
					notes.add(didNotAnswer(new ElementApp("", pid)) + "; its elements are left out");
					continue;
				}
				throw ex;
			}
		}
		if (window != null && !matchedWindow) {
			notes.add(notInTree(window));
		}
		return new ElementList(elements, false, notes);
	}

	// the application's windows, with their paths: the windows among its AXChildren
	private static List<AxFrame> frames(AxNode application, long pid) {
		List<AxFrame> frames = new ArrayList<>();
		List<AxNode> children = application.children();
		for (int i = 0; i < children.size(); i++) {
			AxSnapshot snapshot;
			try {
				snapshot = children.get(i).read();
			}
			catch (AxException ex) {
				if (AxErrors.gone(ex)) {
					continue;
				}
				throw ex;
			}
			if ("AXWindow".equals(snapshot.role())) {
				frames.add(new AxFrame(children.get(i), new AxPath(pid, List.of(i), snapshot.role()),
						(snapshot.title() != null) ? snapshot.title() : "", AxElements.bounds(snapshot),
						Boolean.TRUE.equals(snapshot.minimized())));
			}
		}
		return frames;
	}

	// the application's menu bar among its AXChildren
	private static Optional<AxFrame> menuBar(AxNode application, long pid) {
		List<AxNode> children = application.children();
		for (int i = 0; i < children.size(); i++) {
			AxSnapshot snapshot = children.get(i).read();
			if ("AXMenuBar".equals(snapshot.role())) {
				return Optional.of(new AxFrame(children.get(i), new AxPath(pid, List.of(i), snapshot.role()), "",
						AxElements.bounds(snapshot), false));
			}
		}
		return Optional.empty();
	}

	@Override
	public Optional<Element> refresh(Element element) {
		Optional<AxPath> path = AxPath.parse(element.handle());
		if (path.isEmpty()) {
			return Optional.empty();
		}
		return guard(describe(element), element.app(), (session) -> {
			try {
				return found(session, path.get(), element).map((node) -> read(session, node, path.get(), element))
					.map(this::toDesktop);
			}
			catch (AxException ex) {
				if (AxErrors.gone(ex) || !alive(path.get().pid())) {
					return Optional.empty();
				}
				throw ex;
			}
		});
	}

	@Override
	public Optional<Element> elementAt(Point point, WindowInfo window) {
		return elementAtInPoints(this.units.toPoints(point), inPoints(window)).map(this::toDesktop);
	}

	private WindowInfo inPoints(WindowInfo window) {
		if (window == null || window.bounds() == null) {
			return window;
		}
		return new WindowInfo(window.id(), window.title(), window.appClass(), window.appInstance(), window.executable(),
				window.pid(), this.units.toPoints(window.bounds()), window.focused());
	}

	private Element toDesktop(Element element) {
		if (element.bounds() == null) {
			return element;
		}
		return new Element(element.handle(), element.role(), element.name(), element.states(),
				this.units.toDesktop(element.bounds()), element.actions(), element.value(), element.app(),
				element.text(), element.editableText());
	}

	private Optional<Element> elementAtInPoints(double[] point, WindowInfo window) {
		return guard("the window '" + window.title() + "'", null, (session) -> {
			Optional<AxNode> hit = session.elementAt(point[0], point[1]);
			if (hit.isEmpty() || (window.pid() > 0 && hit.get().pid() != window.pid())) {
				// another application's element lies over the window there
				return Optional.empty();
			}
			AxNode deepest = hit.get();
			Optional<AxPath> deepestPath = AxPath.of(deepest, "", ElementWalk.MAX_DEPTH);
			if (deepestPath.isEmpty()) {
				return Optional.empty();
			}
			ElementApp app = new ElementApp(applicationName(session.application(deepest.pid()).read()), deepest.pid());
			List<Integer> indices = deepestPath.get().indices();
			Element first = null;
			AxNode candidate = deepest;
			for (int up = 0; up < indices.size(); up++) {
				AxSnapshot snapshot = candidate.read();
				if ("AXWindow".equals(snapshot.role()) || "AXApplication".equals(snapshot.role())) {
					break;
				}
				AxPath path = new AxPath(deepest.pid(), indices.subList(0, indices.size() - up), snapshot.role());
				Element element = complete(candidate, snapshot, path, app, window.bounds());
				if (first == null) {
					first = element;
				}
				if (!element.actions().isEmpty()) {
					return Optional.of(element);
				}
				Optional<AxNode> parent = candidate.parent();
				if (parent.isEmpty()) {
					break;
				}
				candidate = parent.get();
			}
			return Optional.ofNullable(first);
		});
	}

	@Override
	public Optional<String> readText(Element element) {
		if (element.secret() || !element.text()) {
			// a password field is never read
			return Optional.empty();
		}
		return onNode(element, (node) -> Optional.ofNullable(node.text()));
	}

	@Override
	public boolean doAction(Element element, int index) {
		ElementErrors.checkAction(element, index);
		String friendly = element.actions().get(index);
		return onNode(element, (node) -> {
			String action = AxActions.axName(node.actionNames(), friendly)
				.orElseThrow(() -> new DeskhandException(ErrorCode.E_NOT_FOUND,
						describe(element) + " no longer offers '" + friendly + "': " + ElementErrors.STALE));
			node.perform(action);
			return true;
		});
	}

	@Override
	public boolean setText(Element element, String text) {
		if (!element.editableText()) {
			throw new DeskhandException(ErrorCode.E_UNSUPPORTED,
					describe(element) + " has no settable value: focus it and type instead");
		}
		return onNode(element, (node) -> {
			if (!node.valueSettable()) {
				throw new DeskhandException(ErrorCode.E_UNSUPPORTED,
						describe(element) + " no longer takes a value: focus it and type instead");
			}
			node.setValue(text);
			return true;
		});
	}

	@Override
	public boolean grabFocus(Element element) {
		return onNode(element, (node) -> {
			node.focus();
			return true;
		});
	}

	// runs the work on the element's node if it is still the element that was listed
	private <T> T onNode(Element element, Function<AxNode, T> work) {
		AxPath path = AxPath.parse(element.handle())
			.orElseThrow(() -> new DeskhandException(ErrorCode.E_NOT_FOUND,
					describe(element) + " is not an AX element: " + ElementErrors.STALE));
		return guard(describe(element), element.app(), (session) -> {
			AxNode node;
			try {
				node = found(session, path, element).orElse(null);
			}
			catch (AxException ex) {
				if (!AxErrors.gone(ex) && alive(path.pid())) {
					throw ex;
				}
				node = null;
			}
			if (node == null) {
				throw ElementErrors.gone(element);
			}
			return work.apply(node);
		});
	}

	/**
	 * The node at the element's path if it still stands for the element: same AX role,
	 * and the same name when it had one (children's indices shift when a sibling comes or
	 * goes, and a window's place among its application's children changes with the
	 * stacking order: the name keeps a ref from landing on the sibling of the same role).
	 */
	private static Optional<AxNode> found(AxSystem.Session session, AxPath path, Element element) {
		Optional<AxNode> node = path.resolve(session.application(path.pid()));
		if (node.isEmpty()) {
			return Optional.empty();
		}
		AxSnapshot snapshot = node.get().read();
		if (!path.role().equals(snapshot.role())) {
			return Optional.empty();
		}
		ElementRole role = AxRoles.of(snapshot.role(), snapshot.subrole());
		if (role != element.role()
				|| (!element.name().isBlank() && !AxElements.name(role, snapshot).equals(element.name()))) {
			return Optional.empty();
		}
		return node;
	}

	// the element read in full again, placed in its window for the showing state
	private Element read(AxSystem.Session session, AxNode node, AxPath path, Element before) {
		Rect window = null;
		if (!path.indices().isEmpty()) {
			window = path.indices().size() > 1
					? new AxPath(path.pid(), path.indices().subList(0, 1), "").resolve(session.application(path.pid()))
						.map((frame) -> AxElements.bounds(frame.read()))
						.orElse(null)
					: null;
		}
		return complete(node, node.read(), path, before.app(), window);
	}

	private static Element complete(AxNode node, AxSnapshot snapshot, AxPath path, ElementApp app, Rect visible) {
		ElementRole role = AxRoles.of(snapshot.role(), snapshot.subrole());
		AxSnapshot full = snapshot.withActions(node.actionNames());
		if (role == ElementRole.ENTRY || role == ElementRole.TEXT || role == ElementRole.PASSWORD_TEXT
				|| role == ElementRole.COMBO_BOX) {
			full = full.withValueSettable(node.valueSettable());
		}
		return AxElements.element(path.handle(), full, app, visible);
	}

	// the driver's failures as the SPI's error codes, within one session of native
	// objects
	private <T> T guard(String what, ElementApp app, Function<AxSystem.Session, T> call) {
		AxSystem ax;
		try {
			ax = this.system.get();
			if (!ax.trusted()) {
				throw ElementErrors.unreadable(AxErrors.PERMISSION, null);
			}
		}
		catch (LinkageError ex) {
			throw ElementErrors.unreadable(notLoaded(ex), null);
		}
		try (AxSystem.Session session = ax.open()) {
			return call.apply(session);
		}
		catch (AxException ex) {
			throw AxErrors.toDeskhand(ex, what, didNotAnswer(app));
		}
	}

	private boolean alive(long pid) {
		return this.alive.test(pid);
	}

	private static String applicationName(AxSnapshot application) {
		return (application.title() != null) ? application.title() : "";
	}

	private String didNotAnswer(ElementApp app) {
		return ElementErrors.didNotAnswer((app == null) ? "an application" : "the application " + describe(app),
				this.timeout);
	}

	private static String describe(ElementApp app) {
		return (app.name().isBlank() ? "" : "'" + app.name() + "' ") + "(pid " + app.pid() + ")";
	}

	private static String describe(Element element) {
		return ElementErrors.describe(element);
	}

	private static String notInTree(WindowInfo window) {
		return "the window '" + window.title() + "'" + ((window.pid() > 0) ? " (pid " + window.pid() + ")" : "")
				+ " is not among its application's AX windows: use coordinates from a screenshot instead";
	}

	private static String notLoaded(LinkageError ex) {
		return NativeLibraries.notLoaded("the macOS accessibility API (ApplicationServices)", ex);
	}

	private static <T> Supplier<T> memoize(Supplier<T> supplier) {
		return new Supplier<>() {

			private volatile T value;

			@Override
			public T get() {
				T known = this.value;
				if (known == null) {
					synchronized (this) {
						known = this.value;
						if (known == null) {
							known = supplier.get();
							this.value = known;
						}
					}
				}
				return known;
			}

		};
	}

}
