package dev.deskhand.platform.macos;

import java.util.List;
import java.util.OptionalInt;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.platform.InputStateSensor;
import dev.deskhand.platform.Point;

/**
 * The failsafe's view: each key's hardware state from
 * {@code CGEventSourceKeyState(kCGEventSourceStateHIDSystemState)} (what the keyboard
 * holds, not what applications were told), and the pointer from an empty event's
 * location. Needs no connection; whether it needs the Input Monitoring permission is not
 * known ({@link MacInputMonitoring}), so the self-test presses the chord and checks that
 * this sees it. Thread-safe.
 */
final class MacInputSensor implements InputStateSensor {

	@Override
	public boolean isHeld(List<String> keyNames) {
		for (String name : keyNames) {
			OptionalInt code = MacKeyCodes.code(name);
			if (code.isEmpty()) {
				throw DeskhandException.args("no key named '" + name + "' on a Mac keyboard");
			}
			if (!MacEvents.isDown(code.getAsInt())) {
				return false;
			}
		}
		return true;
	}

	private final MacDisplayDriver displays;

	MacInputSensor(MacDisplayDriver displays) {
		this.displays = displays;
	}

	@Override
	public Point pointerPosition() {
		return this.displays.pointerPosition();
	}

	@Override
	public void close() {
	}

}
