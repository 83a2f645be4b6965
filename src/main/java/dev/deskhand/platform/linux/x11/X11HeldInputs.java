package dev.deskhand.platform.linux.x11;

import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The keys and buttons this process holds down. Written by the input thread, read and
 * cleared by release-all from any thread, hence concurrent sets.
 */
final class X11HeldInputs {

	private final Set<Integer> keycodes = ConcurrentHashMap.newKeySet();

	private final Set<Integer> buttons = ConcurrentHashMap.newKeySet();

	void keyDown(int keycode) {
		this.keycodes.add(keycode);
	}

	void keyUp(int keycode) {
		this.keycodes.remove(keycode);
	}

	boolean isKeyDown(int keycode) {
		return this.keycodes.contains(keycode);
	}

	void buttonDown(int button) {
		this.buttons.add(button);
	}

	void buttonUp(int button) {
		this.buttons.remove(button);
	}

	Set<Integer> keycodes() {
		return new TreeSet<>(this.keycodes);
	}

	Set<Integer> buttons() {
		return new TreeSet<>(this.buttons);
	}

	void forget(Set<Integer> releasedKeycodes, Set<Integer> releasedButtons) {
		this.keycodes.removeAll(releasedKeycodes);
		this.buttons.removeAll(releasedButtons);
	}

}
