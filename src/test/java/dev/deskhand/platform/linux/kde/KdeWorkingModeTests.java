package dev.deskhand.platform.linux.kde;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import org.springframework.mock.env.MockEnvironment;

import dev.deskhand.platform.linux.TextOutsideLayout;
import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * KDE Plasma cannot keep own-seat (KWin's fake input drives the person's pointer and
 * focus): start-up refuses it with a sentence, before anything connects.
 */
class KdeWorkingModeTests {

	@Test
	void ownSeatIsRefusedAtStartUpWithASentenceNamingWhatWorks() {
		MockEnvironment environment = new MockEnvironment().withProperty("deskhand.working-mode", "own-seat");
		assertThatThrownBy(() -> new KdeDriverConfiguration()
			.kdeDesktopDriver(new KdeProperties(Duration.ofSeconds(1), TextOutsideLayout.REFUSE), environment))
			.isInstanceOfSatisfying(DeskhandException.class,
					(ex) -> assertThat(ex.code()).isEqualTo(ErrorCode.E_UNSUPPORTED))
			.hasMessageContaining("own-seat cannot be kept on KDE Plasma")
			.hasMessageContaining("use shared here");
	}

}
