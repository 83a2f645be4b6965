package dev.deskhand.platform.linux.kde;

import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.DesktopDriver;
import dev.deskhand.platform.DesktopDriverContractTests;
import dev.deskhand.testing.DriverWitness;
import dev.deskhand.testing.KwinDriverWitness;
import dev.deskhand.testing.KwinSession;
import dev.deskhand.testing.MixedText;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The driver contract on KDE: the shared headless KWin (Virtual-0 and Virtual-1, 1280x800
 * each at scale 1), the KDE driver as Deskhand builds it, and the GTK witnesses on both
 * outputs, placed by KWin window rules and read back through {@link KwinDriverWitness}.
 * <p>
 * Typing is narrowed to printable ASCII: KWin's fake input presses keys of KWin's own
 * keymap (the rig's is US English), so the mixed Unicode text of the other desktops
 * cannot be typed here; {@link #textTheLayoutLacksIsRefusedAndNothingIsTyped} proves the
 * refusal instead.
 */
class KdeDriverContractLiveTests extends DesktopDriverContractTests {

	@Override
	protected DesktopDriver openDriver() {
		return KdeDesktopDriver.connect(KwinSession.shared().environment(), Duration.ofSeconds(10));
	}

	@Override
	protected DriverWitness openWitness() {
		return KwinDriverWitness.open(KwinSession.shared(), KwinSession.WITNESS_APP_ID);
	}

	@Override
	protected List<DriverWitness> openOtherWitnesses() {
		return List.of(KwinDriverWitness.open(KwinSession.shared(), KwinSession.WITNESS2_APP_ID));
	}

	// fake input types at the Wayland keyboard's pace: 600 characters were sent before
	// the
	// first observation (a whole-output capture) ended, in 1 of 3 runs
	@Override
	protected int longTypingLength() {
		return 2000;
	}

	@Override
	protected String typedText(int codePoints, long seed) {
		return MixedText.ascii(codePoints, seed);
	}

	@Override
	protected String textAfterReset() {
		return "after reset: ok!";
	}

	@Test
	void textTheLayoutLacksIsRefusedAndNothingIsTyped() {
		witness().focus();
		witness().reset();
		String mixed = MixedText.of(50, 20261207);
		assertThatThrownBy(() -> driver().keyboard().typeText("abc " + mixed))
			.isInstanceOfSatisfying(DeskhandException.class,
					(ex) -> assertThat(ex.code()).isEqualTo(ErrorCode.E_UNSUPPORTED))
			.hasMessageContaining("nothing was typed");
		driver().keyboard().typeText("done");
		awaitWitness("only the text typed after the refusal", witness()::text, "done"::equals);
	}

}
