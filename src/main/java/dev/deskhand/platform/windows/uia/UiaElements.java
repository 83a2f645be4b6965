package dev.deskhand.platform.windows.uia;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

import dev.deskhand.platform.Rect;
import dev.deskhand.platform.elements.Element;
import dev.deskhand.platform.elements.ElementApp;
import dev.deskhand.platform.elements.ElementRole;
import dev.deskhand.platform.elements.ElementState;

/**
 * Cached UI Automation properties as the element model: role from the control type,
 * states from the properties and pattern states, actions from the patterns the element
 * offers.
 */
final class UiaElements {

	static final String INVOKE = "invoke";

	static final String TOGGLE = "toggle";

	static final String EXPAND = "expand";

	static final String COLLAPSE = "collapse";

	static final String SELECT = "select";

	private UiaElements() {
	}

	static Element element(UiaSnapshot snapshot, ElementApp app) {
		ElementRole role = UiaRoles.of(snapshot.controlType(), snapshot);
		boolean editable = snapshot.valueAvailable() && !snapshot.valueReadOnly();
		String value = (role == ElementRole.PASSWORD_TEXT || snapshot.password() || !snapshot.valueAvailable()) ? null
				: Element.shortValue(snapshot.value());
		return new Element(UiaRuntimeIds.handle(snapshot.runtimeId(), snapshot.processId()), role, snapshot.name(),
				states(snapshot), bounds(snapshot.bounds()), actions(snapshot), value, app,
				snapshot.textAvailable() || snapshot.valueAvailable(), editable);
	}

	static Set<ElementState> states(UiaSnapshot snapshot) {
		Set<ElementState> states = EnumSet.noneOf(ElementState.class);
		if (snapshot.focused()) {
			states.add(ElementState.FOCUSED);
		}
		if (snapshot.focusable()) {
			states.add(ElementState.FOCUSABLE);
		}
		if (!snapshot.enabled()) {
			states.add(ElementState.DISABLED);
		}
		if (!snapshot.offscreen()) {
			states.add(ElementState.SHOWING);
		}
		if (snapshot.toggleAvailable()) {
			if (snapshot.toggleState() == UiaIds.TOGGLE_ON) {
				states.add(ElementState.CHECKED);
				if (UiaRoles.of(snapshot.controlType(), snapshot) == ElementRole.TOGGLE_BUTTON) {
					states.add(ElementState.PRESSED);
				}
			}
			else if (snapshot.toggleState() == UiaIds.TOGGLE_INDETERMINATE) {
				states.add(ElementState.INDETERMINATE);
			}
		}
		if (snapshot.expandCollapseAvailable()) {
			if (snapshot.expandCollapseState() == UiaIds.EXPANDED
					|| snapshot.expandCollapseState() == UiaIds.PARTIALLY_EXPANDED) {
				states.add(ElementState.EXPANDED);
			}
			else if (snapshot.expandCollapseState() == UiaIds.COLLAPSED) {
				states.add(ElementState.COLLAPSED);
			}
		}
		if (snapshot.selectionItemAvailable() && snapshot.selected()) {
			states.add(ElementState.SELECTED);
		}
		if (snapshot.valueAvailable()) {
			states.add(snapshot.valueReadOnly() ? ElementState.READ_ONLY : ElementState.EDITABLE);
		}
		return states;
	}

	/**
	 * The actions, always in this order (the first is the default): invoke, toggle,
	 * expand or collapse (whichever changes the state it has; both when it does not say;
	 * none for a leaf), select. {@link UiaAccessibilityDriver#doAction} runs an action by
	 * its name in this list.
	 */
	static List<String> actions(UiaSnapshot snapshot) {
		List<String> actions = new ArrayList<>(4);
		if (snapshot.invokeAvailable()) {
			actions.add(INVOKE);
		}
		if (snapshot.toggleAvailable()) {
			actions.add(TOGGLE);
		}
		if (snapshot.expandCollapseAvailable()) {
			switch (snapshot.expandCollapseState()) {
				case UiaIds.COLLAPSED -> actions.add(EXPAND);
				case UiaIds.EXPANDED, UiaIds.PARTIALLY_EXPANDED -> actions.add(COLLAPSE);
				case UiaIds.LEAF_NODE -> {
					// nothing to open or close
				}
				default -> {
					actions.add(EXPAND);
					actions.add(COLLAPSE);
				}
			}
		}
		if (snapshot.selectionItemAvailable()) {
			actions.add(SELECT);
		}
		return actions;
	}

	/**
	 * {@code BoundingRectangle} (left, top, width, height) as bounds. Deskhand is
	 * PerMonitorV2 aware, so these are physical pixels, the desktop units input uses; an
	 * empty rectangle (an element with no place on screen) is {@code null}.
	 */
	static Rect bounds(double[] rect) {
		if (rect == null || rect.length != 4 || !(rect[2] >= 1) || !(rect[3] >= 1)
				|| !Double.isFinite(rect[0] + rect[1] + rect[2] + rect[3])) {
			return null;
		}
		int left = (int) Math.round(rect[0]);
		int top = (int) Math.round(rect[1]);
		int right = (int) Math.round(rect[0] + rect[2]);
		int bottom = (int) Math.round(rect[1] + rect[3]);
		return (right > left && bottom > top) ? new Rect(left, top, right - left, bottom - top) : null;
	}

	/** The executable's file name without its folder and {@code .exe}: the app's name. */
	static String appName(String imagePath, long pid) {
		if (imagePath == null || imagePath.isBlank()) {
			return (pid > 0) ? "pid " + pid : "unknown";
		}
		String file = imagePath.substring(Math.max(imagePath.lastIndexOf('\\'), imagePath.lastIndexOf('/')) + 1);
		return file.regionMatches(true, Math.max(0, file.length() - 4), ".exe", 0, 4) && file.length() > 4
				? file.substring(0, file.length() - 4) : file;
	}

}
