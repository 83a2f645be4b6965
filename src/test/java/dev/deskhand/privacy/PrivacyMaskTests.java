package dev.deskhand.privacy;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.junit.jupiter.api.Test;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.input.InputAction;
import dev.deskhand.platform.Frame;
import dev.deskhand.platform.Rect;
import dev.deskhand.platform.WindowDriver;
import dev.deskhand.platform.WindowInfo;
import dev.deskhand.platform.elements.Element;
import dev.deskhand.platform.elements.ElementApp;
import dev.deskhand.platform.elements.ElementHandle;
import dev.deskhand.platform.elements.ElementRole;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The mask's arithmetic on frames of a region; the live tests show it on a real X server.
 */
class PrivacyMaskTests {

	private static final int WHITE = 0xFFFFFF;

	// a right-hand display (or a zoom's area) starting at x=1920
	private final Rect region = new Rect(1920, 0, 40, 30);

	@Test
	void aMaskedWindowOverlappingTheRegionIsBlackThereAndOnlyThere() {
		Frame frame = white();
		mask(new Rect(1950, 10, 100, 5)).filter(frame, this.region);
		for (int y = 0; y < 30; y++) {
			for (int x = 0; x < 40; x++) {
				boolean masked = x >= 30 && y >= 10 && y < 15;
				assertThat(frame.pixels()[y * 40 + x]).as("pixel %d,%d", x, y).isEqualTo(masked ? 0 : WHITE);
			}
		}
	}

	@Test
	void aMaskedWindowBesideTheRegionInTheSameRowsLeavesItAlone() {
		Frame frame = white();
		// on the left-hand display, sharing rows with the region but no pixel
		mask(new Rect(100, 5, 300, 20)).filter(frame, this.region);
		// and one to the right of it
		mask(new Rect(2000, 5, 300, 20)).filter(frame, this.region);
		assertThat(frame.pixels()).containsOnly(WHITE);
	}

	@Test
	void anElementOfAMaskedAppIsNeverActedOnWhereverTheFocusIs() {
		PrivacyMask mask = mask(new Rect(100, 5, 300, 20));
		InputAction.ElementTarget vault = new InputAction.ElementTarget("e1",
				new Element(new ElementHandle(":1.3", "/9"), ElementRole.PUSH_BUTTON, "Copy password", Set.of(),
						new Rect(110, 10, 50, 10), List.of("click"), null, new ElementApp("KeePassXC", 42), false,
						false));
		for (InputAction action : List.of(new InputAction.PressElement(vault, null),
				new InputAction.FocusElement(vault), new InputAction.SetElementText(vault, "x", null))) {
			assertThatThrownBy(() -> mask.beforeActions("s", List.of(action))).as(action.tool())
				.isInstanceOf(DeskhandException.class)
				.satisfies((ex) -> assertThat(((DeskhandException) ex).code()).isEqualTo(ErrorCode.E_NOT_GRANTED));
		}
		InputAction.ElementTarget other = new InputAction.ElementTarget("e2",
				new Element(new ElementHandle(":1.4", "/2"), ElementRole.PUSH_BUTTON, "Send", Set.of(),
						new Rect(500, 10, 50, 10), List.of("click"), null, new ElementApp("thunderbird", 7), false,
						false));
		assertThatCode(() -> mask.beforeActions("s", List.of(new InputAction.PressElement(other, null))))
			.doesNotThrowAnyException();
	}

	private Frame white() {
		int[] pixels = new int[40 * 30];
		Arrays.fill(pixels, WHITE);
		return new Frame(40, 30, pixels);
	}

	private static PrivacyMask mask(Rect bounds) {
		WindowInfo window = new WindowInfo(1, "vault", "KeePassXC", "keepassxc", "keepassxc", 42, bounds, false);
		return new PrivacyMask(List.of("keepassxc"), new WindowDriver() {

			@Override
			public Optional<WindowInfo> focusedWindow() {
				return Optional.empty();
			}

			@Override
			public List<WindowInfo> list() {
				return List.of(window);
			}

			@Override
			public boolean activate(long windowId, Duration timeout) {
				return false;
			}

		});
	}

}
