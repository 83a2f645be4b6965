package dev.deskhand.elements;

import java.util.Optional;

import dev.deskhand.audit.Redaction;
import dev.deskhand.platform.elements.Element;

/**
 * Whether typed text arrived: the focused text field read before and after {@code type},
 * compared. Keyboard injection is lossy on real desktops (an upper-case letter outside
 * the keymap arrives in lower case, a remapped key code delivers its neighbour's
 * character), and only the field itself can say what it received. Never for password
 * fields, never for text with Return or Tab in it (the field does not keep them), never
 * logged.
 */
public final class TypingCheck {

	private static final int SHOWN = 80;

	private final ElementService elements;

	private final String typed;

	private final Element field;

	private final String before;

	private TypingCheck(ElementService elements, String typed, Element field, String before) {
		this.elements = elements;
		this.typed = typed;
		this.field = field;
		this.before = before;
	}

	/**
	 * Reads the focused field before typing, when it can be checked; the check is empty
	 * otherwise (no readable field has focus, a password field, checks turned off).
	 */
	public static Optional<TypingCheck> before(ElementService elements, String typed) {
		if (!elements.properties().verifyTyping() || typed.isEmpty()
				|| typed.chars().anyMatch(Character::isISOControl)) {
			return Optional.empty();
		}
		try {
			Optional<Element> field = elements.focusedTextField().filter((element) -> !element.secret());
			if (field.isEmpty()) {
				return Optional.empty();
			}
			return elements.currentText(field.get()).map((text) -> new TypingCheck(elements, typed, field.get(), text));
		}
		catch (RuntimeException ex) {
			// A check that cannot read never stands in the way of typing.
			return Optional.empty();
		}
	}

	/**
	 * Reads the field again until the typed text shows or the wait is over, and says what
	 * arrived, in a sentence for the result.
	 */
	public String after() {
		String arrived;
		try {
			arrived = this.elements.readUntil(this.field, (text) -> this.typed.equals(inserted(this.before, text)))
				.map((text) -> inserted(this.before, text))
				.orElse(null);
		}
		catch (RuntimeException ex) {
			return "typing not verified: the field could not be read back (" + ex.getMessage() + ")";
		}
		String where = this.field.role().spelling()
				+ (this.field.name().isBlank() ? "" : " '" + Redaction.summary(this.field.name(), SHOWN) + "'");
		if (this.typed.equals(arrived)) {
			return "verified: the focused " + where + " received exactly the typed text";
		}
		return "warning: the focused " + where + " received \""
				+ ((arrived != null) ? Redaction.summary(arrived, SHOWN) : "") + "\", not exactly the typed text; "
				+ "read_text shows what it holds now";
	}

	/**
	 * What was inserted between two readings of a field: the part of {@code after} that
	 * is not the common prefix and suffix of both (the suffix never reaching into the
	 * prefix).
	 */
	static String inserted(String before, String after) {
		int prefix = 0;
		int limit = Math.min(before.length(), after.length());
		while (prefix < limit && before.charAt(prefix) == after.charAt(prefix)) {
			prefix++;
		}
		int suffix = 0;
		while (suffix < limit - prefix
				&& before.charAt(before.length() - 1 - suffix) == after.charAt(after.length() - 1 - suffix)) {
			suffix++;
		}
		// Never split a surrogate pair at either edge.
		if (prefix > 0 && prefix < after.length() && Character.isLowSurrogate(after.charAt(prefix))) {
			prefix--;
		}
		int end = after.length() - suffix;
		if (end > prefix && end < after.length() && Character.isLowSurrogate(after.charAt(end))) {
			end++;
		}
		return after.substring(prefix, Math.max(prefix, end));
	}

}
