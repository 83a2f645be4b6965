package dev.deskhand.platform.windows;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.HeldInputs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The keyboard driver over a recording sink: presses tracked by side and extended flag,
 * text sent in chunks that an interrupt stops, unknown keys refused.
 */
class WindowsKeyboardDriverTests {

	private final RecordingSink sink = new RecordingSink();

	private final HeldInputs held = new HeldInputs();

	private final WindowsInputPlanner planner = new WindowsInputPlanner((vk) -> 0);

	/** VkKeyScanW of a US layout: ',' on VK_OEM_COMMA, '+' on Shift+VK_OEM_PLUS. */
	private final WindowsKeyboardDriver keyboard = new WindowsKeyboardDriver(this.sink, this.held, this.planner,
			(unit) -> switch (unit) {
				case ',' -> 0xBC;
				case '+' -> 0x1BB;
				default -> -1;
			});

	@Test
	void aPressIsTrackedUntilItsRelease() {
		this.keyboard.pressKey("Control_R");
		this.keyboard.pressKey("exclam");
		assertThat(this.held.keycodes()).containsExactlyInAnyOrder(0xA3 | WindowsInputPlanner.HELD_EXTENDED,
				WindowsKey.UNICODE_HELD_BASE + '!');
		assertThat(this.keyboard.pressedEver()).containsExactly(0xA3 | WindowsInputPlanner.HELD_EXTENDED);
		this.keyboard.releaseKey("Control_R");
		this.keyboard.releaseKey("exclam");
		assertThat(this.held.keycodes()).isEmpty();
		assertThat(this.sink.all()).containsExactly(new WindowsInput.Key(0xA3, 0, 0x0001),
				new WindowsInput.Key(0, '!', 0x0004), new WindowsInput.Key(0xA3, 0, 0x0003),
				new WindowsInput.Key(0, '!', 0x0006));
	}

	@Test
	void aCharacterOnAnUnshiftedKeyOfTheLayoutIsThatKeySoShortcutsWork() {
		this.keyboard.pressKey("comma");
		this.keyboard.pressKey("plus");
		assertThat(this.sink.all()).containsExactly(new WindowsInput.Key(0xBC, 0, 0),
				new WindowsInput.Key(0, '+', 0x0004));
		assertThat(this.keyboard.pressedEver()).containsExactly(0xBC);
	}

	@Test
	void releaseAllAfterARefusedReleaseSendsTheUpAgain() {
		this.keyboard.pressKey("Shift_L");
		this.sink.refusal = new DeskhandException(ErrorCode.E_DENIED, "UIPI");
		assertThatThrownBy(() -> this.keyboard.releaseKey("Shift_L")).isInstanceOf(DeskhandException.class);
		// forgotten by HeldInputs, but Windows still reports it down
		assertThat(this.held.keycodes()).isEmpty();
		List<WindowsInput> release = this.planner.releaseAll(this.held.keycodes(), this.held.buttons(),
				this.keyboard.pressedEver(), (vk) -> vk == 0xA0);
		assertThat(release).containsExactly(new WindowsInput.Key(0xA0, 0, 0x0002));
	}

	@Test
	void textGoesInChunksAndAnInterruptStopsBetweenThem() {
		String text = "x".repeat(WindowsKeyboardDriver.UNITS_PER_CHUNK * 2 + 1);
		this.keyboard.typeText(text);
		assertThat(this.sink.batches).hasSize(3);
		assertThat(this.sink.all()).hasSize(text.length() * 2);
		this.sink.batches.clear();
		Thread.currentThread().interrupt();
		try {
			assertThatThrownBy(() -> this.keyboard.typeText(text)).isInstanceOf(DeskhandException.class)
				.hasMessageContaining("interrupted after 0 of 3 chunks")
				.satisfies((ex) -> assertThat(((DeskhandException) ex).code()).isEqualTo(ErrorCode.E_TIMEOUT));
		}
		finally {
			Thread.interrupted();
		}
		assertThat(this.sink.batches).isEmpty();
	}

	@Test
	void knownKeysAreVirtualKeysOrCharacters() {
		assertThat(this.keyboard.isKnownKey("Return")).isTrue();
		assertThat(this.keyboard.isKnownKey("eacute")).isTrue();
		assertThat(this.keyboard.isKnownKey("U1F642")).isTrue();
		assertThat(this.keyboard.isKnownKey("XF86Eject")).isFalse();
		assertThat(this.keyboard.isKnownKey("no such key")).isFalse();
		assertThatThrownBy(() -> this.keyboard.pressKey("XF86Eject")).isInstanceOf(DeskhandException.class)
			.hasMessageContaining("unknown key name 'XF86Eject'");
		assertThat(this.sink.batches).isEmpty();
	}

}
