package dev.deskhand.platform.elements;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.function.BiPredicate;

/**
 * How a driver goes through a window's elements for a query, whichever API it reads them
 * with: in reading order, within limits that keep a runaway tree from holding a tool
 * call, keeping those the query matches up to its maximum. A driver whose API searches by
 * itself (UI Automation's {@code FindAll}, AT-SPI's {@code Collection}) reads the
 * candidates and hands them to {@link #collect}; one that must visit element by element
 * (AX, AT-SPI without {@code Collection}) gives {@link #walk} its nodes.
 */
public final class ElementWalk {

	/** Most elements one window's walk visits. */
	public static final int VISIT_LIMIT = 5000;

	/** Deepest level a walk descends to, and a hit test climbs or descends. */
	public static final int MAX_DEPTH = 64;

	private ElementWalk() {
	}

	/**
	 * What a walk found.
	 *
	 * @param truncated it stopped at the query's maximum
	 * @param cut it stopped at {@link #VISIT_LIMIT} or {@link #MAX_DEPTH} before it read
	 * everything
	 */
	public record Outcome(boolean truncated, boolean cut) {
	}

	/**
	 * One element of a tree as a walk sees it; each driver's node wraps its API's object.
	 * Every method may throw the driver's own failures, which the walk lets through.
	 *
	 * @param <N> the driver's node type
	 */
	public interface Node<N extends Node<N>> {

		/** The element it stands for, cheaply read; {@code null} when it went away. */
		Element read();

		/**
		 * The element read again in full, for one the query matched: what is costly to
		 * ask of every element (the action names) is asked here.
		 */
		Element complete(Element read);

		/** Its children in reading order; none when it went away. */
		List<N> children();

		/** Whether the walk may go below it (a closed menu's items are not there). */
		default boolean descends(Element read, ElementQuery query) {
			return true;
		}

	}

	/**
	 * Adds the matching elements below {@code root} (a window's node, not itself an
	 * element of it) to {@code into}, depth first, each element before its children, up
	 * to the query's maximum in all. What is not showing is neither kept nor descended
	 * into when the query wants only what is showing.
	 */
	public static <N extends Node<N>> Outcome walk(N root, ElementQuery query, List<Element> into) {
		Deque<Step<N>> stack = new ArrayDeque<>();
		push(stack, root.children(), 1);
		int visited = 0;
		boolean cut = false;
		while (!stack.isEmpty()) {
			Step<N> step = stack.pop();
			if (visited++ >= VISIT_LIMIT) {
				cut = true;
				break;
			}
			Element element = step.node().read();
			if (element == null) {
				// went away while the window was read
				continue;
			}
			boolean offScreen = element.bounds() != null && !element.has(ElementState.SHOWING);
			if (query.showingOnly() && offScreen) {
				continue;
			}
			if (query.matches(element)) {
				if (into.size() == query.maxCount()) {
					return new Outcome(true, false);
				}
				into.add(step.node().complete(element));
			}
			if (!step.node().descends(element, query)) {
				continue;
			}
			if (step.depth() >= MAX_DEPTH) {
				cut = true;
				continue;
			}
			push(stack, step.node().children(), step.depth() + 1);
		}
		return new Outcome(false, cut);
	}

	private record Step<N>(N node, int depth) {
	}

	private static <N> void push(Deque<Step<N>> stack, List<N> children, int depth) {
		// pushed last to first, so that the first child is read first
		for (int i = children.size() - 1; i >= 0; i--) {
			stack.push(new Step<>(children.get(i), depth));
		}
	}

	/**
	 * Adds the elements read that the query matches to {@code into}, up to its maximum.
	 * @return whether it stopped at the maximum with more left
	 */
	public static boolean collect(List<Element> read, ElementQuery query, List<Element> into) {
		return collect(read, query, into, (element, before) -> false);
	}

	/**
	 * {@link #collect(List, ElementQuery, List)}, leaving out also the elements
	 * {@code redundant} says add nothing to those kept before them.
	 */
	public static boolean collect(List<Element> read, ElementQuery query, List<Element> into,
			BiPredicate<Element, List<Element>> redundant) {
		for (Element element : read) {
			if (!query.matches(element) || redundant.test(element, into)) {
				continue;
			}
			if (into.size() == query.maxCount()) {
				return true;
			}
			into.add(element);
		}
		return false;
	}

}
