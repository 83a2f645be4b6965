package dev.deskhand.platform.macos.ax;

import java.util.List;

/**
 * What one {@code AXUIElementCopyMultipleAttributeValues} returned for an element, plus
 * what is asked separately only where it matters (its action names, whether its value can
 * be set). Any attribute the element does not have is {@code null}.
 *
 * @param role {@code AXRole}
 * @param subrole {@code AXSubrole}
 * @param title {@code AXTitle}
 * @param description {@code AXDescription}
 * @param titleElementTitle the text of its {@code AXTitleUIElement} (a field's label),
 * read only when it has neither title nor description
 * @param value {@code AXValue}: a {@link String}, a {@link Number} (a check box's 0, 1 or
 * 2; a slider's position) or a {@link Boolean}
 * @param enabled {@code AXEnabled}
 * @param focused {@code AXFocused}
 * @param selected {@code AXSelected}
 * @param expanded {@code AXExpanded}, else {@code AXDisclosing} (an outline row)
 * @param minimized {@code AXMinimized} (windows)
 * @param position {@code AXPosition}: top-left, in points of the global desktop
 * @param size {@code AXSize}, in points
 * @param actions {@code AXUIElementCopyActionNames}, in the application's order
 * @param valueSettable {@code AXUIElementIsAttributeSettable(AXValue)}
 */
record AxSnapshot(String role, String subrole, String title, String description, String titleElementTitle, Object value,
		Boolean enabled, Boolean focused, Boolean selected, Boolean expanded, Boolean minimized, Position position,
		Size size, List<String> actions, boolean valueSettable) {

	AxSnapshot {
		actions = (actions != null) ? List.copyOf(actions) : List.of();
	}

	AxSnapshot withActions(List<String> names) {
		return new AxSnapshot(this.role, this.subrole, this.title, this.description, this.titleElementTitle, this.value,
				this.enabled, this.focused, this.selected, this.expanded, this.minimized, this.position, this.size,
				names, this.valueSettable);
	}

	AxSnapshot withValueSettable(boolean settable) {
		return new AxSnapshot(this.role, this.subrole, this.title, this.description, this.titleElementTitle, this.value,
				this.enabled, this.focused, this.selected, this.expanded, this.minimized, this.position, this.size,
				this.actions, settable);
	}

	/** A CGPoint from an AXValue. */
	record Position(double x, double y) {
	}

	/** A CGSize from an AXValue. */
	record Size(double width, double height) {
	}

}
