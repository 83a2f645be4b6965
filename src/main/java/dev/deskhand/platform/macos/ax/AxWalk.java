package dev.deskhand.platform.macos.ax;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

import dev.deskhand.platform.Rect;
import dev.deskhand.platform.elements.Element;
import dev.deskhand.platform.elements.ElementApp;
import dev.deskhand.platform.elements.ElementQuery;
import dev.deskhand.platform.elements.ElementRole;
import dev.deskhand.platform.elements.ElementWalk;

/**
 * A window's AX elements as {@link ElementWalk} visits them. AX has no server-side search
 * (AT-SPI's {@code Collection}), so every element visited costs one round trip for its
 * attributes; its actions (and, for text fields, whether its value can be set) are asked
 * only when it may match.
 */
final class AxWalk implements ElementWalk.Node<AxWalk> {

	// whose EDITABLE state depends on the extra settable question
	private static final Set<ElementRole> EDIT_ROLES = EnumSet.of(ElementRole.ENTRY, ElementRole.TEXT,
			ElementRole.PASSWORD_TEXT, ElementRole.COMBO_BOX);

	private final AxNode node;

	private final AxPath path;

	private final Rect visible;

	private final ElementApp app;

	// what read() found, for complete() and descends()
	private AxSnapshot snapshot;

	private AxPath at;

	private AxWalk(AxNode node, AxPath path, Rect visible, ElementApp app) {
		this.node = node;
		this.path = path;
		this.visible = visible;
		this.app = app;
	}

	/**
	 * Adds the window's matching elements (not the window itself) to {@code into}, up to
	 * the query's maximum in all.
	 * @param window the window's node
	 * @param path the window's path
	 * @param visible the window's bounds, for the showing rule, or {@code null}
	 */
	static ElementWalk.Outcome collect(AxNode window, AxPath path, Rect visible, ElementQuery query, ElementApp app,
			List<Element> into) {
		return ElementWalk.walk(new AxWalk(window, path, visible, app), query, into);
	}

	@Override
	public Element read() {
		try {
			this.snapshot = this.node.read();
		}
		catch (AxException ex) {
			if (AxErrors.gone(ex)) {
				return null;
			}
			throw ex;
		}
		this.at = new AxPath(this.path.pid(), this.path.indices(), this.snapshot.role());
		if (EDIT_ROLES.contains(AxRoles.of(this.snapshot.role(), this.snapshot.subrole()))) {
			this.snapshot = this.snapshot.withValueSettable(settable(this.node));
		}
		return AxElements.element(this.at.handle(), this.snapshot, this.app, this.visible);
	}

	@Override
	public Element complete(Element read) {
		return AxElements.element(this.at.handle(), this.snapshot.withActions(this.node.actionNames()), this.app,
				this.visible);
	}

	@Override
	public boolean descends(Element read, ElementQuery query) {
		// a closed menu's items keep frames where the menu would open
		return !(query.showingOnly() && "AXMenuBarItem".equals(this.snapshot.role())
				&& !Boolean.TRUE.equals(this.snapshot.selected()));
	}

	@Override
	public List<AxWalk> children() {
		List<AxNode> children;
		try {
			children = this.node.children();
		}
		catch (AxException ex) {
			if (AxErrors.gone(ex)) {
				return List.of();
			}
			throw ex;
		}
		AxPath parent = (this.at != null) ? this.at : this.path;
		List<AxWalk> walks = new ArrayList<>(children.size());
		for (int i = 0; i < children.size(); i++) {
			walks.add(new AxWalk(children.get(i), parent.child(i, ""), this.visible, this.app));
		}
		return walks;
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
