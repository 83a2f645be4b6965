package dev.deskhand.platform;

import java.time.Duration;
import java.util.List;

/**
 * The desktop's clipboard (X11: the CLIPBOARD selection), Unicode both ways. Thread-safe.
 * Nothing blocks forever on a client that never answers.
 */
public interface ClipboardDriver {

	/**
	 * The clipboard's text.
	 * @param timeout how long to wait for the owner to answer
	 * @return the text, or an empty string when the clipboard is empty or holds no text
	 * @throws dev.deskhand.errors.DeskhandException E_TIMEOUT when the owner does not
	 * answer in time
	 */
	String read(Duration timeout);

	/**
	 * The clipboard's text, unless the application that put it there is one of
	 * {@code refusedApps} (the privacy mask's masked apps): then nothing is read. The
	 * owner is asked where the read happens, so the check and the read see the same one.
	 * X11 names the owner (the selection owner's window: its {@code WM_CLASS}, or its
	 * {@code _NET_WM_PID}'s executable, or its client leader's); where the platform does
	 * not say who owns the clipboard (Wayland's data-control protocol names no client;
	 * Windows and macOS here) or the owner names no application, the text is read.
	 * @param refusedApps application names (window class, instance or executable,
	 * case-insensitive)
	 * @throws dev.deskhand.errors.DeskhandException E_NOT_GRANTED naming the application
	 * when its data is on the clipboard
	 */
	default String read(Duration timeout, List<String> refusedApps) {
		return read(timeout);
	}

	/**
	 * Puts text on the clipboard. Deskhand stays the owner and answers other clients'
	 * requests until another client takes ownership.
	 */
	void write(String text);

}
