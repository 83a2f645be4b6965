package dev.deskhand.platform.elements;

import java.util.Set;
import java.util.regex.Pattern;

import dev.deskhand.platform.WindowInfo;

/**
 * Which elements a driver lists. Filters a toolkit can evaluate itself (roles, states)
 * the driver hands to it (AT-SPI's {@code Collection.GetMatches}); the rest it applies
 * while it reads.
 *
 * @param window the window to list, or {@code null} for every window of {@code app}, or
 * of every application when {@code app} is {@code null} too
 * @param app only elements of this application (its accessible name, window class or
 * executable, as {@link WindowInfo#belongsTo} matches them), or {@code null}
 * @param roles only these roles; empty: any
 * @param name only names containing this, case-insensitive, or {@code null}
 * @param namePattern only names this pattern finds, or {@code null}
 * @param states only elements in all these states; empty: any
 * @param showingOnly leave out what is not on screen (and do not descend into it)
 * @param interactiveOrNamed leave out what is neither {@link ElementRole#interactive()}
 * nor named
 * @param maxCount stop after this many; the list then says it was truncated
 */
public record ElementQuery(WindowInfo window, String app, Set<ElementRole> roles, String name, Pattern namePattern,
		Set<ElementState> states, boolean showingOnly, boolean interactiveOrNamed, int maxCount) {

	public ElementQuery {
		roles = Set.copyOf(roles);
		states = Set.copyOf(states);
		if (maxCount < 1) {
			throw new IllegalArgumentException("maxCount must be at least 1, was " + maxCount);
		}
	}

	/** Whether an element read in full passes every filter of the query. */
	public boolean matches(Element element) {
		if (!this.roles.isEmpty() && !this.roles.contains(element.role())) {
			return false;
		}
		if (!element.states().containsAll(this.states)) {
			return false;
		}
		if (this.showingOnly && !element.has(ElementState.SHOWING)) {
			return false;
		}
		String elementName = (element.name() != null) ? element.name() : "";
		if (this.interactiveOrNamed && !element.role().interactive() && elementName.isBlank()) {
			return false;
		}
		if (this.name != null && !elementName.toLowerCase(java.util.Locale.ROOT)
			.contains(this.name.toLowerCase(java.util.Locale.ROOT))) {
			return false;
		}
		return this.namePattern == null || this.namePattern.matcher(elementName).find();
	}

}
