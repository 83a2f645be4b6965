package dev.deskhand.platform.linux.atspi;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import org.freedesktop.dbus.connections.impl.DBusConnection;
import org.freedesktop.dbus.exceptions.DBusExecutionException;
import org.freedesktop.dbus.types.UInt32;
import org.freedesktop.dbus.types.Variant;

import dev.deskhand.platform.elements.Element;
import dev.deskhand.platform.elements.ElementQuery;
import dev.deskhand.platform.elements.ElementRole;
import dev.deskhand.platform.elements.ElementState;
import dev.deskhand.platform.elements.ElementWalk;
import dev.deskhand.platform.linux.atspi.AtspiDbus.Accessible;
import dev.deskhand.platform.linux.atspi.AtspiDbus.Collection;
import dev.deskhand.platform.linux.atspi.AtspiDbus.Component;
import dev.deskhand.platform.linux.atspi.AtspiDbus.Extents;
import dev.deskhand.platform.linux.atspi.AtspiDbus.MatchRule;
import dev.deskhand.platform.linux.atspi.AtspiDbus.ObjectRef;
import dev.deskhand.platform.linux.atspi.AtspiDbus.Properties;

/**
 * The shape of the tree: the applications under the registry's root, their windows, and
 * the paths of the elements of a window that a query wants, found by the toolkit
 * ({@code Collection.GetMatches}, GTK and Chromium) or by a walk that does not descend
 * into what is not showing (Qt).
 */
final class AtspiTree {

	private static final int MATCH_ALL = 1;

	private static final int MATCH_ANY = 2;

	private static final UInt32 SORT_CANONICAL = new UInt32(1);

	// enough words for every role number there is (129) and the states (44)
	private static final int ROLE_WORDS = 5;

	private static final int STATE_WORDS = 2;

	private final AtspiBus bus;

	private final Map<String, AtspiApp> apps = new ConcurrentHashMap<>();

	// per application, what does not change for its objects; dropped with the
	// application, and bounded so that a long-lived browser does not grow it forever
	private final Map<String, Map<String, AtspiFacts>> facts = new ConcurrentHashMap<>();

	private static final int FACTS_LIMIT = 20_000;

	// per application, the paths of its windows the last time, with whether each offers
	// Collection: their titles and places are asked together with the window list
	private final Map<String, Map<String, Boolean>> windows = new ConcurrentHashMap<>();

	AtspiTree(AtspiBus bus) {
		this.bus = bus;
	}

	/** The bus names of the applications registered now, in the registry's order. */
	List<String> busNames() {
		return busNames(askBusNames());
	}

	/**
	 * Asks the registry for its applications; {@link #busNames(AtspiCall)} reads the
	 * answer.
	 */
	AtspiCall<List<ObjectRef>> askBusNames() {
		DBusConnection connection = this.bus.connection();
		AtspiChannel registry = AtspiChannel.viaBus(AtspiDbus.REGISTRY, connection);
		return registry.call(AtspiDbus.ROOT_PATH, Accessible.class, "GetChildren");
	}

	/**
	 * The bus names in the registry's answer, in its order; forgets the applications
	 * gone.
	 */
	List<String> busNames(AtspiCall<List<ObjectRef>> asked) {
		List<ObjectRef> children = asked.await(this.bus.deadline());
		List<String> names = new ArrayList<>();
		for (ObjectRef child : children) {
			if (!child.isNull() && !names.contains(child.bus())) {
				names.add(child.bus());
			}
		}
		this.bus.retain(Set.copyOf(names));
		this.apps.keySet().retainAll(Set.copyOf(names));
		this.facts.keySet().retainAll(Set.copyOf(names));
		this.windows.keySet().retainAll(Set.copyOf(names));
		return names;
	}

	/** The application's name, process and toolkit, read once per application. */
	AtspiApp app(String busName, long pid) {
		AtspiApp known = this.apps.get(busName);
		if (known != null) {
			return known;
		}
		AtspiChannel channel = this.bus.channel(busName);
		long deadline = this.bus.deadline();
		AtspiCall<Variant<?>> name = channel.call(AtspiDbus.ROOT_PATH, Properties.class, "Get", AtspiDbus.ACCESSIBLE,
				"Name");
		AtspiCall<Variant<?>> toolkit = channel.call(AtspiDbus.ROOT_PATH, Properties.class, "Get",
				"org.a11y.atspi.Application", "ToolkitName");
		String appName = string(name.await(deadline));
		String toolkitName;
		try {
			toolkitName = string(toolkit.await(deadline));
		}
		catch (DBusExecutionException ex) {
			toolkitName = "";
		}
		AtspiApp app = new AtspiApp(busName, appName, pid, toolkitName);
		this.apps.put(busName, app);
		return app;
	}

	/** What is known of the application's objects' roles, interfaces and actions. */
	Map<String, AtspiFacts> facts(String busName) {
		Map<String, AtspiFacts> known = this.facts.computeIfAbsent(busName, (name) -> new ConcurrentHashMap<>());
		if (known.size() > FACTS_LIMIT) {
			known.clear();
		}
		return known;
	}

	/** The application an element was read from, as known, else as the element says. */
	AtspiApp known(Element element) {
		AtspiApp app = this.apps.get(element.handle().owner());
		return (app != null) ? app
				: new AtspiApp(element.handle().owner(), element.app().name(), element.app().pid(), "");
	}

	/** The application behind a bus name, as far as it is known. */
	AtspiApp known(String busName) {
		AtspiApp app = this.apps.get(busName);
		return (app != null) ? app : new AtspiApp(busName, busName, this.bus.knownPid(busName), "");
	}

	/** The application's top-level windows. */
	List<AtspiFrame> frames(AtspiApp app) {
		return frames(askFrames(app));
	}

	/**
	 * Asks for the application's top-level windows, and at once for the title and place
	 * of each window it had the last time: a window list then costs one round trip, not
	 * two. {@link #frames(FrameReads)} reads the answers.
	 */
	FrameReads askFrames(AtspiApp app) {
		AtspiChannel channel = this.bus.channel(app.busName());
		AtspiCall<List<ObjectRef>> children = channel.call(AtspiDbus.ROOT_PATH, Accessible.class, "GetChildren");
		Map<String, Boolean> known = this.windows.getOrDefault(app.busName(), Map.of());
		Map<String, FrameRead> early = new HashMap<>();
		known.forEach((path, collection) -> early.put(path, FrameRead.ask(channel, path, collection)));
		return new FrameReads(app, channel, children, early);
	}

	/**
	 * The application's top-level windows from {@link #askFrames(AtspiApp)}'s calls;
	 * windows it did not have then are asked now.
	 */
	List<AtspiFrame> frames(FrameReads asked) {
		long deadline = this.bus.deadline();
		List<ObjectRef> children = asked.children().await(deadline);
		List<String> paths = children.stream().filter((ref) -> !ref.isNull()).map(ObjectRef::path).toList();
		List<FrameRead> reads = new ArrayList<>(paths.size());
		for (String path : paths) {
			FrameRead early = asked.early().get(path);
			reads.add((early != null) ? early : FrameRead.ask(asked.channel(), path, null));
		}
		List<AtspiFrame> frames = new ArrayList<>();
		Map<String, Boolean> seen = new ConcurrentHashMap<>();
		for (FrameRead read : reads) {
			try {
				AtspiFrame frame = read.await(asked.app(), deadline);
				frames.add(frame);
				seen.put(frame.path(), frame.collection());
			}
			catch (DBusExecutionException ex) {
				if (!AtspiErrors.gone(ex)) {
					throw ex;
				}
			}
		}
		this.windows.put(asked.app().busName(), seen);
		return frames;
	}

	/**
	 * The calls of {@link #askFrames(AtspiApp)}: the application's windows, and the reads
	 * of the windows it had before, by path.
	 */
	record FrameReads(AtspiApp app, AtspiChannel channel, AtspiCall<List<ObjectRef>> children,
			Map<String, FrameRead> early) {

	}

	/** One window's title and place in flight, and whether it offers Collection. */
	record FrameRead(String path, AtspiCall<Variant<?>> name, AtspiCall<Extents> extents,
			AtspiCall<List<String>> interfaces, Boolean collection) {

		// which interfaces an object offers does not change: asked once per window
		static FrameRead ask(AtspiChannel channel, String path, Boolean collection) {
			return new FrameRead(path, channel.call(path, Properties.class, "Get", AtspiDbus.ACCESSIBLE, "Name"),
					channel.call(path, Component.class, "GetExtents", AtspiDbus.COORDS_SCREEN),
					(collection != null) ? null : channel.call(path, Accessible.class, "GetInterfaces"), collection);
		}

		AtspiFrame await(AtspiApp app, long deadline) {
			String title = string(this.name.await(deadline));
			boolean offersCollection = (this.collection != null) ? this.collection
					: this.interfaces.await(deadline).contains(AtspiDbus.COLLECTION);
			Extents where = null;
			try {
				where = this.extents.await(deadline);
			}
			catch (DBusExecutionException ex) {
				// a window without Component: no bounds to match by
			}
			return new AtspiFrame(app, this.path, title, AtspiElements.bounds(where), offersCollection);
		}

	}

	/**
	 * The paths of the window's elements that may match the query, in reading order: the
	 * toolkit filters by role and state where it can; the caller checks the rest.
	 */
	List<String> candidates(AtspiFrame frame, ElementQuery query) {
		return candidates(frame, query, frame.collection() ? askMatches(frame, query) : null);
	}

	/**
	 * Asks the toolkit for the window's candidates; {@code candidates} reads the answer.
	 */
	AtspiCall<List<ObjectRef>> askMatches(AtspiFrame frame, ElementQuery query) {
		return this.bus.channel(frame.app().busName())
			.call(frame.path(), Collection.class, "GetMatches", rule(query), SORT_CANONICAL, 0, Boolean.TRUE);
	}

	/**
	 * Like {@link #candidates(AtspiFrame, ElementQuery)}, from an answer to
	 * {@link #askMatches(AtspiFrame, ElementQuery)} for this frame and query when there
	 * is one.
	 */
	List<String> candidates(AtspiFrame frame, ElementQuery query, AtspiCall<List<ObjectRef>> asked) {
		AtspiChannel channel = this.bus.channel(frame.app().busName());
		if (asked != null) {
			try {
				List<ObjectRef> matches = asked.await(this.bus.deadline());
				return matches.stream().filter((ref) -> !ref.isNull()).map(ObjectRef::path).toList();
			}
			catch (DBusExecutionException ex) {
				if (!AtspiErrors.noInterface(ex)) {
					throw ex;
				}
			}
		}
		return walk(channel, frame.path(), query.showingOnly());
	}

	/** The rule {@code GetMatches} filters by: the query's states and roles. */
	static MatchRule rule(ElementQuery query) {
		List<Integer> stateBits = new ArrayList<>();
		if (query.showingOnly()) {
			stateBits.add(AtspiStates.SHOWING);
		}
		for (ElementState state : query.states()) {
			int bit = AtspiStates.bitOf(state);
			if (bit >= 0) {
				stateBits.add(bit);
			}
		}
		Set<ElementRole> roles = !query.roles().isEmpty() ? query.roles()
				: query.interactiveOrNamed() ? AtspiRoles.interactive(true) : Set.of();
		int[] roleNumbers = roles.stream().mapToInt(AtspiRoles::number).toArray();
		// an empty criterion must say "all": with "any" nothing matches it
		return new MatchRule(
				new ArrayList<>(
						AtspiStates.words(STATE_WORDS, stateBits.stream().mapToInt(Integer::intValue).toArray())),
				MATCH_ALL, new HashMap<>(), MATCH_ALL, new ArrayList<>(AtspiStates.words(ROLE_WORDS, roleNumbers)),
				roleNumbers.length == 0 ? MATCH_ALL : MATCH_ANY, new ArrayList<>(), MATCH_ALL, false);
	}

	// breadth first, one round trip per level for the whole level, then back into
	// reading order by each node's index path
	private List<String> walk(AtspiChannel channel, String root, boolean showingOnly) {
		long deadline = this.bus.deadline();
		record Node(String path, List<Integer> order) {
		}
		List<Node> found = new ArrayList<>();
		List<Node> level = List.of(new Node(root, List.of()));
		int seen = 0;
		// a toolkit without Collection is small (Qt widgets): the shared limit is for a
		// runaway tree
		while (!level.isEmpty() && seen < ElementWalk.VISIT_LIMIT) {
			List<AtspiCall<List<ObjectRef>>> children = new ArrayList<>();
			for (Node node : level) {
				children.add(channel.call(node.path(), Accessible.class, "GetChildren"));
			}
			List<Node> next = new ArrayList<>();
			for (int i = 0; i < level.size(); i++) {
				List<ObjectRef> refs;
				try {
					refs = children.get(i).await(deadline);
				}
				catch (DBusExecutionException ex) {
					if (AtspiErrors.gone(ex)) {
						continue;
					}
					throw ex;
				}
				for (int j = 0; j < refs.size(); j++) {
					if (!refs.get(j).isNull()) {
						List<Integer> order = new ArrayList<>(level.get(i).order());
						order.add(j);
						next.add(new Node(refs.get(j).path(), order));
					}
				}
			}
			seen += next.size();
			List<AtspiCall<List<UInt32>>> states = new ArrayList<>();
			for (Node node : next) {
				states.add(showingOnly ? channel.call(node.path(), Accessible.class, "GetState") : null);
			}
			List<Node> kept = new ArrayList<>();
			for (int i = 0; i < next.size(); i++) {
				try {
					if (!showingOnly || AtspiStates.has(states.get(i).await(deadline), AtspiStates.SHOWING)) {
						kept.add(next.get(i));
					}
				}
				catch (DBusExecutionException ex) {
					if (!AtspiErrors.gone(ex)) {
						throw ex;
					}
				}
			}
			found.addAll(kept);
			level = kept;
		}
		found.sort(Comparator.comparing(Node::order, AtspiTree::compareOrder));
		return found.stream().map(Node::path).toList();
	}

	private static int compareOrder(List<Integer> a, List<Integer> b) {
		for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
			int c = Integer.compare(a.get(i), b.get(i));
			if (c != 0) {
				return c;
			}
		}
		return Integer.compare(a.size(), b.size());
	}

	static String string(Variant<?> variant) {
		return (variant != null && variant.getValue() instanceof String s) ? s : "";
	}

}
