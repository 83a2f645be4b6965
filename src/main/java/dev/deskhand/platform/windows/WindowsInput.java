package dev.deskhand.platform.windows;

/**
 * One {@code INPUT} for {@code SendInput}, as the planner builds it and the tests read
 * it.
 */
sealed interface WindowsInput {

	/** {@code INPUT_MOUSE} with its {@code MOUSEINPUT}. */
	record Mouse(int dx, int dy, int mouseData, int flags) implements WindowsInput {
	}

	/** {@code INPUT_KEYBOARD} with its {@code KEYBDINPUT}. */
	record Key(int virtualKey, int scanCode, int flags) implements WindowsInput {

		boolean isUp() {
			return (this.flags & WindowsInputPlanner.KEYEVENTF_KEYUP) != 0;
		}

	}

}
