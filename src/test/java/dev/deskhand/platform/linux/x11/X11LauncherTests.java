package dev.deskhand.platform.linux.x11;

import java.io.File;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class X11LauncherTests {

	@Test
	void programsGoToTheDrivenDisplayWithNoInputAndNoOutput() {
		ProcessBuilder builder = X11Launcher.builder(":261", List.of("xterm", "-T", "t"));
		assertThat(builder.command()).containsExactly("xterm", "-T", "t");
		assertThat(builder.environment()).containsEntry("DISPLAY", ":261").doesNotContainKey("WAYLAND_DISPLAY");
		assertThat(builder.redirectInput().file()).isEqualTo(new File("/dev/null"));
		assertThat(builder.redirectOutput()).isEqualTo(ProcessBuilder.Redirect.DISCARD);
		assertThat(builder.redirectError()).isEqualTo(ProcessBuilder.Redirect.DISCARD);
		// everything else comes from the service's own environment
		System.getenv()
			.entrySet()
			.stream()
			.filter((variable) -> !List.of("DISPLAY", "WAYLAND_DISPLAY").contains(variable.getKey()))
			.forEach((variable) -> assertThat(builder.environment()).contains(variable));
	}

	@Test
	void aProgramThatDoesNotExistIsNotFound() {
		assertThatExceptionOfType(DeskhandException.class)
			.isThrownBy(() -> X11Launcher.start(":261", List.of("/no/such/program", "--flag")))
			.satisfies((ex) -> assertThat(ex.code()).isEqualTo(ErrorCode.E_NOT_FOUND))
			.withMessageStartingWith("cannot start /no/such/program: ");
		assertThatExceptionOfType(DeskhandException.class).isThrownBy(() -> X11Launcher.start(":261", List.of()))
			.satisfies((ex) -> assertThat(ex.code()).isEqualTo(ErrorCode.E_ARGS));
	}

}
