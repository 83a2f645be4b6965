package dev.deskhand.platform.linux.atspi;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

import org.freedesktop.dbus.DBusPath;
import org.freedesktop.dbus.exceptions.DBusExecutionException;
import org.freedesktop.dbus.types.UInt32;
import org.freedesktop.dbus.types.Variant;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.Point;
import dev.deskhand.platform.WindowInfo;
import dev.deskhand.platform.elements.AccessibilityDriver;
import dev.deskhand.platform.elements.AccessibilityStatus;
import dev.deskhand.platform.elements.Element;
import dev.deskhand.platform.elements.ElementList;
import dev.deskhand.platform.elements.ElementQuery;
import dev.deskhand.platform.elements.ElementErrors;
import dev.deskhand.platform.elements.ElementWalk;
import dev.deskhand.platform.linux.ProcessExecutables;
import dev.deskhand.platform.linux.atspi.AtspiDbus.Accessible;
import dev.deskhand.platform.linux.atspi.AtspiDbus.Action;
import dev.deskhand.platform.linux.atspi.AtspiDbus.Component;
import dev.deskhand.platform.linux.atspi.AtspiDbus.EditableText;
import dev.deskhand.platform.linux.atspi.AtspiDbus.ObjectRef;
import dev.deskhand.platform.linux.atspi.AtspiDbus.Properties;
import dev.deskhand.platform.linux.atspi.AtspiDbus.Text;

/**
 * The accessibility tree of a Linux desktop over AT-SPI2, for X11 and Wayland sessions
 * alike: pure Java over D-Bus (dbus-java), connected on first use. Element bounds are
 * AT-SPI's screen extents, which are X root pixels (X11, Xwayland).
 */
final class AtspiAccessibilityDriver implements AccessibilityDriver, AutoCloseable {

	private final AtspiBus bus;

	private final AtspiTree tree;

	private final ProcessExecutables executables;

	// per X window, the AT-SPI window it was the last time it was listed: what askEarly
	// guesses from; bounded, as a desktop opens new windows for as long as it runs
	private final Map<Long, AtspiFrame> lastFrames = Collections.synchronizedMap(new LinkedHashMap<>(16, 0.75f, true) {

		@Override
		protected boolean removeEldestEntry(Map.Entry<Long, AtspiFrame> eldest) {
			return size() > LAST_FRAMES;
		}

	});

	private static final int LAST_FRAMES = 256;

	AtspiAccessibilityDriver(AtspiBus bus, ProcessExecutables executables) {
		this.bus = bus;
		this.tree = new AtspiTree(bus);
		this.executables = executables;
	}

	@Override
	public String name() {
		return "at-spi";
	}

	@Override
	public AccessibilityStatus status() {
		try {
			int apps = this.tree.busNames().size();
			return AccessibilityStatus.available("the AT-SPI bus answers; " + apps
					+ ((apps == 1) ? " application is" : " applications are") + " in the tree");
		}
		catch (AtspiUnavailableException ex) {
			return AccessibilityStatus.unavailable(ex.getMessage());
		}
		catch (AtspiTimeoutException ex) {
			return AccessibilityStatus.unavailable("the AT-SPI registry did not answer within " + this.bus.timeout());
		}
		catch (DBusExecutionException ex) {
			return AccessibilityStatus
				.unavailable("the AT-SPI registry failed: " + ex.getMessage() + ". " + AtspiBus.HOW_TO_ENABLE);
		}
	}

	@Override
	public ElementList list(ElementQuery query) {
		return guard("the accessibility registry", () -> listGuarded(query));
	}

	private ElementList listGuarded(ElementQuery query) {
		List<String> notes = new ArrayList<>();
		Early early = (query.window() != null && query.app() == null) ? askEarly(query) : Early.NONE;
		List<AtspiFrame> frames = frames(query.window(), query.app(), notes, early);
		if (query.window() != null) {
			Optional<AtspiFrame> frame = AtspiWindows.match(query.window(), frames);
			if (frame.isEmpty()) {
				notes.add(notInTree(query.window()));
				return new ElementList(List.of(), false, notes);
			}
			frames = List.of(frame.get());
			this.lastFrames.put(query.window().id(), frame.get());
		}
		List<Element> elements = new ArrayList<>();
		boolean truncated = false;
		for (AtspiFrame frame : frames) {
			try {
				truncated = collect(frame, query, elements, early.matchesFor(frame));
			}
			catch (AtspiTimeoutException ex) {
				if (query.window() != null) {
					throw ex;
				}
				notes.add(didNotAnswer(frame.app()) + "; its elements are left out");
			}
			if (truncated) {
				break;
			}
		}
		return new ElementList(elements, truncated, notes);
	}

	// the windows of the applications the query is about; an application that does not
	// answer is a note unless it is the only one the query can mean
	private List<AtspiFrame> frames(WindowInfo window, String appName, List<String> notes) {
		return frames(window, appName, notes, Early.NONE);
	}

	/**
	 * Sends, beside the registry's list of applications, what a list of this window asked
	 * next the last time: its application's windows and the toolkit's search in the
	 * window it was. Each answer is used only where the list comes to ask the same again
	 * (the same application, the same window): a list of a window listed before costs two
	 * round trips (this, then the elements), not five.
	 */
	private Early askEarly(ElementQuery query) {
		AtspiFrame last = this.lastFrames.get(query.window().id());
		AtspiCall<List<ObjectRef>> registry = this.tree.askBusNames();
		if (last == null || !this.bus.isOpen(last.app().busName())) {
			return new Early(registry, null, null, null);
		}
		return new Early(registry, this.tree.askFrames(last.app()), last,
				last.collection() ? this.tree.askMatches(last, query) : null);
	}

	private List<AtspiFrame> frames(WindowInfo window, String appName, List<String> notes, Early early) {
		List<String> busNames = (early.registry() != null) ? this.tree.busNames(early.registry())
				: this.tree.busNames();
		Map<String, Long> pids = this.bus.pids(busNames);
		List<String> candidates = busNames;
		if (window != null && window.pid() > 0) {
			List<String> sameProcess = busNames.stream().filter((name) -> pids.get(name) == window.pid()).toList();
			if (!sameProcess.isEmpty()) {
				candidates = sameProcess;
			}
		}
		boolean targeted = window != null && candidates.size() == 1;
		List<AtspiFrame> frames = new ArrayList<>();
		for (String busName : candidates) {
			long pid = pids.getOrDefault(busName, 0L);
			try {
				AtspiApp app = this.tree.app(busName, pid);
				if (appName != null && !belongsTo(app, appName)) {
					continue;
				}
				frames.addAll(this.tree.frames(early.framesOf(app).orElseGet(() -> this.tree.askFrames(app))));
			}
			catch (AtspiTimeoutException ex) {
				if (targeted) {
					throw ex;
				}
				notes.add(didNotAnswer(new AtspiApp(busName, this.executables.executable(pid), pid, ""))
						+ "; its elements are left out");
			}
			catch (DBusExecutionException ex) {
				// an application that quit while it was being listed
				if (!AtspiErrors.gone(ex)) {
					throw ex;
				}
				this.bus.forget(busName);
			}
		}
		return frames;
	}

	private boolean belongsTo(AtspiApp app, String name) {
		return name.equalsIgnoreCase(app.name()) || name.equalsIgnoreCase(this.executables.executable(app.pid()));
	}

	// reads the window's candidates in chunks, so a query for a few elements of a large
	// web page reads a few; true when it stopped at the maximum
	private boolean collect(AtspiFrame frame, ElementQuery query, List<Element> into,
			AtspiCall<List<ObjectRef>> matches) {
		AtspiChannel channel = this.bus.channel(frame.app().busName());
		List<String> paths = (matches != null) ? this.tree.candidates(frame, query, matches)
				: this.tree.candidates(frame, query);
		int next = 0;
		while (next < paths.size()) {
			int wanted = query.maxCount() - into.size();
			int chunk = Math.min(paths.size() - next, Math.max(wanted + 16, 64));
			List<Element> read = AtspiElements.read(channel, frame.app(), paths.subList(next, next + chunk), true,
					this.bus.deadline(), this.tree.facts(frame.app().busName()));
			next += chunk;
			if (ElementWalk.collect(read, query, into,
					(element, before) -> query.interactiveOrNamed() && repeatsItsParent(element, before))) {
				return true;
			}
		}
		return false;
	}

	/**
	 * The calls {@link #askEarly} sent: the registry's applications, and for a window
	 * listed before its application's windows and the search in the window it was.
	 */
	private record Early(AtspiCall<List<ObjectRef>> registry, AtspiTree.FrameReads frames, AtspiFrame frame,
			AtspiCall<List<ObjectRef>> matches) {

		static final Early NONE = new Early(null, null, null, null);

		// the same application under the same bus name: its windows' answers are good
		Optional<AtspiTree.FrameReads> framesOf(AtspiApp app) {
			return (this.frames != null && this.frames.app().busName().equals(app.busName())) ? Optional.of(this.frames)
					: Optional.empty();
		}

		// the window matched is the one searched: the search's answer is this window's
		AtspiCall<List<ObjectRef>> matchesFor(AtspiFrame matched) {
			return (this.matches != null && matched.collection()
					&& matched.app().busName().equals(this.frame.app().busName())
					&& matched.path().equals(this.frame.path())) ? this.matches : null;
		}

	}

	// Chromium names a link and the text inside it alike: the text adds nothing
	private static boolean repeatsItsParent(Element element, List<Element> before) {
		if (element.role().interactive() || element.bounds() == null || element.name().isBlank()) {
			return false;
		}
		for (int i = before.size() - 1; i >= 0 && i >= before.size() - 8; i--) {
			Element earlier = before.get(i);
			if (earlier.name().equals(element.name()) && earlier.bounds() != null
					&& earlier.bounds().intersection(element.bounds()) != null
					&& earlier.bounds().intersection(element.bounds()).equals(element.bounds())) {
				return true;
			}
		}
		return false;
	}

	@Override
	public Optional<Element> refresh(Element element) {
		return guard(describe(element), () -> {
			AtspiApp app = this.tree.known(element);
			Element fresh = AtspiElements.readOne(this.bus.channel(app.busName()), app, element.handle().id(),
					this.bus.deadline());
			if (fresh == null || fresh.role() != element.role()) {
				return Optional.empty();
			}
			return Optional.of(fresh);
		});
	}

	@Override
	public Optional<Element> elementAt(Point point, WindowInfo window) {
		return guard("the window '" + window.title() + "'", () -> {
			List<String> notes = new ArrayList<>();
			Optional<AtspiFrame> frame = AtspiWindows.match(window, frames(window, null, notes));
			if (frame.isEmpty()
					|| (frame.get().bounds() != null && !frame.get().bounds().contains(point.x(), point.y()))) {
				return Optional.empty();
			}
			AtspiApp app = frame.get().app();
			AtspiChannel channel = this.bus.channel(app.busName());
			String path = frame.get().path();
			// one level per call, and no toolkit nests deeper
			for (int depth = 0; depth < ElementWalk.MAX_DEPTH; depth++) {
				ObjectRef child = channel
					.<ObjectRef>call(path, Component.class, "GetAccessibleAtPoint", point.x(), point.y(),
							AtspiDbus.COORDS_SCREEN)
					.await(this.bus.deadline());
				if (child == null || child.isNull() || child.path().equals(path)) {
					break;
				}
				path = child.path();
			}
			Element deepest = AtspiElements.readOne(channel, app, path, this.bus.deadline());
			Element candidate = deepest;
			String at = path;
			while (candidate != null && !at.equals(frame.get().path())) {
				if (!candidate.actions().isEmpty()) {
					return Optional.of(candidate);
				}
				at = parent(channel, at);
				if (at == null) {
					break;
				}
				candidate = AtspiElements.readOne(channel, app, at, this.bus.deadline());
			}
			return Optional.ofNullable(deepest);
		});
	}

	private String parent(AtspiChannel channel, String path) {
		Variant<?> parent = channel.<Variant<?>>call(path, Properties.class, "Get", AtspiDbus.ACCESSIBLE, "Parent")
			.await(this.bus.deadline());
		Object value = (parent != null) ? parent.getValue() : null;
		// inside a Variant a (so) arrives as its fields, not as the struct
		if (value instanceof Object[] fields && fields.length == 2 && fields[1] instanceof DBusPath parentPath) {
			return AtspiDbus.NULL_PATH.equals(parentPath.getPath()) ? null : parentPath.getPath();
		}
		if (value instanceof ObjectRef ref) {
			return ref.isNull() ? null : ref.path();
		}
		return null;
	}

	@Override
	public Optional<String> readText(Element element) {
		if (element.secret() || !element.text()) {
			// a password field is never read
			return Optional.empty();
		}
		return guard(describe(element),
				() -> Optional.ofNullable(this.bus.channel(element.handle().owner())
					.<String>call(element.handle().id(), Text.class, "GetText", 0, -1)
					.await(this.bus.deadline())));
	}

	@Override
	public boolean doAction(Element element, int index) {
		ElementErrors.checkAction(element, index);
		return guard(describe(element),
				() -> Boolean.TRUE
					.equals(stillThere(element).<Boolean>call(element.handle().id(), Action.class, "DoAction", index)
						.await(this.bus.deadline())));
	}

	@Override
	public boolean setText(Element element, String text) {
		if (!element.editableText()) {
			throw new DeskhandException(ErrorCode.E_UNSUPPORTED,
					describe(element) + " has no editable text (web page fields have none): focus it and type instead");
		}
		return guard(describe(element),
				() -> Boolean.TRUE.equals(stillThere(element)
					.<Boolean>call(element.handle().id(), EditableText.class, "SetTextContents", text)
					.await(this.bus.deadline())));
	}

	@Override
	public boolean grabFocus(Element element) {
		return guard(describe(element),
				() -> Boolean.TRUE
					.equals(stillThere(element).<Boolean>call(element.handle().id(), Component.class, "GrabFocus")
						.await(this.bus.deadline())));
	}

	// a destroyed GTK widget's object still answers, defunct, and a recycled path may
	// answer as something else: an action goes only to the element that was listed
	private AtspiChannel stillThere(Element element) {
		AtspiChannel channel = this.bus.channel(element.handle().owner());
		String path = element.handle().id();
		AtspiCall<UInt32> role = channel.call(path, Accessible.class, "GetRole");
		AtspiCall<List<UInt32>> states = channel.call(path, Accessible.class, "GetState");
		long deadline = this.bus.deadline();
		if (AtspiRoles.of(role.await(deadline).longValue()) != element.role()
				|| AtspiStates.has(states.await(deadline), AtspiStates.DEFUNCT)) {
			throw ElementErrors.gone(element);
		}
		return channel;
	}

	// the driver's failures as the SPI's error codes
	private <T> T guard(String what, Supplier<T> call) {
		try {
			return call.get();
		}
		catch (AtspiUnavailableException ex) {
			throw ElementErrors.unreadable(ex.getMessage(), ex);
		}
		catch (AtspiTimeoutException ex) {
			throw new DeskhandException(ErrorCode.E_TIMEOUT, didNotAnswer(this.tree.known(ex.owner())), ex);
		}
		catch (DBusExecutionException ex) {
			if (AtspiErrors.gone(ex)) {
				throw ElementErrors.gone(what, ex);
			}
			if (AtspiErrors.noInterface(ex)) {
				throw new DeskhandException(ErrorCode.E_UNSUPPORTED, what + " does not offer that: " + ex.getMessage(),
						ex);
			}
			throw new DeskhandException(ErrorCode.E_FAIL, what + ": " + ex.getMessage(), ex);
		}
	}

	private String didNotAnswer(AtspiApp app) {
		return ElementErrors.didNotAnswer("the application " + app.describe(), this.bus.timeout());
	}

	private static String notInTree(WindowInfo window) {
		return "the window '" + window.title() + "'" + ((window.pid() > 0) ? " (pid " + window.pid() + ")" : "")
				+ " is not in the accessibility tree: its application has no accessibility support (xterm) or was"
				+ " started without it (Chromium needs ACCESSIBILITY_ENABLED=1 and --force-renderer-accessibility);"
				+ " use coordinates from a screenshot instead";
	}

	private static String describe(Element element) {
		return ElementErrors.describe(element);
	}

	@Override
	public void close() {
		this.bus.close();
	}

}
