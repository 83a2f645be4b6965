package dev.deskhand.platform;

import com.sun.jna.Library;
import com.sun.jna.Native;
import org.junit.jupiter.api.Test;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class NativeLibrariesTests {

	interface Missing extends Library {

	}

	@Test
	void aLibraryThatJnaCannotFindIsNoDesktopWithWhatToInstall() {
		assertThatExceptionOfType(DeskhandException.class).isThrownBy(() -> NativeLibraries.require("the test library",
				"install libdeskhand-missing", () -> Native.load("deskhand-no-such-library", Missing.class)))
			.satisfies((ex) -> {
				assertThat(ex.code()).isEqualTo(ErrorCode.E_NO_DESKTOP);
				assertThat(ex.getMessage()).startsWith("cannot load the test library (")
					.contains("deskhand-no-such-library")
					.endsWith("; install libdeskhand-missing");
				assertThat(ex.getCause()).isInstanceOf(UnsatisfiedLinkError.class);
			});
	}

	@Test
	void aMappingWhoseInitializerFailedIsTheSameSentenceWithTheCodeAsked() {
		assertThatExceptionOfType(DeskhandException.class)
			.isThrownBy(() -> NativeLibraries.load(ErrorCode.E_UNSUPPORTED, "the frameworks", "upgrade macOS", () -> {
				throw new NoClassDefFoundError("Could not initialize class CoreGraphics");
			}))
			.satisfies((ex) -> {
				assertThat(ex.code()).isEqualTo(ErrorCode.E_UNSUPPORTED);
				assertThat(ex.getMessage())
					.isEqualTo("cannot load the frameworks (Could not initialize class CoreGraphics); upgrade macOS");
			});
	}

	@Test
	void whatLoadsIsReturned() {
		assertThat(NativeLibraries.require("libc", "install libc", () -> "loaded")).isEqualTo("loaded");
	}

}
