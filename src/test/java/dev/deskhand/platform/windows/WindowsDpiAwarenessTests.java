package dev.deskhand.platform.windows;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import dev.deskhand.platform.PlatformCheck;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The {@code dpi awareness} check from what the calls answered: set or already set, V2 or
 * not, and a sentence on what breaks when it is not.
 */
class WindowsDpiAwarenessTests {

	@ParameterizedTest(name = "{0}")
	@CsvSource(delimiter = '|', textBlock = """
			set at start          | true  | 0   | true  | 2  | true  | PerMonitorV2, set at start
			set by the manifest   | true  | 5   | true  | 2  | true  | set before Deskhand asked, by java.exe
			per-monitor V1        | true  | 5   | false | 2  | true  | (V1)
			system aware          | true  | 5   | false | 1  | false | system DPI aware, not PerMonitorV2
			unaware, set failed   | true  | 87  | false | 0  | false | could not be set (error 87)
			""")
	void reports(String row, boolean available, int setError, boolean v2, int awareness, boolean ok, String words) {
		PlatformCheck check = new WindowsDpiAwareness(available, setError, v2, awareness).check();
		assertThat(check.name()).isEqualTo("dpi awareness");
		assertThat(check.ok()).isEqualTo(ok);
		assertThat(check.detail()).contains(words);
		if (!ok) {
			assertThat(check.detail()).contains("virtualises coordinates").contains("clicks land off target");
		}
	}

	@org.junit.jupiter.api.Test
	void anOldWindowsFails() {
		PlatformCheck check = WindowsDpiAwareness.unavailable().check();
		assertThat(check.ok()).isFalse();
		assertThat(check.detail()).contains("Windows 10 1703");
	}

}
