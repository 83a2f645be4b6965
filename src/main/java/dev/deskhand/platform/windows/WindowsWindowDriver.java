// placeholder: the win-windows branch replaces this file
package dev.deskhand.platform.windows;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.WindowDriver;
import dev.deskhand.platform.WindowInfo;

final class WindowsWindowDriver implements WindowDriver {

	WindowsWindowDriver() {
	}

	@Override
	public Optional<WindowInfo> focusedWindow() {
		throw unsupported();
	}

	@Override
	public List<WindowInfo> list() {
		throw unsupported();
	}

	@Override
	public boolean activate(long windowId, Duration timeout) {
		throw unsupported();
	}

	private static DeskhandException unsupported() {
		return new DeskhandException(ErrorCode.E_UNSUPPORTED, "windows are not implemented on Windows yet");
	}

}
