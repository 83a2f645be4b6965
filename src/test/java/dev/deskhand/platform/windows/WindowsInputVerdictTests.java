package dev.deskhand.platform.windows;

import java.util.Optional;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import dev.deskhand.errors.DeskhandException;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What a refused {@code SendInput} and the input desktop mean, as a table: sent,
 * inserted, last error, the desktop (opened or not, its name), the integrity levels → the
 * error code, or none, and words the message must hold.
 */
class WindowsInputVerdictTests {

	@ParameterizedTest(name = "{0}")
	@CsvSource(delimiter = '|', nullValues = "-", textBlock = """
			all inserted                   | 3 | 3 | 0 | Default  | 0  | 8192 | 8192  | -            | -
			all inserted, locked later     | 3 | 3 | 5 | Winlogon | 0  | 8192 | 12288 | -            | -
			UIPI by last error             | 3 | 0 | 5 | Default  | 0  | 8192 | -1    | E_DENIED     | UIPI
			UIPI by integrity, no error    | 2 | 0 | 0 | Default  | 0  | 8192 | 12288 | E_DENIED     | administrator
			secure desktop, access denied  | 2 | 0 | 5 | Winlogon | 0  | 8192 | -1    | E_NO_DESKTOP | locked
			desktop cannot be opened       | 2 | 0 | 5 | -        | 5  | 8192 | -1    | E_NO_DESKTOP | error 5
			desktop lowercase default      | 2 | 0 | 5 | default  | 0  | 8192 | 8192  | E_DENIED     | UIPI
			screen saver desktop           | 1 | 0 | 0 | Screen-saver | 0 | 8192 | -1 | E_NO_DESKTOP | Screen-saver
			short for another reason       | 4 | 2 | 87 | Default | 0  | 8192 | 8192  | E_FAIL       | 2 of 4
			same level is no UIPI          | 1 | 0 | 0 | Default  | 0  | 12288 | 12288 | E_FAIL      | error 0
			unknown levels are no UIPI     | 1 | 0 | 0 | Default  | 0  | -1   | 12288 | E_FAIL       | error 0
			""")
	void decides(String row, int sent, int inserted, int lastError, String desktopName, int desktopError, int own,
			int foreground, String code, String words) {
		WindowsInputDesktop desktop = (desktopName != null) ? WindowsInputDesktop.named(desktopName)
				: WindowsInputDesktop.failed(desktopError);
		Optional<DeskhandException> verdict = WindowsInputVerdict.afterSend("typing text", sent, inserted, lastError,
				desktop, new WindowsIntegrity(own, foreground, "regedit.exe"));
		if (code == null) {
			assertThat(verdict).isEmpty();
			return;
		}
		assertThat(verdict).get().satisfies((ex) -> {
			assertThat(ex.code().name()).isEqualTo(code);
			assertThat(ex.getMessage()).contains(words);
		});
	}

	@ParameterizedTest(name = "{0}")
	@CsvSource(nullValues = "-", value = { "Default, -", "DEFAULT, -", "Winlogon, E_NO_DESKTOP",
			"Screen-saver, E_NO_DESKTOP", "-, E_NO_DESKTOP" })
	void theDesktopIsCheckedBeforeInputAndCapture(String name, String code) {
		WindowsInputDesktop desktop = (name != null) ? WindowsInputDesktop.named(name) : WindowsInputDesktop.failed(5);
		Optional<DeskhandException> verdict = WindowsInputVerdict.desktop(desktop);
		assertThat(verdict.map((ex) -> ex.code().name()).orElse(null)).isEqualTo(code);
		verdict.ifPresent((ex) -> assertThat(ex.getMessage())
			.startsWith("the workstation is locked or a secure desktop (UAC prompt, Ctrl+Alt+Del) is showing"));
	}

	@org.junit.jupiter.api.Test
	void theUipiMessageNamesTheProgramInFrontAndWhatToDo() {
		DeskhandException ex = WindowsInputVerdict
			.afterSend("clicking", 3, 0, 5, WindowsInputDesktop.named("Default"),
					new WindowsIntegrity(WindowsIntegrity.MEDIUM, WindowsIntegrity.HIGH, "regedit.exe"))
			.orElseThrow();
		assertThat(ex.getMessage()).contains("while clicking")
			.contains("(regedit.exe, high integrity)")
			.contains("running as administrator")
			.contains("Windows (UIPI) blocks input to it from Deskhand, which runs without elevation")
			.contains("run that program without elevation");
	}

}
