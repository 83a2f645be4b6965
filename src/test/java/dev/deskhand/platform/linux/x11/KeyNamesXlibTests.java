package dev.deskhand.platform.linux.x11;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import com.sun.jna.platform.unix.X11;
import org.junit.jupiter.api.Test;

import dev.deskhand.platform.keys.KeyNames;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The OS-neutral key table against the library the X11 driver used to ask: every name it
 * lists, and the Unicode and hex forms, give the keysym {@code XStringToKeysym} gives.
 * Needs libX11, not a display.
 */
class KeyNamesXlibTests {

	@Test
	void everyNameOfTheTableIsTheKeysymXlibKnows() throws IOException {
		List<String> disagreements = new ArrayList<>();
		List<String> names = tableNames();
		names.addAll(List.of("U00E9", "U4E16", "U1F642", "U+20AC", "0xff0d", "0x1008ff12"));
		for (String name : names) {
			X11.KeySym xlib = X11Libraries.get().xlib().XStringToKeysym(name);
			long expected = (xlib == null) ? 0 : xlib.longValue();
			long ours = KeyNames.keysym(name).orElse(0);
			if (expected != ours) {
				disagreements.add(name + ": xlib " + Long.toHexString(expected) + ", table " + Long.toHexString(ours));
			}
		}
		assertThat(names).hasSizeGreaterThan(2000);
		assertThat(disagreements).isEmpty();
	}

	private static List<String> tableNames() throws IOException {
		try (InputStream in = KeyNames.class.getResourceAsStream("keysyms.txt")) {
			List<String> names = new ArrayList<>();
			for (String line : new String(in.readAllBytes(), StandardCharsets.US_ASCII).split("\n")) {
				if (!line.isBlank() && !line.startsWith("#")) {
					names.add(line.substring(0, line.indexOf(' ')));
				}
			}
			return names;
		}
	}

}
