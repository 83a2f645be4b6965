package dev.deskhand.platform.windows;

import org.junit.jupiter.api.Test;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.HeldInputs;
import dev.deskhand.platform.MouseButton;
import dev.deskhand.platform.Point;
import dev.deskhand.platform.Rect;
import dev.deskhand.platform.ScrollDirection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The pointer driver over a recording sink: moves normalised over the virtual desktop as
 * it is at each call, one batch per click, buttons tracked until Windows took the up.
 */
class WindowsPointerDriverTests {

	private final RecordingSink sink = new RecordingSink();

	private final HeldInputs held = new HeldInputs();

	private Rect desk = new Rect(-1920, 0, 3840, 1080);

	private final WindowsPointerDriver pointer = new WindowsPointerDriver(this.sink, this.held, () -> this.desk);

	@Test
	void movesAreNormalisedOverTheVirtualDesktopOfTheMoment() {
		this.pointer.moveTo(-1920, 0);
		this.desk = new Rect(0, 0, 1920, 1080);
		this.pointer.moveTo(1919, 1079);
		WindowsInput.Mouse first = (WindowsInput.Mouse) this.sink.batches.get(0).get(0);
		WindowsInput.Mouse second = (WindowsInput.Mouse) this.sink.batches.get(1).get(0);
		assertThat(first.dx()).isZero();
		assertThat(VirtualDeskCoordinates.landsOn(second.dx(), 0, 1920)).isEqualTo(1919);
		assertThat(VirtualDeskCoordinates.landsOn(second.dy(), 0, 1080)).isEqualTo(1079);
	}

	@Test
	void aPointOffTheVirtualDesktopIsAnArgumentError() {
		assertThatThrownBy(() -> this.pointer.moveTo(1920, 10)).isInstanceOf(DeskhandException.class)
			.hasMessageContaining("outside the virtual desktop -1920,0 3840x1080")
			.satisfies((ex) -> assertThat(((DeskhandException) ex).code()).isEqualTo(ErrorCode.E_ARGS));
		assertThat(this.sink.batches).isEmpty();
	}

	@Test
	void aClickIsOneBatchAndAButtonIsHeldUntilReleased() {
		this.pointer.click(new Point(5, 5), MouseButton.LEFT);
		assertThat(this.sink.batches).hasSize(1);
		assertThat(this.sink.batches.get(0)).hasSize(3);
		assertThat(this.held.buttons()).isEmpty();
		this.pointer.press(MouseButton.RIGHT);
		assertThat(this.held.buttons()).containsExactly(3);
		this.pointer.release(MouseButton.RIGHT);
		assertThat(this.held.buttons()).isEmpty();
	}

	@Test
	void aRefusedClickLeavesTheButtonTrackedForReleaseAll() {
		this.sink.refusal = new DeskhandException(ErrorCode.E_NO_DESKTOP, "locked");
		assertThatThrownBy(() -> this.pointer.click(null, MouseButton.LEFT)).isInstanceOf(DeskhandException.class);
		assertThat(this.held.buttons()).containsExactly(1);
	}

	@Test
	void scrollingIsABatchPerNotchAndStopsWhenInterrupted() {
		this.pointer.scroll(ScrollDirection.DOWN, 3);
		assertThat(this.sink.batches).hasSize(3)
			.allSatisfy((batch) -> assertThat(batch).containsExactly(new WindowsInput.Mouse(0, 0, -120, 0x0800)));
		Thread.currentThread().interrupt();
		try {
			assertThatThrownBy(() -> this.pointer.scroll(ScrollDirection.UP, 5)).hasMessageContaining("after 0 of 5");
		}
		finally {
			Thread.interrupted();
		}
		assertThat(this.sink.batches).hasSize(3);
	}

}
