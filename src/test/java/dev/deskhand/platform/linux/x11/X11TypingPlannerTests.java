package dev.deskhand.platform.linux.x11;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

import org.junit.jupiter.api.Test;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.linux.Keysyms;
import dev.deskhand.platform.linux.x11.X11TypingPlanner.Chunk;
import dev.deskhand.platform.linux.x11.X11TypingPlanner.Stroke;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class X11TypingPlannerTests {

	/** The mixed sample of the feasibility study. */
	private static final String GREETING = "Grüße, 世界 ✓ — naïve";

	private final X11Keymap keymap = X11KeymapFixtures.xvfbEvdevUs();

	private final X11KeycodeBlock block = X11KeycodeBlock.choose(this.keymap, X11KeymapFixtures.XVFB_MODIFIERS)
		.orElseThrow();

	@Test
	void typesAsciiOnTheLayoutsOwnKeysWithShiftWhereNeeded() {
		List<Chunk> chunks = plan(this.keymap, "aA!\n\t");
		assertThat(chunks).hasSize(1);
		assertThat(chunks.get(0).rebind()).isNull();
		assertThat(chunks.get(0).strokes()).containsExactly(new Stroke(38, false), new Stroke(38, true),
				new Stroke(10, true), new Stroke(36, false), new Stroke(23, false));
	}

	@Test
	void bindsWhatTheLayoutLacksWithOneRebindPerChunk() {
		List<Chunk> chunks = plan(this.keymap, GREETING);
		assertThat(chunks).hasSize(1);
		// ü ß 世 界 ✓ — ï: 7 distinct keysyms, bound together in the block's first 7
		// keycodes
		assertThat(chunks.get(0).rebind().firstKeycode()).isEqualTo(232);
		assertThat(chunks.get(0).rebind().keysyms()).containsExactly(0xfc, 0xdf, 0x01004e16L, 0x0100754cL, 0x01002713L,
				0x01002014L, 0xef);
		assertThat(typed(this.keymap, chunks)).isEqualTo(keysyms(GREETING));
	}

	@Test
	void keepsBindingsOfEarlierCallsSoRepeatedTextCausesNoRebind() {
		X11Keymap afterFirst = apply(this.keymap, plan(this.keymap, GREETING));
		List<Chunk> again = plan(afterFirst, GREETING + " ✓✓ ü");
		assertThat(again).hasSize(1);
		assertThat(again.get(0).rebind()).isNull();
		assertThat(typed(afterFirst, again)).isEqualTo(keysyms(GREETING + " ✓✓ ü"));
	}

	@Test
	void rebindsOnlyTheSpanOfKeycodesThatChange() {
		X11Keymap afterFirst = apply(this.keymap, plan(this.keymap, "ü世"));
		List<Chunk> chunks = plan(afterFirst, "世★");
		// 世 stays on 233; ★ replaces ü, which this text does not need: one keycode
		// changes
		assertThat(chunks.get(0).rebind().firstKeycode()).isEqualTo(232);
		assertThat(chunks.get(0).rebind().keysyms()).containsExactly(0x01002605L);
		assertThat(typed(afterFirst, chunks)).isEqualTo(keysyms("世★"));
	}

	@Test
	void splitsTextIntoChunksOfHalfTheBlockThatAlternateBetweenItsHalves() {
		StringBuilder text = new StringBuilder();
		for (int i = 0; i < 60; i++) {
			text.appendCodePoint(0x4e00 + i).append('x');
		}
		List<Chunk> chunks = plan(this.keymap, text.toString());
		// 60 distinct CJK characters, 12 per chunk: the block's two halves take turns
		assertThat(chunks).hasSize(5);
		assertThat(chunks).allSatisfy((chunk) -> assertThat(chunk.rebind()).isNotNull());
		assertThat(chunks).allSatisfy((chunk) -> assertThat(chunk.strokes()).hasSize(24));
		assertThat(chunks).extracting((chunk) -> chunk.rebind().firstKeycode())
			.containsExactly(232, 244, 232, 244, 232);
		assertThat(typed(this.keymap, chunks)).isEqualTo(keysyms(text.toString()));
	}

	@Test
	void theFirstRebindLeavesAloneWhatThePreviousCallJustTyped() {
		X11Keymap afterFirst = apply(this.keymap, plan(this.keymap, "üß"));
		StringBuilder text = new StringBuilder();
		for (int i = 0; i < 5; i++) {
			text.appendCodePoint(0x4e00 + i);
		}
		List<Chunk> chunks = new X11TypingPlanner(afterFirst, this.block).plan(keysyms(text.toString()), 1, Set.of(),
				Set.of(232, 233));
		assertThat(chunks.get(0).rebind().firstKeycode()).isEqualTo(234);
	}

	@Test
	void randomMixedTextTypesExactlyAndNoRebindTouchesKeysStillBeingRead() {
		Random random = new Random(20261130);
		int[] pool = mixedPool();
		for (int run = 0; run < 200; run++) {
			StringBuilder text = new StringBuilder();
			int length = 1 + random.nextInt(300);
			for (int i = 0; i < length; i++) {
				text.appendCodePoint(pool[random.nextInt(pool.length)]);
			}
			X11Keymap start = (run % 2 == 0) ? this.keymap : apply(this.keymap, plan(this.keymap, GREETING));
			List<Chunk> chunks = plan(start, text.toString());
			assertThat(typed(start, chunks)).as("text %s", text).isEqualTo(keysyms(text.toString()));
			X11Keymap current = start;
			Set<Integer> sinceRebind = new HashSet<>();
			for (Chunk chunk : chunks) {
				List<Integer> used = chunk.strokes()
					.stream()
					.map(Stroke::keycode)
					.filter(this.block::contains)
					.distinct()
					.toList();
				assertThat(used).hasSizeLessThanOrEqualTo(12);
				if (chunk.rebind() != null) {
					assertThat(sinceRebind).as("room for the new keysyms").hasSizeLessThanOrEqualTo(24);
					assertThat(chunk.rebind().firstKeycode()).isGreaterThanOrEqualTo(232);
					assertThat(chunk.rebind().firstKeycode() + chunk.rebind().keysyms().length)
						.isLessThanOrEqualTo(256);
					X11Keymap next = current.withBinding(chunk.rebind().firstKeycode(), chunk.rebind().keysyms());
					for (int keycode : sinceRebind) {
						assertThat(next.keysym(keycode, 0)).as("keycode %d, used since the rebind before", keycode)
							.isEqualTo(current.keysym(keycode, 0));
					}
					current = next;
					sinceRebind.clear();
				}
				sinceRebind.addAll(used);
			}
		}
	}

	@Test
	void neverRebindsAKeycodeThatIsHeldDown() {
		X11Keymap bound = apply(this.keymap, plan(this.keymap, "ü"));
		StringBuilder text = new StringBuilder();
		for (int i = 0; i < 40; i++) {
			text.appendCodePoint(0x4e00 + i);
		}
		List<Chunk> chunks = new X11TypingPlanner(bound, this.block).plan(keysyms(text.toString()), 1, Set.of(232),
				Set.of());
		for (Chunk chunk : chunks) {
			int first = chunk.rebind().firstKeycode();
			assertThat(first > 232 || first + chunk.rebind().keysyms().length <= 232).isTrue();
		}
		// 12 per chunk (half the block): 40 characters need four
		assertThat(chunks).hasSize(4);
		assertThat(typed(bound, chunks)).isEqualTo(keysyms(text.toString()));
	}

	@Test
	void bindsEverythingWhenDirectKeysAreNotAllowed() {
		List<Chunk> chunks = new X11TypingPlanner(this.keymap, this.block).plan(keysyms("ab"), -1, Set.of(), Set.of());
		assertThat(chunks.get(0).strokes()).extracting(Stroke::keycode).containsExactly(232, 233);
		assertThat(chunks.get(0).rebind().keysyms()).containsExactly(0x61, 0x62);
	}

	@Test
	void bindsShiftedKeysymsForKeyPressesThatMustNotNeedShift() {
		List<Chunk> chunks = new X11TypingPlanner(this.keymap, this.block).plan(new long[] { 0x41 }, 0, Set.of(),
				Set.of());
		assertThat(chunks.get(0).strokes()).containsExactly(new Stroke(232, false));
		List<Chunk> lower = new X11TypingPlanner(this.keymap, this.block).plan(new long[] { 0x61 }, 0, Set.of(),
				Set.of());
		assertThat(lower.get(0).rebind()).isNull();
		assertThat(lower.get(0).strokes()).containsExactly(new Stroke(38, false));
	}

	@Test
	void withoutSpareKeycodesTypesTheLayoutAndRefusesTheRestBeforeTyping() {
		X11TypingPlanner planner = new X11TypingPlanner(this.keymap, null);
		assertThat(planner.plan(keysyms("plain ASCII"), 1, Set.of(), Set.of())).hasSize(1);
		assertThatExceptionOfType(DeskhandException.class)
			.isThrownBy(() -> planner.plan(keysyms("ok ü"), 1, Set.of(), Set.of()))
			.satisfies((ex) -> assertThat(ex.code()).isEqualTo(ErrorCode.E_UNSUPPORTED))
			.withMessageContaining("0xfc")
			.withMessageContaining("no spare keycodes");
	}

	private List<Chunk> plan(X11Keymap map, String text) {
		return new X11TypingPlanner(map, this.block).plan(keysyms(text), 1, Set.of(), Set.of());
	}

	private static long[] keysyms(String text) {
		return Keysyms.forText(text);
	}

	private static X11Keymap apply(X11Keymap map, List<Chunk> chunks) {
		X11Keymap current = map;
		for (Chunk chunk : chunks) {
			if (chunk.rebind() != null) {
				current = current.withBinding(chunk.rebind().firstKeycode(), chunk.rebind().keysyms());
			}
		}
		return current;
	}

	/**
	 * Plays the plan against the keymap: rebinds as planned, each stroke read at its
	 * level.
	 */
	private static long[] typed(X11Keymap map, List<Chunk> chunks) {
		X11Keymap current = map;
		List<Long> out = new ArrayList<>();
		for (Chunk chunk : chunks) {
			if (chunk.rebind() != null) {
				current = current.withBinding(chunk.rebind().firstKeycode(), chunk.rebind().keysyms());
			}
			for (Stroke stroke : chunk.strokes()) {
				out.add(current.keysym(stroke.keycode(), stroke.shift() ? 1 : 0));
			}
		}
		return out.stream().mapToLong(Long::longValue).toArray();
	}

	private static int[] mixedPool() {
		String sample = "abcXYZ019 .,;:!?\"'()[]{}<>@#$%^&*-_=+/\\|~`\n\tàáâãäåçèéêëìíîïñòóôõöùúûüýÿßÀÉÑÜ"
				+ "ĀăĆčĐęĞİŁńŒšŸžαβγΩЖжщ中文字世界日本語한국어✓✗★☆€£¥©®™←↑→↓⇒∞≠≤≥—–…•😀";
		return sample.codePoints().toArray();
	}

}
