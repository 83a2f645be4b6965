package dev.deskhand.platform.linux.gnome;

import java.time.Duration;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.ClipboardDriver;

/**
 * The clipboard where mutter's RemoteDesktop API does not answer (the portal path in a
 * sandbox): the RemoteDesktop portal of Debian 12 (version 1) has no clipboard, so both
 * directions answer E_UNSUPPORTED with the reason.
 */
final class UnavailableClipboard implements ClipboardDriver {

	private final String why;

	UnavailableClipboard(String why) {
		this.why = why;
	}

	@Override
	public String read(Duration timeout) {
		throw new DeskhandException(ErrorCode.E_UNSUPPORTED, this.why);
	}

	@Override
	public void write(String text) {
		throw new DeskhandException(ErrorCode.E_UNSUPPORTED, this.why);
	}

}
