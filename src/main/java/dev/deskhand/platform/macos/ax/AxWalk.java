package dev.deskhand.platform.macos.ax;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

import dev.deskhand.platform.Rect;
import dev.deskhand.platform.elements.Element;
import dev.deskhand.platform.elements.ElementApp;
import dev.deskhand.platform.elements.ElementQuery;
import dev.deskhand.platform.elements.ElementRole;
import dev.deskhand.platform.elements.ElementState;

/**
 * Reads a window's elements the way a reader goes through it: depth first, each element
 * before its children, children in {@code AXChildren} order. AX has no server-side search
 * (AT-SPI's {@code Collection}), so every element visited costs one round trip for its
 * attributes; its actions (and, for text fields, whether its value can be set) are asked
 * only when it may match, and what is not showing is not descended into.
 */
final class AxWalk {

	/** Most elements one window's walk visits: a runaway tree must not hold a call. */
	static final int VISIT_LIMIT = 5000;

	/** Deepest level a walk descends to. */
	static final int MAX_DEPTH = 64;

	// whose EDITABLE state depends on the extra settable question
	private static final Set<ElementRole> EDIT_ROLES = EnumSet.of(ElementRole.ENTRY, ElementRole.TEXT,
			ElementRole.PASSWORD_TEXT, ElementRole.COMBO_BOX);

	private AxWalk() {
	}

	/**
	 * What a walk found.
	 *
	 * @param truncated it stopped at the query's maximum
	 * @param cut it stopped at {@link #VISIT_LIMIT} or {@link #MAX_DEPTH} before it read
	 * everything
	 */
	record Outcome(boolean truncated, boolean cut) {
	}

	/**
	 * Adds the window's matching elements (not the window itself) to {@code into}, up to
	 * the query's maximum in all.
	 * @param window the window's node
	 * @param path the window's path
	 * @param visible the window's bounds, for the showing rule, or {@code null}
	 */
	static Outcome collect(AxNode window, AxPath path, Rect visible, ElementQuery query, ElementApp app,
			List<Element> into) {
		record Step(AxNode node, AxPath path, int depth) {
		}
		Deque<Step> stack = new ArrayDeque<>();
		pushChildren(stack, window, path, 1, Step::new);
		int visited = 0;
		boolean cut = false;
		while (!stack.isEmpty()) {
			Step step = stack.pop();
			if (visited++ >= VISIT_LIMIT) {
				cut = true;
				break;
			}
			AxSnapshot snapshot;
			try {
				snapshot = step.node().read();
			}
			catch (AxException ex) {
				if (AxErrors.gone(ex)) {
					// went away while the window was read
					continue;
				}
				throw ex;
			}
			AxPath at = new AxPath(step.path().pid(), step.path().indices(), snapshot.role());
			ElementRole role = AxRoles.of(snapshot.role(), snapshot.subrole());
			if (EDIT_ROLES.contains(role)) {
				snapshot = snapshot.withValueSettable(settable(step.node()));
			}
			Element element = AxElements.element(at.handle(), snapshot, app, visible);
			boolean offScreen = element.bounds() != null && !element.has(ElementState.SHOWING);
			if (query.showingOnly() && offScreen) {
				continue;
			}
			if (query.matches(element)) {
				if (into.size() == query.maxCount()) {
					return new Outcome(true, false);
				}
				into.add(
						AxElements.element(at.handle(), snapshot.withActions(step.node().actionNames()), app, visible));
			}
			if (query.showingOnly() && "AXMenuBarItem".equals(snapshot.role())
					&& !Boolean.TRUE.equals(snapshot.selected())) {
				// a closed menu's items keep frames where the menu would open
				continue;
			}
			if (step.depth() >= MAX_DEPTH) {
				cut = true;
				continue;
			}
			pushChildren(stack, step.node(), at, step.depth() + 1, Step::new);
		}
		return new Outcome(false, cut);
	}

	private interface StepFactory<S> {

		S make(AxNode node, AxPath path, int depth);

	}

	private static <S> void pushChildren(Deque<S> stack, AxNode parent, AxPath path, int depth, StepFactory<S> step) {
		List<AxNode> children;
		try {
			children = parent.children();
		}
		catch (AxException ex) {
			if (AxErrors.gone(ex)) {
				return;
			}
			throw ex;
		}
		// pushed last to first, so that the first child is read first
		for (int i = children.size() - 1; i >= 0; i--) {
			stack.push(step.make(children.get(i), path.child(i, ""), depth));
		}
	}

	private static boolean settable(AxNode node) {
		try {
			return node.valueSettable();
		}
		catch (AxException ex) {
			if (AxErrors.timedOut(ex)) {
				throw ex;
			}
			return false;
		}
	}

}
