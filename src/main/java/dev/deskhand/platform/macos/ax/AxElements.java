package dev.deskhand.platform.macos.ax;

import java.util.EnumSet;
import java.util.Set;

import dev.deskhand.platform.Rect;
import dev.deskhand.platform.elements.Element;
import dev.deskhand.platform.elements.ElementApp;
import dev.deskhand.platform.elements.ElementHandle;
import dev.deskhand.platform.elements.ElementRole;
import dev.deskhand.platform.elements.ElementState;

/** An attribute snapshot as an element of the model. */
final class AxElements {

	// whose AXValue is their text: read back, set, shown
	private static final Set<ElementRole> TEXT_ROLES = EnumSet.of(ElementRole.ENTRY, ElementRole.TEXT,
			ElementRole.PASSWORD_TEXT, ElementRole.COMBO_BOX, ElementRole.LABEL, ElementRole.HEADING);

	// whose text a person edits: editable when AXValue is settable
	private static final Set<ElementRole> EDIT_ROLES = EnumSet.of(ElementRole.ENTRY, ElementRole.TEXT,
			ElementRole.PASSWORD_TEXT, ElementRole.COMBO_BOX);

	// whose numeric AXValue is a position worth showing
	private static final Set<ElementRole> NUMBER_ROLES = EnumSet.of(ElementRole.SLIDER, ElementRole.SPIN_BUTTON,
			ElementRole.PROGRESS_BAR, ElementRole.LEVEL_BAR, ElementRole.SCROLL_BAR, ElementRole.RATING);

	// whose AXValue 0/1/2 is off/on/mixed
	private static final Set<ElementRole> TICK_ROLES = EnumSet.of(ElementRole.CHECK_BOX, ElementRole.TOGGLE_BUTTON,
			ElementRole.RADIO_BUTTON);

	private AxElements() {
	}

	/**
	 * The element a snapshot describes.
	 * @param visible where on screen the element can be seen (its window's bounds), or
	 * {@code null} when unknown: an element with bounds is showing when they meet it
	 */
	static Element element(ElementHandle handle, AxSnapshot snapshot, ElementApp app, Rect visible) {
		ElementRole role = AxRoles.of(snapshot.role(), snapshot.subrole());
		Rect bounds = bounds(snapshot);
		boolean text = TEXT_ROLES.contains(role) && (snapshot.value() instanceof String || snapshot.valueSettable());
		boolean editable = EDIT_ROLES.contains(role) && snapshot.valueSettable();
		return new Element(handle, role, name(role, snapshot), states(role, snapshot, bounds, visible, editable),
				bounds, AxActions.friendly(snapshot.actions()), value(role, snapshot), app, text, editable);
	}

	/**
	 * Its title, else its description, else its label's text; a static text, whose title
	 * is empty in AppKit, is named by its text.
	 */
	static String name(ElementRole role, AxSnapshot snapshot) {
		for (String candidate : new String[] { snapshot.title(), snapshot.description(),
				snapshot.titleElementTitle() }) {
			if (candidate != null && !candidate.isBlank()) {
				return candidate.strip();
			}
		}
		if ((role == ElementRole.LABEL || role == ElementRole.HEADING) && snapshot.value() instanceof String s) {
			return Element.shortValue(s.strip());
		}
		return "";
	}

	static Set<ElementState> states(ElementRole role, AxSnapshot snapshot, Rect bounds, Rect visible,
			boolean editable) {
		Set<ElementState> states = EnumSet.noneOf(ElementState.class);
		if (Boolean.TRUE.equals(snapshot.focused())) {
			states.add(ElementState.FOCUSED);
		}
		if (Boolean.FALSE.equals(snapshot.enabled())) {
			states.add(ElementState.DISABLED);
		}
		if (Boolean.TRUE.equals(snapshot.selected())) {
			states.add(ElementState.SELECTED);
		}
		if (snapshot.value() instanceof Number number) {
			int tick = number.intValue();
			if (role == ElementRole.PAGE_TAB && tick == 1) {
				// a tab button's value is 1 for the tab shown
				states.add(ElementState.SELECTED);
			}
			else if (TICK_ROLES.contains(role) && tick == 1) {
				states.add(ElementState.CHECKED);
			}
			else if (TICK_ROLES.contains(role) && tick == 2) {
				states.add(ElementState.INDETERMINATE);
			}
		}
		if (snapshot.expanded() != null) {
			states.add(snapshot.expanded() ? ElementState.EXPANDED : ElementState.COLLAPSED);
		}
		if (editable) {
			states.add(ElementState.EDITABLE);
		}
		if ("AXTextArea".equals(snapshot.role())) {
			states.add(ElementState.MULTI_LINE);
		}
		if (showing(snapshot, bounds, visible)) {
			states.add(ElementState.SHOWING);
		}
		return states;
	}

	private static boolean showing(AxSnapshot snapshot, Rect bounds, Rect visible) {
		if (bounds == null || Boolean.TRUE.equals(snapshot.minimized())) {
			return false;
		}
		return visible == null || bounds.intersection(visible) != null;
	}

	/** Its text or position when short and not secret, else {@code null}. */
	static String value(ElementRole role, AxSnapshot snapshot) {
		if (role == ElementRole.PASSWORD_TEXT) {
			return null;
		}
		if (snapshot.value() instanceof String s && TEXT_ROLES.contains(role)) {
			return Element.shortValue(s);
		}
		if (snapshot.value() instanceof Number number && NUMBER_ROLES.contains(role)) {
			double d = number.doubleValue();
			return (d == Math.rint(d) && Math.abs(d) < 1e15) ? Long.toString((long) d) : Double.toString(d);
		}
		return null;
	}

	/**
	 * Position and size as bounds in points, enclosing the fractional frame; {@code null}
	 * without either or with no area.
	 */
	static Rect bounds(AxSnapshot snapshot) {
		if (snapshot.position() == null || snapshot.size() == null || !(snapshot.size().width() > 0)
				|| !(snapshot.size().height() > 0)) {
			return null;
		}
		double x = snapshot.position().x();
		double y = snapshot.position().y();
		if (!Double.isFinite(x) || !Double.isFinite(y) || !Double.isFinite(snapshot.size().width())
				|| !Double.isFinite(snapshot.size().height())) {
			return null;
		}
		int left = (int) Math.floor(x);
		int top = (int) Math.floor(y);
		int right = (int) Math.ceil(x + snapshot.size().width());
		int bottom = (int) Math.ceil(y + snapshot.size().height());
		return new Rect(left, top, right - left, bottom - top);
	}

}
