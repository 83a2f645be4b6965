package dev.deskhand.platform.linux.atspi;

import java.util.EnumSet;
import java.util.Set;
import java.util.stream.Stream;

import dev.deskhand.platform.elements.ElementRole;

/**
 * AT-SPI role numbers read as {@link ElementRole}s, and the role sets the driver asks
 * for.
 */
final class AtspiRoles {

	/**
	 * Roles whose elements carry something to read in their name even though no one acts
	 * on them: what "interactive or named" adds to the interactive roles. Asking the
	 * toolkit for these by role (one {@code GetMatches}) is far cheaper than reading the
	 * name of every showing filler, panel and section of a web page to find the named
	 * ones.
	 */
	static final Set<ElementRole> CONTENT = EnumSet.of(ElementRole.LABEL, ElementRole.HEADING, ElementRole.STATIC,
			ElementRole.IMAGE, ElementRole.ICON, ElementRole.ALERT, ElementRole.STATUS_BAR, ElementRole.NOTIFICATION,
			ElementRole.TOOL_TIP, ElementRole.CAPTION, ElementRole.COLUMN_HEADER, ElementRole.ROW_HEADER,
			ElementRole.TABLE_COLUMN_HEADER, ElementRole.TABLE_ROW_HEADER, ElementRole.INFO_BAR, ElementRole.TITLE_BAR,
			ElementRole.PROGRESS_BAR, ElementRole.LEVEL_BAR, ElementRole.DIALOG);

	/** Roles whose text is the element's value (read and shown when short). */
	static final Set<ElementRole> TEXT_VALUE = EnumSet.of(ElementRole.TEXT, ElementRole.ENTRY, ElementRole.SPIN_BUTTON,
			ElementRole.AUTOCOMPLETE, ElementRole.COMBO_BOX, ElementRole.EDITBAR, ElementRole.TERMINAL);

	private static final ElementRole[] BY_NUMBER = ElementRole.values();

	private AtspiRoles() {
	}

	/** The role of an AT-SPI role number; {@link ElementRole#UNKNOWN} past the table. */
	static ElementRole of(long number) {
		return (number >= 0 && number < BY_NUMBER.length) ? BY_NUMBER[(int) number] : ElementRole.UNKNOWN;
	}

	/** The AT-SPI role number of a role (its ordinal: the enum is in AT-SPI's order). */
	static int number(ElementRole role) {
		return role.ordinal();
	}

	/** Every interactive role, and with {@code named} the content roles too. */
	static Set<ElementRole> interactive(boolean named) {
		Set<ElementRole> roles = EnumSet.noneOf(ElementRole.class);
		Stream.of(BY_NUMBER).filter(ElementRole::interactive).forEach(roles::add);
		if (named) {
			roles.addAll(CONTENT);
		}
		return roles;
	}

}
