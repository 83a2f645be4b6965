package dev.deskhand.platform;

import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The keys and buttons this process holds down, by the driver's own codes (X keycodes,
 * evdev codes, virtual keys). Written by the input thread, read and cleared by
 * release-all from any thread, hence concurrent sets.
 */
public final class HeldInputs {

	private final Set<Integer> keycodes = ConcurrentHashMap.newKeySet();

	private final Set<Integer> buttons = ConcurrentHashMap.newKeySet();

	public void keyDown(int keycode) {
		this.keycodes.add(keycode);
	}

	public void keyUp(int keycode) {
		this.keycodes.remove(keycode);
	}

	public boolean isKeyDown(int keycode) {
		return this.keycodes.contains(keycode);
	}

	public void buttonDown(int button) {
		this.buttons.add(button);
	}

	public void buttonUp(int button) {
		this.buttons.remove(button);
	}

	public Set<Integer> keycodes() {
		return new TreeSet<>(this.keycodes);
	}

	public Set<Integer> buttons() {
		return new TreeSet<>(this.buttons);
	}

	public void forget(Set<Integer> releasedKeycodes, Set<Integer> releasedButtons) {
		this.keycodes.removeAll(releasedKeycodes);
		this.buttons.removeAll(releasedButtons);
	}

}
