package dev.deskhand.platform.linux.xkb;

import java.util.Arrays;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.linux.Keysyms;
import dev.deskhand.platform.linux.xkb.XkbTypingPlanner.Chunk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class XkbTypingPlannerTests {

	/**
	 * What the client types for a plan: each chunk's keys read in that chunk's keymap.
	 */
	static String typed(List<Chunk> chunks) {
		StringBuilder text = new StringBuilder();
		for (Chunk chunk : chunks) {
			for (int code : chunk.keycodes()) {
				long keysym = chunk.keymap().keysymAt(code);
				if (keysym == Keysyms.RETURN) {
					text.append('\n');
				}
				else if (keysym == Keysyms.TAB) {
					text.append('\t');
				}
				else {
					text.appendCodePoint((int) ((keysym < 0x100) ? keysym : keysym & 0xffffff));
				}
			}
		}
		return text.toString();
	}

	@Test
	void lowerCaseAsciiUsesTheFixedKeysAndUploadsNothing() {
		XkbKeymap keymap = XkbKeymap.initial(8);
		List<Chunk> chunks = new XkbTypingPlanner(8).plan(keymap, Keysyms.forText("hello, world/1\n"), Set.of());
		assertThat(chunks).hasSize(1);
		assertThat(chunks.get(0).keymap()).isSameAs(keymap);
		assertThat(chunks.get(0).keycodes()).startsWith(35, 18, 38, 38, 24, 51, 57);
		assertThat(typed(chunks)).isEqualTo("hello, world/1\n");
	}

	@Test
	void theKeymapStaysTheSameForTextItHasAlready() {
		XkbTypingPlanner planner = new XkbTypingPlanner(16);
		XkbKeymap first = XkbKeymap.initial(16);
		List<Chunk> once = planner.plan(first, Keysyms.forText("Héllo Ωμέγα 🙂"), Set.of());
		assertThat(once).hasSize(1);
		XkbKeymap uploaded = once.get(0).keymap();
		assertThat(uploaded).isNotSameAs(first);
		List<Chunk> again = planner.plan(uploaded, Keysyms.forText("Ωμέγα Héllo 🙂 éé"), Set.of());
		assertThat(again).hasSize(1);
		assertThat(again.get(0).keymap()).as("no new keymap for known characters").isSameAs(uploaded);
		assertThat(typed(again)).isEqualTo("Ωμέγα Héllo 🙂 éé");
	}

	@Test
	void textWithMoreDistinctCharactersThanSlotsIsTypedInChunksThatEachFit() {
		String text = "日本語のテキストを入力します。漢字、ひらがな、カタカナ：全部！ ABCDEFGHIJ";
		XkbTypingPlanner planner = new XkbTypingPlanner(6);
		List<Chunk> chunks = planner.plan(XkbKeymap.initial(6), Keysyms.forText(text), Set.of());
		assertThat(typed(chunks)).isEqualTo(text);
		long distinct = Arrays.stream(Keysyms.forText(text))
			.filter((k) -> XkbKeymap.fixed(k) == null)
			.distinct()
			.count();
		assertThat(chunks).hasSizeGreaterThanOrEqualTo((int) ((distinct + 5) / 6));
		for (Chunk chunk : chunks) {
			assertThat(Arrays.stream(chunk.keycodes())
				.filter((code) -> chunk.keymap().slotIndexOf(code) >= 0)
				.distinct()
				.count()).isLessThanOrEqualTo(6);
		}
		XkbKeymap previous = XkbKeymap.initial(6);
		for (Chunk chunk : chunks) {
			assertThat(chunk.keymap()).isNotSameAs(previous);
			previous = chunk.keymap();
		}
	}

	@Test
	void aSlotUsedEarlierInTheTextIsEvictedBeforeOneUsedLater() {
		XkbTypingPlanner planner = new XkbTypingPlanner(2);
		XkbKeymap keymap = planner.plan(XkbKeymap.initial(2), Keysyms.forText("AB"), Set.of()).get(0).keymap();
		keymap = planner.plan(keymap, Keysyms.forText("A"), Set.of()).get(0).keymap();
		// B was used least recently: C takes its slot and A stays
		XkbKeymap next = planner.plan(keymap, Keysyms.forText("C"), Set.of()).get(0).keymap();
		assertThat(next.keycodeOf('A')).isEqualTo(keymap.keycodeOf('A'));
		assertThat(next.keycodeOf('B')).isEmpty();
		assertThat(next.keycodeOf('C')).isEqualTo(keymap.keycodeOf('B'));
	}

	@Test
	void aHeldSlotKeepsItsKeysym() {
		XkbTypingPlanner planner = new XkbTypingPlanner(2);
		XkbKeymap keymap = planner.plan(XkbKeymap.initial(2), Keysyms.forText("AB"), Set.of()).get(0).keymap();
		int heldA = keymap.keycodeOf('A').getAsInt();
		List<Chunk> chunks = planner.plan(keymap, Keysyms.forText("CDE"), Set.of(heldA));
		assertThat(typed(chunks)).isEqualTo("CDE");
		for (Chunk chunk : chunks) {
			assertThat(chunk.keymap().keycodeOf('A')).hasValue(heldA);
		}
		assertThatThrownBy(
				() -> planner.plan(keymap, Keysyms.forText("C"), Set.of(heldA, keymap.keycodeOf('B').getAsInt())))
			.isInstanceOf(DeskhandException.class)
			.hasMessageContaining("all 2 keymap slots hold keys that are down")
			.extracting((ex) -> ((DeskhandException) ex).code())
			.isEqualTo(ErrorCode.E_UNSUPPORTED);
	}

	@Test
	void aKeyNameOutsideTheFixedKeysGetsASlot() {
		XkbTypingPlanner planner = new XkbTypingPlanner(4);
		XkbKeymap initial = XkbKeymap.initial(4);
		long micMute = XkbKeymapTests.keysym("XF86AudioMicMute");
		XkbKeymap next = planner.withKey(initial, micMute, Set.of());
		assertThat(next.keycodeOf(micMute)).hasValue(XkbKeymap.slotCode(0));
		assertThat(planner.withKey(next, micMute, Set.of())).isSameAs(next);
		assertThat(planner.withKey(next, XkbKeymapTests.keysym("Return"), Set.of())).isSameAs(next);
	}

}
