package dev.deskhand.platform.windows;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.IntUnaryOperator;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.HeldInputs;
import dev.deskhand.platform.KeyboardDriver;
import dev.deskhand.platform.keys.KeyNames;

/**
 * Keyboard input as {@code SendInput} keyboard events: keys by virtual-key code (with
 * {@code KEYEVENTF_EXTENDEDKEY} where Windows needs it and the scan code
 * {@code MapVirtualKeyW} gives), a character key on the layout's own key when it has one
 * that needs no Shift ({@code VkKeyScanW}, the input thread's layout), other characters
 * and all typed text as {@code KEYEVENTF_UNICODE}, which needs no keyboard layout at all.
 * Typing does not lift modifiers held with {@code hold_key} (X11 does): not yet checked
 * what applications make of a {@code VK_PACKET} with Ctrl down.
 */
final class WindowsKeyboardDriver implements KeyboardDriver {

	/**
	 * UTF-16 code units per {@code SendInput} of typed text, between interrupt checks.
	 */
	static final int UNITS_PER_CHUNK = 32;

	private final WindowsInputSink sink;

	private final HeldInputs held;

	private final WindowsInputPlanner planner;

	/**
	 * Held codes of every virtual key pressed since start: release-all asks about them.
	 */
	private final Set<Integer> pressedEver = ConcurrentHashMap.newKeySet();

	private final IntUnaryOperator layoutKeys;

	/**
	 * @param layoutKeys {@code VkKeyScanW}: the keyboard layout's key for a character
	 * (see {@link WindowsKey#of(String, IntUnaryOperator)})
	 */
	WindowsKeyboardDriver(WindowsInputSink sink, HeldInputs held, WindowsInputPlanner planner,
			IntUnaryOperator layoutKeys) {
		this.sink = sink;
		this.held = held;
		this.planner = planner;
		this.layoutKeys = layoutKeys;
	}

	/** Names Windows can press: a virtual key, or a character. */
	@Override
	public boolean isKnownKey(String keyName) {
		return WindowsKey.of(keyName).isPresent();
	}

	private WindowsKey require(String keyName) {
		return WindowsKey.of(keyName, this.layoutKeys)
			.or(() -> KeyNames.resolve(keyName).flatMap((name) -> WindowsKey.of(name, this.layoutKeys)))
			.orElseThrow(() -> DeskhandException.args("unknown key name '" + keyName
					+ "': use an X keysym name such as Control_L, Return, a, F5 or Page_Down"));
	}

	@Override
	public void pressKey(String keyName) {
		WindowsKey key = require(keyName);
		for (int code : WindowsInputPlanner.heldCodes(key)) {
			this.held.keyDown(code);
			if (key instanceof WindowsKey.Virtual) {
				this.pressedEver.add(code);
			}
		}
		this.sink.send(this.planner.key(key, true), "pressing " + keyName);
	}

	@Override
	public void releaseKey(String keyName) {
		WindowsKey key = require(keyName);
		try {
			this.sink.send(this.planner.key(key, false), "releasing " + keyName);
		}
		finally {
			WindowsInputPlanner.heldCodes(key).forEach(this.held::keyUp);
		}
	}

	@Override
	public void typeText(String text) {
		List<List<WindowsInput>> chunks = this.planner.text(text, UNITS_PER_CHUNK);
		int typed = 0;
		for (List<WindowsInput> chunk : chunks) {
			if (Thread.currentThread().isInterrupted()) {
				throw new DeskhandException(ErrorCode.E_TIMEOUT,
						"typing was interrupted after " + typed + " of " + chunks.size() + " chunks");
			}
			this.sink.send(chunk, "typing text");
			typed++;
		}
	}

	/** See {@link WindowsInputPlanner#releaseAll}. */
	Set<Integer> pressedEver() {
		return Set.copyOf(this.pressedEver);
	}

}
