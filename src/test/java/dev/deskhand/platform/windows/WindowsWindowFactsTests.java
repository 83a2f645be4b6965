package dev.deskhand.platform.windows;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import dev.deskhand.platform.Rect;
import dev.deskhand.platform.WindowInfo;

import static org.assertj.core.api.Assertions.assertThat;

/** What a listed window reports, from recorded facts. */
class WindowsWindowFactsTests {

	private static final Rect FRAME = new Rect(-1913, 80, 800, 600);

	private static final Rect CLIENT = new Rect(-1912, 111, 798, 568);

	@Test
	void aWindowReportsItsExecutableAsTheAppAndItsClassAsTheInstance() {
		WindowInfo info = facts("C:\\Windows\\System32\\notepad.exe", false).info(true);

		assertThat(info.id()).isEqualTo(0x2A0B3C);
		assertThat(info.title()).isEqualTo("Untitled - Notepad");
		assertThat(info.appClass()).isEqualTo("notepad");
		assertThat(info.appInstance()).isEqualTo("Notepad");
		assertThat(info.executable()).isEqualTo("notepad.exe");
		assertThat(info.pid()).isEqualTo(4711);
		assertThat(info.focused()).isTrue();
	}

	@ParameterizedTest
	@ValueSource(strings = { "notepad", "Notepad", "NOTEPAD", "notepad.exe", "Notepad.exe", "NOTEPAD.EXE" })
	void usersNameNotepadAnyWay(String name) {
		assertThat(facts("C:\\Windows\\System32\\notepad.exe", false).info(false).belongsTo(name)).isTrue();
		// Windows 11's Store Notepad: a capitalised executable deep in WindowsApps
		assertThat(facts("C:\\Program Files\\WindowsApps\\Microsoft.WindowsNotepad_11.2409.9.0_x64__8wekyb3d8bbwe"
				+ "\\Notepad\\Notepad.exe", false)
			.info(false)
			.belongsTo(name)).isTrue();
	}

	@Test
	void anotherApplicationDoesNotMatch() {
		WindowInfo info = facts("C:\\Windows\\System32\\notepad.exe", false).info(false);
		assertThat(info.belongsTo("notepad++")).isFalse();
		assertThat(info.belongsTo("note")).isFalse();
		assertThat(info.belongsTo("System32")).isFalse();
	}

	@Test
	void aProcessThatCannotBeOpenedLeavesTheAppEmptyButTheClassMatches() {
		WindowInfo info = facts("", false).info(false);
		assertThat(info.appClass()).isEmpty();
		assertThat(info.executable()).isEmpty();
		assertThat(info.belongsTo("Notepad")).isTrue();
		assertThat(info.belongsTo("")).as("an empty name matches the empty app: WindowInfo's own rule").isTrue();
	}

	@Test
	void boundsAreTheClientAreaElseTheFrameAndNoneWhenMinimised() {
		assertThat(facts("C:\\a.exe", false).bounds()).isEqualTo(CLIENT);
		WindowsWindowFacts frameOnly = new WindowsWindowFacts(1, "C", "", 0, 0, 0, 0, true, false, FRAME, null, 1,
				"C:\\a.exe");
		assertThat(frameOnly.bounds()).isEqualTo(FRAME);
		assertThat(facts("C:\\a.exe", true).bounds()).as("parked at -32000, -32000").isNull();
		assertThat(facts("C:\\a.exe", true).info(false).bounds()).isNull();
	}

	@ParameterizedTest(name = "{0},{1},{2},{3} -> {4}")
	@CsvSource(delimiter = '|', nullValues = "-", textBlock = """
			0     | 0   | 1920  | 1080 | 0,0 1920x1080
			-1920 | -80 | 0     | 1000 | -1920,-80 1920x1080
			-32000| -32000| -31840 | -31972 | -32000,-32000 160x28
			10    | 10  | 10    | 50   | -
			10    | 10  | 5     | 50   | -
			10    | 10  | 50    | 10   | -
			""")
	void rectEdgesBecomeRectanglesOrNothing(int left, int top, int right, int bottom, String expected) {
		Rect rect = WindowsWindowFacts.edges(left, top, right, bottom);
		if (expected == null) {
			assertThat(rect).isNull();
		}
		else {
			assertThat(rect.x() + "," + rect.y() + " " + rect.width() + "x" + rect.height()).isEqualTo(expected);
		}
	}

	@ParameterizedTest(name = "{0} -> {1}, {2}")
	@CsvSource(delimiter = '|', textBlock = """
			C:\\Windows\\System32\\notepad.exe    | notepad.exe    | notepad
			C:\\Program Files\\App\\Code.EXE      | Code.EXE       | Code
			\\\\?\\C:\\very\\long\\path\\tool.exe | tool.exe       | tool
			D:/mixed/slashes/app.exe              | app.exe        | app
			C:\\Tools\\runner.com                 | runner.com     | runner.com
			calc.exe                              | calc.exe       | calc
			""")
	void fileAndBaseNames(String path, String fileName, String baseName) {
		assertThat(WindowsWindowFacts.fileName(path)).isEqualTo(fileName);
		assertThat(WindowsWindowFacts.baseName(fileName)).isEqualTo(baseName);
	}

	private static WindowsWindowFacts facts(String executablePath, boolean iconic) {
		return new WindowsWindowFacts(0x2A0B3C, "Notepad", "Untitled - Notepad", 0x14CF0000, 0x100, 0, 0, true, iconic,
				iconic ? new Rect(-32000, -32000, 160, 28) : FRAME, iconic ? null : CLIENT, 4711, executablePath);
	}

}
