package dev.deskhand.input;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.Echo;
import dev.deskhand.platform.keys.KeyNames;
import dev.deskhand.platform.keys.Modifier;

/**
 * A key chord in xdotool style ({@code "ctrl+shift+t"}, {@code "Return"},
 * {@code "super"}), resolved to X keysym names that every driver understands: modifiers
 * first, pressed in order and released in reverse.
 *
 * @param keys keysym names, e.g. {@code [Control_L, Shift_L, t]}
 */
public record KeyChord(List<String> keys) {

	/** The chord that holds nothing: a click without modifiers. */
	public static final KeyChord NONE = new KeyChord(List.of());

	/**
	 * The keys a pointer action may hold: Shift, Control, Alt, Super/Meta and AltGr,
	 * either hand. Anything else held during a click would be a key press that only the
	 * pointer was allowed.
	 */
	public static final Set<String> MODIFIERS = Arrays.stream(Modifier.values())
		.flatMap((modifier) -> modifier.keys().stream())
		.collect(Collectors.toUnmodifiableSet());

	public KeyChord {
		keys = List.copyOf(keys);
	}

	/**
	 * Parses a chord. Every key is resolved before anything is pressed, so an unknown
	 * name fails the whole chord.
	 * @param text the chord, keys joined by {@code +}; a literal plus is {@code plus} (or
	 * a trailing {@code ++}: {@code "ctrl++"})
	 * @param knownKey whether the driver knows a keysym name
	 * @throws DeskhandException E_ARGS when empty or a key is unknown
	 */
	public static KeyChord parse(String text, Predicate<String> knownKey) {
		if (text == null || text.isBlank()) {
			throw DeskhandException.args("key chord is empty; use xdotool names joined by '+', e.g. \"ctrl+s\"");
		}
		List<String> keys = new ArrayList<>();
		for (String part : split(text.strip())) {
			keys.add(resolve(part, text, knownKey));
		}
		return new KeyChord(keys);
	}

	/**
	 * Parses the optional modifiers of a click, scroll or drag: {@code null} or blank is
	 * {@link #NONE}.
	 * @throws DeskhandException E_ARGS when a key is not one of {@link #MODIFIERS}
	 */
	public static KeyChord parseModifiers(String text, Predicate<String> knownKey) {
		if (text == null || text.isBlank()) {
			return NONE;
		}
		KeyChord chord = parse(text, knownKey);
		for (String key : chord.keys()) {
			if (!MODIFIERS.contains(key)) {
				throw DeskhandException.args("text " + Echo.of(text) + " holds '" + key
						+ "', which is not a modifier; a pointer action holds only shift, ctrl, alt, super or altgr "
						+ "(press other keys with the key tool)");
			}
		}
		return chord;
	}

	public boolean isEmpty() {
		return this.keys.isEmpty();
	}

	@Override
	public String toString() {
		return String.join("+", this.keys);
	}

	private static List<String> split(String text) {
		List<String> parts = new ArrayList<>();
		StringBuilder current = new StringBuilder();
		for (int i = 0; i < text.length(); i++) {
			char c = text.charAt(i);
			// A '+' right after a separator (or at the start) is the plus key itself.
			if (c == '+' && current.length() > 0) {
				parts.add(current.toString().strip());
				current.setLength(0);
			}
			else {
				current.append(c);
			}
		}
		if (current.length() == 0) {
			throw DeskhandException.args("key chord " + Echo.of(text) + " ends with '+'; name the last key");
		}
		parts.add(current.toString().strip());
		return parts;
	}

	private static String resolve(String key, String chord, Predicate<String> knownKey) {
		if (key.isEmpty()) {
			throw DeskhandException.args("key chord " + Echo.of(chord) + " has an empty key");
		}
		Optional<String> name = KeyNames.resolve(key).filter(knownKey);
		if (name.isPresent()) {
			return name.get();
		}
		if (key.codePointCount(0, key.length()) == 1) {
			throw DeskhandException.args(
					"key " + Echo.of(key) + " (U+" + String.format("%04X", key.codePointAt(0)) + ") cannot be pressed");
		}
		throw DeskhandException.args("unknown key " + Echo.of(key) + " in " + Echo.of(chord)
				+ "; use xdotool key names such as ctrl, shift, alt, super, Return, Tab, Escape, BackSpace, "
				+ "Delete, Page_Down, Up, F5, a");
	}

}
