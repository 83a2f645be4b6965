package dev.deskhand.approval;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.deskhand.input.KeyChord;
import dev.deskhand.platform.keys.KeyNames;

/**
 * Decides whether a chord is a system key (capability {@code system_keys}): one an agent
 * should not press casually because it switches virtual terminals, locks the session,
 * closes windows or kills processes. Chords compare as sets of keys, left and right
 * modifiers alike.
 */
public final class SystemKeys {

	private static final Pattern RANGE = Pattern.compile("(?i)^(.*\\+)?F(\\d{1,2})-F(\\d{1,2})$");

	private final Set<Set<String>> chords = new HashSet<>();

	/**
	 * @param patterns chords as in configuration; {@code F1-F12} expands to twelve chords
	 * @param knownKey whether the driver knows a key name
	 * @throws dev.deskhand.errors.DeskhandException E_ARGS naming a bad pattern
	 */
	public SystemKeys(List<String> patterns, Predicate<String> knownKey) {
		for (String pattern : patterns) {
			for (String chord : expand(pattern)) {
				this.chords.add(normalize(KeyChord.parse(chord, knownKey)));
			}
		}
	}

	public boolean isSystemKey(KeyChord chord) {
		return this.chords.contains(normalize(chord));
	}

	private static List<String> expand(String pattern) {
		Matcher range = RANGE.matcher(pattern.strip());
		if (!range.matches()) {
			return List.of(pattern);
		}
		String prefix = (range.group(1) != null) ? range.group(1) : "";
		int from = Integer.parseInt(range.group(2));
		int to = Integer.parseInt(range.group(3));
		return java.util.stream.IntStream.rangeClosed(Math.min(from, to), Math.max(from, to))
			.mapToObj((n) -> prefix + "F" + n)
			.toList();
	}

	private static Set<String> normalize(KeyChord chord) {
		Set<String> keys = new HashSet<>();
		for (String key : chord.keys()) {
			// ctrl_r+alt+Delete is still ctrl+alt+Delete, super+L is super+l
			keys.add(KeyNames.canonical(key));
		}
		return keys;
	}

}
