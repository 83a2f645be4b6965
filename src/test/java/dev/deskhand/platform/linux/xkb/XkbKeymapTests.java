package dev.deskhand.platform.linux.xkb;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import dev.deskhand.platform.keys.KeyNames;
import dev.deskhand.platform.linux.Keysyms;
import dev.deskhand.platform.linux.xkb.XkbKeymap.FixedKey;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class XkbKeymapTests {

	private static final Path XKBCLI = Path.of("/usr/bin/xkbcli");

	/**
	 * A keymap whose slots hold what the mixed typing test types beyond the fixed keys.
	 */
	static XkbKeymap filled() {
		XkbKeymap initial = XkbKeymap.initial(XkbKeymap.maxSlots());
		return new XkbTypingPlanner(initial.slotCount())
			.plan(initial, Keysyms.forText("Héllo Ωμέγα 日本語 🙂 ABC!\"#$%&"), Set.of())
			.get(0)
			.keymap();
	}

	@Test
	void namedKeysSitOnTheirEvdevCodes() {
		XkbKeymap keymap = XkbKeymap.initial(8);
		assertThat(keymap.keycodeOf(Keysyms.RETURN)).hasValue(28);
		assertThat(keymap.keycodeOf(keysym("a"))).hasValue(30);
		assertThat(keymap.keycodeOf(keysym("Control_L"))).hasValue(29);
		assertThat(keymap.keycodeOf(keysym("Super_L"))).hasValue(125);
		assertThat(keymap.keycodeOf(keysym("F1"))).hasValue(59);
		assertThat(keymap.keycodeOf(keysym("F13"))).hasValue(183);
		assertThat(keymap.keycodeOf(keysym("F24"))).hasValue(194);
		assertThat(keymap.keycodeOf(keysym("Page_Up"))).as("Page_Up is Prior").hasValue(104);
		assertThat(keymap.keycodeOf(keysym("Print"))).hasValue(99);
		assertThat(keymap.keycodeOf(keysym("KP_Enter"))).hasValue(96);
		assertThat(keymap.keycodeOf(keysym("XF86AudioMute"))).hasValue(113);
		assertThat(keymap.keycodeOf(keysym("A"))).as("capitals need a slot").isEmpty();
	}

	@Test
	void slotsAreTheOtherKeycodesXwaylandCanCarry() {
		Set<Integer> fixed = new HashSet<>();
		for (FixedKey key : XkbKeymap.fixedKeys()) {
			assertThat(fixed.add(key.evdev())).as("evdev %d once", key.evdev()).isTrue();
			assertThat(KeyNames.isKnown(key.name())).isTrue();
		}
		assertThat(XkbKeymap.maxSlots()).isGreaterThanOrEqualTo(90);
		for (int i = 0; i < XkbKeymap.maxSlots(); i++) {
			int code = XkbKeymap.slotCode(i);
			assertThat(fixed).doesNotContain(code);
			assertThat(code + XkbKeymap.EVDEV_OFFSET).isBetween(9, 255);
		}
		assertThatThrownBy(() -> XkbKeymap.initial(XkbKeymap.maxSlots() + 1))
			.isInstanceOf(IllegalArgumentException.class);
	}

	@Test
	void theModifiersHaveTheRealModifierMap() {
		String text = XkbKeymap.initial(4).text();
		assertThat(text).contains("modifier_map Shift { <I50>, <I62> };")
			.contains("modifier_map Control { <I37>, <I105> };")
			.contains("modifier_map Mod1 { <I64>, <I108>, <I203>, <I204> };")
			.contains("modifier_map Mod4 { <I133>, <I134> };")
			.contains("modifier_map Lock { <I66> };")
			.contains("modifier_map Mod2 { <I77> };")
			.contains("modifier_map Mod5 { <I92> };");
		assertThat(text)
			.contains("key <I133> { type= \"ONE_LEVEL\", virtualMods= Super, symbols[Group1]= [ 0xffeb ] };");
		assertThat(text).doesNotContain("include");
	}

	@Test
	void anUnchangedKeymapIsTheSameVersion() {
		XkbKeymap keymap = filled();
		assertThat(keymap.withSlots(keymap.slots())).isSameAs(keymap);
		assertThat(keymap.text()).isSameAs(keymap.text());
	}

	@Test
	void xkbcommonCompilesTheKeymapWithEveryKeysymAndModifier() throws Exception {
		String compiled = compile(filled().text());
		// xkbcommon writes keysyms back by name: the numbers were read as keysyms
		for (String name : List.of("Return", "Control_L", "F24", "XF86AudioMute", "Prior", "eacute", "U03A9", "U65E5",
				"U0001F642", "A", "quotedbl")) {
			assertThat(compiled).containsPattern("symbols\\[Group1\\]= \\[ +" + name + " \\]");
		}
		assertThat(compiled).contains("modifier_map Control { <I37>, <I105> };")
			.contains("modifier_map Mod4 { <I133>, <I134> };");
		// the virtual modifiers come with their keys (GTK finds Super on Mod4 this way)
		assertThat(compiled).containsPattern("key <I133> +\\{\\s+type= \"ONE_LEVEL\",\\s+virtualMods= Super,")
			.containsPattern("key <I64> +\\{\\s+type= \"ONE_LEVEL\",\\s+virtualMods= Alt,");
	}

	@Test
	void xkbcommonCompilesAKeymapOfNoSlotsInUse() throws Exception {
		assertThat(compile(XkbKeymap.initial(XkbKeymap.maxSlots()).text())).contains("xkb_symbols");
	}

	static long keysym(String name) {
		return KeyNames.keysym(name).orElseThrow();
	}

	/**
	 * Compiles with xkbcommon's own tool (libxkbcommon-tools), as the compositor would.
	 */
	static String compile(String keymap) throws Exception {
		boolean ci = System.getenv("CI") != null;
		if (!ci) {
			assumeTrue(Files.isExecutable(XKBCLI), "xkbcli (libxkbcommon-tools) is not installed");
		}
		Path input = Files.createTempFile("deskhand-keymap", ".xkb");
		Path errors = Files.createTempFile("deskhand-keymap", ".err");
		try {
			Files.writeString(input, keymap);
			Process process = new ProcessBuilder(XKBCLI.toString(), "compile-keymap", "--from-xkb")
				.redirectInput(input.toFile())
				.redirectError(errors.toFile())
				.start();
			byte[] output = process.getInputStream().readAllBytes();
			assertThat(process.waitFor(Duration.ofSeconds(20).toMillis(), TimeUnit.MILLISECONDS)).isTrue();
			String text = new String(output, StandardCharsets.UTF_8);
			String stderr = Files.readString(errors);
			// xkbcli 1.5 exits 1 after printing a keymap and 0 after failing to: judge by
			// what it printed instead
			assertThat(stderr).as("xkbcommon's complaints").isEmpty();
			assertThat(text).startsWith("xkb_keymap {");
			return text;
		}
		finally {
			Files.deleteIfExists(input);
			Files.deleteIfExists(errors);
		}
	}

}
