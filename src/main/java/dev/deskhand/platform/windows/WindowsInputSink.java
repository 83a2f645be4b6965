package dev.deskhand.platform.windows;

import java.util.List;

/**
 * Where planned input goes: {@link WindowsInputSender} on Windows, a recorder in tests.
 */
interface WindowsInputSink {

	/**
	 * Sends the events as one {@code SendInput} call, which Windows inserts into the
	 * input stream without interleaving other input.
	 * @param what what is being done, for the error, e.g. {@code typing text}
	 * @throws dev.deskhand.errors.DeskhandException E_NO_DESKTOP, E_DENIED (UIPI) or
	 * E_FAIL as {@link WindowsInputVerdict} decides
	 */
	void send(List<WindowsInput> events, String what);

}
