package dev.deskhand.platform.windows;

import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.MouseButton;
import dev.deskhand.platform.Point;
import dev.deskhand.platform.Rect;
import dev.deskhand.platform.ScrollDirection;
import dev.deskhand.platform.keys.KeyNames;

import static dev.deskhand.platform.windows.WindowsInputPlanner.KEYEVENTF_EXTENDEDKEY;
import static dev.deskhand.platform.windows.WindowsInputPlanner.KEYEVENTF_KEYUP;
import static dev.deskhand.platform.windows.WindowsInputPlanner.KEYEVENTF_UNICODE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The events each action sends, with winuser.h's flag values as fixtures: clicks, wheels,
 * keys with their extended flag and scan code, text as UTF-16 code units, release-all.
 */
class WindowsInputPlannerTests {

	/** A stand-in for MapVirtualKeyW: the scan code is the key's code plus 0x100. */
	private final WindowsInputPlanner planner = new WindowsInputPlanner((vk) -> vk + 0x100);

	@Test
	void aClickIsAnAbsoluteVirtualDeskMoveThenDownAndUp() {
		VirtualDeskCoordinates desk = new VirtualDeskCoordinates(new Rect(-1920, 0, 3840, 1080));
		List<WindowsInput> events = WindowsInputPlanner.click(desk, new Point(0, 540), MouseButton.LEFT);
		assertThat(events).containsExactly(new WindowsInput.Mouse(32768, 32768, 0, 0x0001 | 0x8000 | 0x4000),
				new WindowsInput.Mouse(0, 0, 0, 0x0002), new WindowsInput.Mouse(0, 0, 0, 0x0004));
		assertThat(WindowsInputPlanner.click(desk, null, MouseButton.RIGHT))
			.containsExactly(new WindowsInput.Mouse(0, 0, 0, 0x0008), new WindowsInput.Mouse(0, 0, 0, 0x0010));
		assertThat(WindowsInputPlanner.button(MouseButton.MIDDLE, true).flags()).isEqualTo(0x0020);
		assertThat(WindowsInputPlanner.button(MouseButton.MIDDLE, false).flags()).isEqualTo(0x0040);
	}

	@ParameterizedTest(name = "{0}")
	@CsvSource({ "UP, 120, 0x0800", "DOWN, -120, 0x0800", "RIGHT, 120, 0x1000", "LEFT, -120, 0x1000" })
	void wheelNotchesAreSignedLikeWindows(ScrollDirection direction, int data, String flags) {
		assertThat(WindowsInputPlanner.wheel(direction))
			.isEqualTo(new WindowsInput.Mouse(0, 0, data, Integer.decode(flags)));
	}

	@ParameterizedTest(name = "{0}")
	@CsvSource({ "Left, 0x25, true", "Delete, 0x2E, true", "rctrl, 0xA3, true", "ralt, 0xA5, true",
			"Page_Down, 0x22, true", "ctrl, 0xA2, false", "a, 0x41, false", "Return, 0x0D, false" })
	void keysCarryTheirCodeScanCodeAndExtendedFlag(String name, String code, boolean extended) {
		WindowsKey key = WindowsKey.of(KeyNames.resolve(name).orElseThrow()).orElseThrow();
		int vk = Integer.decode(code);
		int flag = extended ? KEYEVENTF_EXTENDEDKEY : 0;
		assertThat(this.planner.key(key, true)).containsExactly(new WindowsInput.Key(vk, vk + 0x100, flag));
		assertThat(this.planner.key(key, false))
			.containsExactly(new WindowsInput.Key(vk, vk + 0x100, flag | KEYEVENTF_KEYUP));
	}

	@Test
	void aCharacterKeyWithoutAVirtualKeyIsItsCodeUnits() {
		WindowsKey exclam = WindowsKey.of(KeyNames.resolve("!").orElseThrow()).orElseThrow();
		assertThat(this.planner.key(exclam, true)).containsExactly(new WindowsInput.Key(0, '!', KEYEVENTF_UNICODE));
		WindowsKey smile = WindowsKey.of(KeyNames.resolve("🙂").orElseThrow()).orElseThrow();
		assertThat(this.planner.key(smile, false)).containsExactly(
				new WindowsInput.Key(0, 0xD83D, KEYEVENTF_UNICODE | KEYEVENTF_KEYUP),
				new WindowsInput.Key(0, 0xDE42, KEYEVENTF_UNICODE | KEYEVENTF_KEYUP));
		assertThat(WindowsInputPlanner.heldCodes(smile)).containsExactly(0x1D83D, 0x1DE42);
	}

	@Test
	void anAstralCharacterIsFourEventsWithItsTwoSurrogates() {
		List<List<WindowsInput>> chunks = this.planner.text("a🙂", 32);
		assertThat(chunks).hasSize(1);
		assertThat(chunks.get(0)).containsExactly(new WindowsInput.Key(0, 'a', KEYEVENTF_UNICODE),
				new WindowsInput.Key(0, 'a', KEYEVENTF_UNICODE | KEYEVENTF_KEYUP),
				new WindowsInput.Key(0, 0xD83D, KEYEVENTF_UNICODE),
				new WindowsInput.Key(0, 0xD83D, KEYEVENTF_UNICODE | KEYEVENTF_KEYUP),
				new WindowsInput.Key(0, 0xDE42, KEYEVENTF_UNICODE),
				new WindowsInput.Key(0, 0xDE42, KEYEVENTF_UNICODE | KEYEVENTF_KEYUP));
	}

	@Test
	void chunksNeverPartASurrogatePair() {
		List<List<WindowsInput>> chunks = this.planner.text("ab🙂c", 3);
		assertThat(chunks).extracting(List::size).containsExactly(4, 6);
		assertThat(((WindowsInput.Key) chunks.get(1).get(0)).scanCode()).isEqualTo(0xD83D);
		StringBuilder typed = new StringBuilder();
		chunks.stream()
			.flatMap(List::stream)
			.map(WindowsInput.Key.class::cast)
			.filter((key) -> !key.isUp())
			.forEach((key) -> typed.append((char) key.scanCode()));
		assertThat(typed.toString()).isEqualTo("ab🙂c");
	}

	@Test
	void newlinesAreOneReturnAndTabIsTab() {
		List<WindowsInput> events = this.planner.text("a\r\nb\n\tc", 32).get(0);
		assertThat(events).filteredOn((event) -> ((WindowsInput.Key) event).virtualKey() != 0)
			.containsExactly(new WindowsInput.Key(0x0D, 0x10D, 0), new WindowsInput.Key(0x0D, 0x10D, KEYEVENTF_KEYUP),
					new WindowsInput.Key(0x0D, 0x10D, 0), new WindowsInput.Key(0x0D, 0x10D, KEYEVENTF_KEYUP),
					new WindowsInput.Key(0x09, 0x109, 0), new WindowsInput.Key(0x09, 0x109, KEYEVENTF_KEYUP));
		assertThat(events).hasSize(12);
	}

	@Test
	void controlCharactersAndLoneSurrogatesAreRefusedBeforeAnythingIsSent() {
		assertThatThrownBy(() -> this.planner.text("ok\u0007", 32)).isInstanceOf(DeskhandException.class)
			.hasMessageContaining("U+0007 at position 2")
			.satisfies((ex) -> assertThat(((DeskhandException) ex).code()).isEqualTo(ErrorCode.E_ARGS));
		assertThatThrownBy(() -> this.planner.text("x\uD83D", 32)).hasMessageContaining("U+D83D");
	}

	@Test
	void releaseAllLetsGoOfWhatIsHeldAndOfStuckKeysDeskhandPressed() {
		int rightCtrl = 0xA3 | WindowsInputPlanner.HELD_EXTENDED;
		int leftShift = 0xA0;
		int leftAlt = 0xA4;
		int unicodeA = WindowsKey.UNICODE_HELD_BASE + 'a';
		// held: right Ctrl and a Unicode 'a'; pressed before and still down: left Shift;
		// pressed before but up: left Alt; down but never pressed by Deskhand: left Ctrl
		List<WindowsInput> events = this.planner.releaseAll(Set.of(rightCtrl, unicodeA), Set.of(1),
				Set.of(rightCtrl, leftShift, leftAlt), (vk) -> vk == leftShift || vk == 0xA2 || vk == 0xA3);
		assertThat(events).containsExactlyInAnyOrder(
				new WindowsInput.Key(0xA3, 0x1A3, KEYEVENTF_EXTENDEDKEY | KEYEVENTF_KEYUP),
				new WindowsInput.Key(0, 'a', KEYEVENTF_UNICODE | KEYEVENTF_KEYUP),
				new WindowsInput.Key(0xA0, 0x1A0, KEYEVENTF_KEYUP), new WindowsInput.Mouse(0, 0, 0, 0x0004));
	}

}
