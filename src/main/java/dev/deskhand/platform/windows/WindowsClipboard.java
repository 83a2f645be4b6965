// placeholder: the win-windows branch replaces this file
package dev.deskhand.platform.windows;

import java.time.Duration;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.ClipboardDriver;

final class WindowsClipboard implements ClipboardDriver {

	WindowsClipboard() {
	}

	@Override
	public String read(Duration timeout) {
		throw unsupported();
	}

	@Override
	public void write(String text) {
		throw unsupported();
	}

	private static DeskhandException unsupported() {
		return new DeskhandException(ErrorCode.E_UNSUPPORTED, "the clipboard is not implemented on Windows yet");
	}

}
