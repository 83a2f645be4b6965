package dev.deskhand.platform.linux;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.OptionalInt;

/**
 * The character a keysym types: Latin-1 keysyms are their code point, Unicode keysyms
 * {@code 0x01000000 | cp}, and the legacy ones between (EuroSign, Cyrillic_a,
 * Greek_alpha, the keysyms of non-Latin layouts) come from keysymdef.h's table
 * ({@code legacy-keysyms.txt}). A layout that has a character only under its legacy
 * keysym types it only with that keysym: a compositor that looks keysyms up in its keymap
 * (mutter) does not find the Unicode one. Pure.
 */
public final class LegacyKeysyms {

	private static final String TABLE = "legacy-keysyms.txt";

	private static final Map<Long, Integer> CODE_POINTS = load();

	private LegacyKeysyms() {
	}

	/**
	 * @return the printable character {@code keysym} types, empty for a function key, a
	 * modifier or a control character
	 */
	public static OptionalInt codePoint(long keysym) {
		if (Keysyms.isCharacter(keysym)) {
			return OptionalInt.of((int) ((keysym > 0xff) ? keysym - 0x01000000L : keysym));
		}
		Integer legacy = CODE_POINTS.get(keysym);
		return (legacy != null) ? OptionalInt.of(legacy) : OptionalInt.empty();
	}

	private static Map<Long, Integer> load() {
		Map<Long, Integer> table = new HashMap<>();
		try (InputStream in = LegacyKeysyms.class.getResourceAsStream(TABLE)) {
			if (in == null) {
				throw new IllegalStateException(TABLE + " is missing from the classpath");
			}
			BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.US_ASCII));
			String line;
			while ((line = reader.readLine()) != null) {
				if (line.isBlank() || line.startsWith("#")) {
					continue;
				}
				String[] fields = line.trim().split("\\s+");
				table.put(Long.parseLong(fields[0], 16), Integer.parseInt(fields[1], 16));
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		return Map.copyOf(table);
	}

}
