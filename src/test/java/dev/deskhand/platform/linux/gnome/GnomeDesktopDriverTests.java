package dev.deskhand.platform.linux.gnome;

import dev.deskhand.platform.linux.TextOutsideLayout;
import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * What start-up says when the GNOME driver cannot reach the session: a sentence an
 * operator can act on, {@code E_NO_DESKTOP}, never a D-Bus stack trace.
 */
class GnomeDesktopDriverTests {

	private static final Duration TIMEOUT = Duration.ofSeconds(2);

	@Test
	void withoutTheSessionsVariablesItSaysWhichAreMissing() {
		assertThatThrownBy(() -> GnomeDesktopDriver.connect(Map.of("XDG_RUNTIME_DIR", "/run/user/1000"), TIMEOUT,
				TextOutsideLayout.REFUSE))
			.isInstanceOfSatisfying(DeskhandException.class,
					(ex) -> assertThat(ex.code()).isEqualTo(ErrorCode.E_NO_DESKTOP))
			.hasMessageContaining("DBUS_SESSION_BUS_ADDRESS and XDG_RUNTIME_DIR must be the session's");
	}

	@Test
	void aBusThatIsNotThereIsNamed() {
		assertThatThrownBy(() -> GnomeDesktopDriver.connect(Map.of("DBUS_SESSION_BUS_ADDRESS",
				"unix:path=/nonexistent/deskhand-bus", "XDG_RUNTIME_DIR", "/nonexistent"), TIMEOUT,
				TextOutsideLayout.REFUSE))
			.isInstanceOfSatisfying(DeskhandException.class,
					(ex) -> assertThat(ex.code()).isEqualTo(ErrorCode.E_NO_DESKTOP))
			.hasMessageStartingWith("Deskhand cannot drive the GNOME session on unix:path=/nonexistent/deskhand-bus");
	}

}
