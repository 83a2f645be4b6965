package dev.deskhand.platform.windows;

import java.util.List;
import java.util.function.IntPredicate;
import java.util.function.Supplier;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.platform.InputStateSensor;
import dev.deskhand.platform.Point;

/**
 * The failsafe's view: {@code GetAsyncKeyState} (high bit: down now) for each key of the
 * chord by its sided virtual key ({@code VK_LCONTROL}, not {@code VK_CONTROL}), and
 * {@code GetCursorPos}. Both read system-wide state without a connection, so the sensor
 * shares nothing with the input thread and a stuck {@code SendInput} cannot hide the
 * chord. While a secure desktop is in front, Windows reports no keys down to Deskhand.
 */
final class WindowsInputSensor implements InputStateSensor {

	private final IntPredicate keyDown;

	private final Supplier<Point> pointer;

	private volatile Point last = new Point(0, 0);

	/**
	 * @param keyDown whether a virtual key is down ({@code GetAsyncKeyState < 0})
	 * @param pointer the pointer position; may throw while no desktop is reachable
	 */
	WindowsInputSensor(IntPredicate keyDown, Supplier<Point> pointer) {
		this.keyDown = keyDown;
		this.pointer = pointer;
	}

	@Override
	public boolean isHeld(List<String> keyNames) {
		if (keyNames == null || keyNames.isEmpty()) {
			throw DeskhandException.args("a chord needs at least one key");
		}
		int[] codes = new int[keyNames.size()];
		for (int i = 0; i < codes.length; i++) {
			String name = keyNames.get(i);
			codes[i] = VirtualKeys.code(name)
				.orElseThrow(() -> DeskhandException.args("unknown key name '" + name
						+ "' for the failsafe: use a key with a virtual-key code, such as Control_L, Alt_L or Escape"));
		}
		for (int code : codes) {
			if (!this.keyDown.test(code)) {
				return false;
			}
		}
		return true;
	}

	/** The last position Windows reported, when it reports none (a secure desktop). */
	@Override
	public Point pointerPosition() {
		try {
			this.last = this.pointer.get();
		}
		catch (DeskhandException ex) {
			// keep the last one: the failsafe's corner check must not die of a lock
			// screen
		}
		return this.last;
	}

	@Override
	public void close() {
	}

}
