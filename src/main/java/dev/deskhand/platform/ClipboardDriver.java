package dev.deskhand.platform;

import java.time.Duration;

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
	 * Puts text on the clipboard. Deskhand stays the owner and answers other clients'
	 * requests until another client takes ownership.
	 */
	void write(String text);

}
