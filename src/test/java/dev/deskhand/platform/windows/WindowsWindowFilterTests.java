package dev.deskhand.platform.windows;

import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import dev.deskhand.platform.Rect;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Alt+Tab rules over recorded window facts: each rule, and the exceptions that keep a
 * window listed. The classes and styles are those of real windows (Spy++ values).
 */
class WindowsWindowFilterTests {

	private static final int WS_OVERLAPPEDWINDOW = 0x00CF0000;

	private static final int WS_EX_WINDOWEDGE = 0x00000100;

	private static final Rect FRAME = new Rect(100, 80, 800, 600);

	private static final Rect CLIENT = new Rect(108, 111, 784, 561);

	@ParameterizedTest(name = "{0}")
	@CsvSource(delimiter = '|', nullValues = "-",
			textBlock = """
					# case                                   | class                  | exStyle    | owner | cloaked | visible | iconic | frame | excluded
					a plain application window               | Notepad                | 0x00000100 | 0     | 0       | true    | false  | true  | -
					hidden                                   | Notepad                | 0x00000100 | 0     | 0       | false   | false  | true  | hidden
					the desktop                              | Progman                | 0x00000000 | 0     | 0       | true    | false  | true  | shell
					a wallpaper layer                        | WorkerW                | 0x00000000 | 0     | 0       | true    | false  | true  | shell
					the taskbar, even as an app window       | Shell_TrayWnd          | 0x00040000 | 0     | 0       | true    | false  | true  | shell
					a second monitor's taskbar               | Shell_SecondaryTrayWnd | 0x00000080 | 0     | 0       | true    | false  | true  | shell
					a suspended UWP app (cloaked by shell)   | ApplicationFrameWindow | 0x00200100 | 0     | 2       | true    | false  | true  | cloaked
					on another virtual desktop (app bit)     | Notepad                | 0x00000100 | 0     | 1       | true    | false  | true  | cloaked
					cloaked with its owner (inherited)       | Notepad                | 0x00000100 | 0     | 4       | true    | false  | true  | cloaked
					a tool window                            | ToolPalette            | 0x00000080 | 0     | 0       | true    | false  | true  | tool window
					a tool window that asks for a button     | ToolPalette            | 0x00040080 | 0     | 0       | true    | false  | true  | -
					an owned dialog                          | #32770                 | 0x00000101 | 4242  | 0       | true    | false  | true  | owned
					an owned window that asks for a button   | #32770                 | 0x00040101 | 4242  | 0       | true    | false  | true  | -
					an owned tool window with APPWINDOW      | ToolPalette            | 0x00040080 | 4242  | 0       | true    | false  | true  | -
					no pixels                                | Helper                 | 0x00000000 | 0     | 0       | true    | false  | false | empty
					minimised: listed, however its rect      | Notepad                | 0x00000100 | 0     | 0       | true    | true   | false | -
					minimised but cloaked                    | Notepad                | 0x00000100 | 0     | 1       | true    | true   | true  | cloaked
					""")
	void eachRuleAndItsExceptions(String description, String className, String exStyle, long owner, int cloaked,
			boolean visible, boolean iconic, boolean hasFrame, String excluded) {
		WindowsWindowFacts window = new WindowsWindowFacts(0x10010, className, description, WS_OVERLAPPEDWINDOW,
				Integer.decode(exStyle), owner, cloaked, visible, iconic, hasFrame ? FRAME : null,
				hasFrame ? CLIENT : null, 4711, "C:\\Windows\\System32\\notepad.exe");
		assertThat(WindowsWindowFilter.exclusion(window)).as(description).isEqualTo(Optional.ofNullable(excluded));
	}

	@Test
	void theStackIsReversedToBottomFirstAndKeepsOnlyListedWindows() {
		// EnumWindows answers top of the Z-order first
		WindowsWindowFacts top = window(0x30, "Notepad", 0);
		WindowsWindowFacts hiddenHelper = new WindowsWindowFacts(0x20, "", "", 0, 0, 0, 0, false, false, null, null, 0,
				"");
		WindowsWindowFacts middle = window(0x18, "Chrome_WidgetWin_1", 0);
		WindowsWindowFacts cloaked = window(0x14, "ApplicationFrameWindow", 2);
		WindowsWindowFacts bottom = window(0x12, "CabinetWClass", 0);
		WindowsWindowFacts desktop = window(0x10, "Progman", 0);

		List<WindowsWindowFacts> stack = WindowsWindowFilter
			.stack(List.of(top, hiddenHelper, middle, cloaked, bottom, desktop));

		assertThat(stack).containsExactly(bottom, middle, top);
	}

	@Test
	void theShellIsRecognisedByItsClassNameExactly() {
		assertThat(WindowsWindowFilter.isShell(window(1, "Progman", 0))).isTrue();
		assertThat(WindowsWindowFilter.isShell(window(1, "Shell_TrayWnd", 0))).isTrue();
		assertThat(WindowsWindowFilter.isShell(window(1, "progman", 0))).as("class names as registered").isFalse();
		assertThat(WindowsWindowFilter.isShell(window(1, "Notepad", 0))).isFalse();
	}

	private static WindowsWindowFacts window(long hwnd, String className, int cloaked) {
		return new WindowsWindowFacts(hwnd, className, "", WS_OVERLAPPEDWINDOW, WS_EX_WINDOWEDGE, 0, cloaked, true,
				false, FRAME, CLIENT, 1, "C:\\x.exe");
	}

}
