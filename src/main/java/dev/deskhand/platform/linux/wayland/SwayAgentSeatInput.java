package dev.deskhand.platform.linux.wayland;

import dev.deskhand.platform.KeyboardDriver;
import dev.deskhand.platform.MouseButton;
import dev.deskhand.platform.Point;
import dev.deskhand.platform.PointerDriver;
import dev.deskhand.platform.ScrollDirection;

/**
 * The driver's pointer and keyboard in own-seat ({@link SwayAgentSeat}): nothing goes out
 * before the devices are known to be on the agent's seat (one GET_SEATS per action), a
 * press of the agent's pointer chooses what the agent's seat focuses, and a key goes out
 * only when the seat's focus is the agent's choice. Releases always go out: nothing may
 * stay held.
 */
final class SwayAgentSeatInput {

	private SwayAgentSeatInput() {
	}

	static PointerDriver pointer(PointerDriver pointer, SwayAgentSeat seat) {
		return new PointerDriver() {

			@Override
			public void moveTo(int x, int y) {
				seat.requireOwnDevices();
				pointer.moveTo(x, y);
			}

			@Override
			public void press(MouseButton button) {
				seat.requireOwnDevices();
				seat.clicked();
				pointer.press(button);
			}

			@Override
			public void release(MouseButton button) {
				pointer.release(button);
			}

			@Override
			public void click(Point at, MouseButton button) {
				seat.requireOwnDevices();
				seat.clicked();
				pointer.click(at, button);
			}

			@Override
			public void scroll(ScrollDirection direction, int clicks) {
				seat.requireOwnDevices();
				pointer.scroll(direction, clicks);
			}

		};
	}

	static KeyboardDriver keyboard(KeyboardDriver keyboard, SwayAgentSeat seat) {
		return new KeyboardDriver() {

			@Override
			public boolean isKnownKey(String keyName) {
				return keyboard.isKnownKey(keyName);
			}

			@Override
			public String selectAllChord() {
				return keyboard.selectAllChord();
			}

			@Override
			public void pressKey(String keyName) {
				seat.requireTypingFocus(seat.requireOwnDevices());
				keyboard.pressKey(keyName);
			}

			@Override
			public void releaseKey(String keyName) {
				keyboard.releaseKey(keyName);
			}

			@Override
			public void typeText(String text) {
				seat.requireTypingFocus(seat.requireOwnDevices());
				keyboard.typeText(text);
			}

		};
	}

}
