package dev.deskhand.platform.linux.wayland.input;

import dev.deskhand.platform.linux.wayland.wire.WaylandConnection;
import dev.deskhand.platform.linux.xkb.XkbKeymap;

import java.time.Duration;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import dev.deskhand.platform.HeldInputs;
import dev.deskhand.testing.MixedText;
import dev.deskhand.testing.SwaySession;
import dev.deskhand.testing.WaylandWitness;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The virtual keyboard against headless sway, judged by the GTK witness: the text it
 * accumulated from the key events it got, the keyvals and the modifier state GTK saw.
 */
class WaylandKeyboardLiveTests {

	static final Duration WAIT = Duration.ofSeconds(20);

	static final Duration SETTLE = Duration.ofMillis(300);

	private static SwaySession sway;

	private static WaylandWitness witness;

	private static WaylandConnection connection;

	private static WaylandKeyboard keyboard;

	private static final HeldInputs held = new HeldInputs();

	@BeforeAll
	static void start() {
		sway = SwaySession.shared();
		witness = WaylandWitness.open(sway, SwaySession.WITNESS_APP_ID);
		connection = WaylandConnection.open(sway.runtimeDir().resolve(sway.waylandDisplay()), Duration.ofSeconds(5));
		keyboard = WaylandKeyboard.create(connection, held, XkbKeymap.maxSlots(), SETTLE);
	}

	@AfterAll
	static void stop() {
		if (keyboard != null) {
			keyboard.close();
		}
		if (connection != null) {
			connection.close();
		}
		if (witness != null) {
			witness.close();
		}
	}

	@BeforeEach
	void focusAndClear() {
		witness.focus();
		witness.clearText();
	}

	@Test
	void typesAsciiExactly() {
		String text = "Hello, World! 0123456789 ~`!@#$%^&*()_+-=[]{}|\\;':\",./<>? AZ az\tTab\nsecond line";
		long start = System.nanoTime();
		keyboard.typeText(text);
		long api = System.nanoTime() - start;
		witness.awaitText(text, WAIT);
		report("ASCII", text, start, api);
		assertThat(held.keycodes()).isEmpty();
	}

	@Test
	void typesMixedUnicodeExactlyAndKeepsTheKeymapForTheSecondRun() {
		String text = MixedText.withEmoji(200, 20261130);
		for (int run = 0; run < 2; run++) {
			witness.clearText();
			int uploads = keyboard.keymapUploads();
			long start = System.nanoTime();
			keyboard.typeText(text);
			long api = System.nanoTime() - start;
			witness.awaitText(text, WAIT);
			report((run == 0) ? "mixed Unicode, first" : "mixed Unicode, keymap in place", text, start, api);
			if (run == 1) {
				assertThat(keyboard.keymapUploads()).as("the second run needs no new keymap").isEqualTo(uploads);
			}
		}
	}

	@Test
	void textWithMoreCharactersThanSlotsArrivesExactlyAcrossKeymapUploads() {
		StringBuilder text = new StringBuilder();
		// 150 CJK ideographs, each new to the keymap: more than its slots
		for (int cp = 0x4E00 + 300; cp < 0x4E00 + 450; cp++) {
			text.appendCodePoint(cp).append((cp % 10 == 0) ? " " : "");
		}
		int uploads = keyboard.keymapUploads();
		keyboard.typeText(text.toString());
		witness.awaitText(text.toString(), WAIT);
		assertThat(keyboard.keymapUploads() - uploads).isGreaterThanOrEqualTo(2);
	}

	@Test
	void longAsciiTextArrivesExactly() {
		String text = mixedAscii(Integer.getInteger("deskhand.test.long", 3000));
		long start = System.nanoTime();
		keyboard.typeText(text);
		long api = System.nanoTime() - start;
		witness.awaitText(text, WAIT);
		report("long ASCII", text, start, api);
	}

	static String mixedAscii(int length) {
		String pool = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .,;:!?-_()[]";
		Random random = new Random(7);
		StringBuilder text = new StringBuilder();
		for (int i = 0; i < length; i++) {
			text.append(pool.charAt(random.nextInt(pool.length())));
		}
		return text.toString();
	}

	@Test
	void aChordArrivesWithItsModifierState() {
		chord("Control_L", "a");
		JsonNode a = witness.await(WaylandWitness.key("press", "a"), WAIT);
		assertThat(mods(a)).containsExactly("ctrl");
		chord("Control_L", "Shift_L", "t");
		JsonNode t = witness.await(WaylandWitness.key("press", "t"), WAIT);
		assertThat(mods(t)).containsExactlyInAnyOrder("ctrl", "shift");
		chord("Alt_L", "F4");
		assertThat(mods(witness.await(WaylandWitness.key("press", "F4"), WAIT))).containsExactly("alt");
		chord("Super_L", "l");
		assertThat(mods(witness.await(WaylandWitness.key("press", "l"), WAIT))).contains("super");
		// and once let go, no modifier is left over
		keyboard.pressKey("b");
		keyboard.releaseKey("b");
		assertThat(mods(witness.await(WaylandWitness.key("press", "b"), WAIT))).isEmpty();
		assertThat(held.keycodes()).isEmpty();
	}

	@Test
	void namedKeysArriveAsThemselves() {
		for (String name : List.of("Return", "BackSpace", "Escape", "Tab", "Delete", "Home", "End", "Page_Up",
				"Page_Down", "Left", "Up", "F5", "F24", "Insert", "Menu", "KP_Add", "XF86AudioMute",
				"XF86AudioMicMute")) {
			keyboard.pressKey(name);
			keyboard.releaseKey(name);
			// GDK names the XF86 keysyms without their prefix
			String expected = name.startsWith("XF86") ? name.substring(4) : name;
			witness.await(WaylandWitness.key("release", expected), WAIT);
		}
		assertThat(held.keycodes()).isEmpty();
	}

	@Test
	void typedTextIgnoresHeldModifiersAndLeavesThemHeld() {
		keyboard.pressKey("Control_L");
		keyboard.pressKey("Shift_L");
		try {
			// fixed keys only, then a character that needs a new keymap
			keyboard.typeText("abc");
			keyboard.typeText(" \u2603");
			witness.awaitText("abc \u2603", WAIT);
			witness.clearEvents();
			keyboard.pressKey("b");
			keyboard.releaseKey("b");
			JsonNode b = witness.await(WaylandWitness.key("press", "b"), WAIT);
			assertThat(mods(b)).containsExactlyInAnyOrder("ctrl", "shift");
		}
		finally {
			keyboard.releaseKey("Shift_L");
			keyboard.releaseKey("Control_L");
		}
		assertThat(held.keycodes()).isEmpty();
	}

	@Test
	void aHeldModifierSurvivesTheKeymapUploadOfTheNextKey() {
		keyboard.pressKey("Control_L");
		try {
			// a keysym no key has yet: pressing it uploads a keymap first
			keyboard.pressKey("U2602");
			keyboard.releaseKey("U2602");
		}
		finally {
			keyboard.releaseKey("Control_L");
		}
		// GDK names a Unicode keysym U+XXXX
		assertThat(mods(witness.await(WaylandWitness.key("press", "U+2602"), WAIT))).containsExactly("ctrl");
	}

	@Test
	void releaseAllLetsGoOfHeldKeysAndModifiers() {
		keyboard.pressKey("Shift_L");
		keyboard.pressKey("x");
		witness.await(WaylandWitness.key("press", "x"), WAIT);
		assertThat(held.keycodes()).hasSize(2);
		keyboard.releaseAll();
		witness.await(WaylandWitness.key("release", "x"), WAIT);
		witness.await(WaylandWitness.key("release", "Shift_L"), WAIT);
		assertThat(held.keycodes()).isEmpty();
		keyboard.pressKey("y");
		keyboard.releaseKey("y");
		assertThat(mods(witness.await(WaylandWitness.key("press", "y"), WAIT))).isEmpty();
	}

	static void chord(String... keys) {
		for (String key : keys) {
			keyboard.pressKey(key);
		}
		for (int i = keys.length - 1; i >= 0; i--) {
			keyboard.releaseKey(keys[i]);
		}
	}

	static List<String> mods(JsonNode event) {
		return event.path("mods").valueStream().map(JsonNode::asString).toList();
	}

	static void report(String what, String text, long start, long api) {
		long delivered = System.nanoTime() - start;
		int chars = text.codePointCount(0, text.length());
		System.out.printf("wayland typing %s: %d chars, api %.0f chars/s, delivered exactly %.0f chars/s%n", what,
				chars, chars / (api / 1e9), chars / (delivered / 1e9));
	}

}
