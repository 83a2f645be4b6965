package dev.deskhand.platform.windows;

import java.util.Optional;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;

/**
 * Decides what a refused or partial {@code SendInput}, or an input desktop that is not
 * the user's, means for the agent: the facts in, the error (or none) out, so that every
 * case is a row of a table test.
 *
 * <p>
 * {@code SendInput} returns how many events it inserted. Microsoft documents that UIPI
 * blocks input to a window of a higher integrity level (a program run as administrator)
 * without saying so in the return value or the last error; in practice it returns 0 with
 * {@code ERROR_ACCESS_DENIED}, which a secure desktop also causes. So the desktop is
 * asked first, and a refusal counts as UIPI when the last error says access denied or the
 * window in front has a higher integrity level than Deskhand.
 */
final class WindowsInputVerdict {

	static final int ERROR_ACCESS_DENIED = 5;

	static final String NO_DESKTOP = "the workstation is locked or a secure desktop (UAC prompt, Ctrl+Alt+Del)"
			+ " is showing";

	private WindowsInputVerdict() {
	}

	/**
	 * @return E_NO_DESKTOP when input or capture cannot reach the user's desktop now
	 */
	static Optional<DeskhandException> desktop(WindowsInputDesktop desktop) {
		if (desktop.isUsers()) {
			return Optional.empty();
		}
		String found = desktop.opened() ? "input goes to the desktop '" + desktop.name() + "'"
				: "the input desktop cannot be opened (error " + desktop.error() + ")";
		return Optional.of(new DeskhandException(ErrorCode.E_NO_DESKTOP, NO_DESKTOP + ": " + found
				+ "; Deskhand cannot see or operate it until the user unlocks the workstation or answers the prompt"));
	}

	/**
	 * @param what what was being done, e.g. {@code typing text}
	 * @param sent how many events were passed
	 * @param inserted what {@code SendInput} returned
	 * @param lastError {@code GetLastError()} right after it
	 * @param desktop the input desktop, read after the refusal
	 * @param integrity Deskhand's and the foreground window's integrity levels
	 */
	static Optional<DeskhandException> afterSend(String what, int sent, int inserted, int lastError,
			WindowsInputDesktop desktop, WindowsIntegrity integrity) {
		if (inserted >= sent) {
			return Optional.empty();
		}
		Optional<DeskhandException> noDesktop = desktop(desktop);
		if (noDesktop.isPresent()) {
			return noDesktop;
		}
		if (lastError == ERROR_ACCESS_DENIED || integrity.foregroundIsHigher()) {
			return Optional.of(new DeskhandException(ErrorCode.E_DENIED, "Windows refused the input while " + what
					+ ": the window in front" + integrity.foregroundDescription()
					+ " belongs to a program running as administrator (or at a higher integrity level); Windows"
					+ " (UIPI) blocks input to it from Deskhand, which runs without elevation. Bring another window"
					+ " to the front, run that program without elevation, or run Deskhand elevated if you accept"
					+ " that it can then operate elevated programs"));
		}
		return Optional.of(new DeskhandException(ErrorCode.E_FAIL, "Windows inserted " + inserted + " of " + sent
				+ " input events while " + what + " (error " + lastError + ")"));
	}

}
