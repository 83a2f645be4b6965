package dev.deskhand.platform.linux.gnome;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import org.springframework.mock.env.MockEnvironment;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * GNOME cannot keep own-seat (mutter offers no second seat): start-up refuses it with a
 * sentence, before anything connects.
 */
class GnomeWorkingModeTests {

	@Test
	void ownSeatIsRefusedAtStartUpWithASentenceNamingWhatWorks() {
		MockEnvironment environment = new MockEnvironment().withProperty("deskhand.working-mode", "own-seat");
		GnomeProperties properties = new GnomeProperties(Duration.ofSeconds(1), null, null, null);
		assertThatThrownBy(() -> new GnomeDriverConfiguration().gnomeDesktopDriver(properties, environment, null))
			.isInstanceOfSatisfying(DeskhandException.class,
					(ex) -> assertThat(ex.code()).isEqualTo(ErrorCode.E_UNSUPPORTED))
			.hasMessageContaining("own-seat cannot be kept on GNOME")
			.hasMessageContaining("use shared here");
	}

}
