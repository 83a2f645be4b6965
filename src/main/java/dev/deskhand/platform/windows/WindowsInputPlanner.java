package dev.deskhand.platform.windows;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.IntPredicate;
import java.util.function.IntUnaryOperator;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.platform.MouseButton;
import dev.deskhand.platform.Point;
import dev.deskhand.platform.ScrollDirection;

/**
 * Builds the {@code INPUT} events of every pointer and keyboard action, so that what is
 * sent can be checked without Windows; {@link WindowsInputSender} only sends them. Flag
 * values are winuser.h's.
 */
final class WindowsInputPlanner {

	static final int MOUSEEVENTF_MOVE = 0x0001;

	static final int MOUSEEVENTF_LEFTDOWN = 0x0002;

	static final int MOUSEEVENTF_LEFTUP = 0x0004;

	static final int MOUSEEVENTF_RIGHTDOWN = 0x0008;

	static final int MOUSEEVENTF_RIGHTUP = 0x0010;

	static final int MOUSEEVENTF_MIDDLEDOWN = 0x0020;

	static final int MOUSEEVENTF_MIDDLEUP = 0x0040;

	static final int MOUSEEVENTF_WHEEL = 0x0800;

	static final int MOUSEEVENTF_HWHEEL = 0x1000;

	static final int MOUSEEVENTF_VIRTUALDESK = 0x4000;

	static final int MOUSEEVENTF_ABSOLUTE = 0x8000;

	static final int KEYEVENTF_EXTENDEDKEY = 0x0001;

	static final int KEYEVENTF_KEYUP = 0x0002;

	static final int KEYEVENTF_UNICODE = 0x0004;

	/** One wheel notch; positive is away from the user (up) and to the right. */
	static final int WHEEL_DELTA = 120;

	static final int VK_RETURN = 0x0D;

	static final int VK_TAB = 0x09;

	/** {@code HeldInputs}' button numbers, X11's: 1 left, 2 middle, 3 right. */
	static final int LEFT = 1;

	static final int MIDDLE = 2;

	static final int RIGHT = 3;

	/**
	 * Marks a held virtual key that was pressed with {@code KEYEVENTF_EXTENDEDKEY}, so
	 * that its release carries the flag too (right Ctrl, not left).
	 */
	static final int HELD_EXTENDED = 0x100;

	private final IntUnaryOperator scanCodes;

	/**
	 * @param scanCodes a virtual key's scan code ({@code MapVirtualKeyW}), 0 when
	 * unknown: applications that read scan codes (games, remote desktops) see the key
	 * they expect
	 */
	WindowsInputPlanner(IntUnaryOperator scanCodes) {
		this.scanCodes = scanCodes;
	}

	static WindowsInput.Mouse move(VirtualDeskCoordinates desk, int x, int y) {
		return new WindowsInput.Mouse(desk.normalizedX(x), desk.normalizedY(y), 0,
				MOUSEEVENTF_MOVE | MOUSEEVENTF_ABSOLUTE | MOUSEEVENTF_VIRTUALDESK);
	}

	static WindowsInput.Mouse button(MouseButton button, boolean down) {
		int flags = switch (button) {
			case LEFT -> down ? MOUSEEVENTF_LEFTDOWN : MOUSEEVENTF_LEFTUP;
			case MIDDLE -> down ? MOUSEEVENTF_MIDDLEDOWN : MOUSEEVENTF_MIDDLEUP;
			case RIGHT -> down ? MOUSEEVENTF_RIGHTDOWN : MOUSEEVENTF_RIGHTUP;
		};
		return new WindowsInput.Mouse(0, 0, 0, flags);
	}

	static int heldNumber(MouseButton button) {
		return switch (button) {
			case LEFT -> LEFT;
			case MIDDLE -> MIDDLE;
			case RIGHT -> RIGHT;
		};
	}

	/** A move to {@code at} when it is not {@code null}, a press and a release. */
	static List<WindowsInput> click(VirtualDeskCoordinates desk, Point at, MouseButton button) {
		List<WindowsInput> events = new ArrayList<>(3);
		if (at != null) {
			events.add(move(desk, at.x(), at.y()));
		}
		events.add(button(button, true));
		events.add(button(button, false));
		return events;
	}

	/** One wheel notch: up and right are positive, down and left negative. */
	static WindowsInput.Mouse wheel(ScrollDirection direction) {
		return switch (direction) {
			case UP -> new WindowsInput.Mouse(0, 0, WHEEL_DELTA, MOUSEEVENTF_WHEEL);
			case DOWN -> new WindowsInput.Mouse(0, 0, -WHEEL_DELTA, MOUSEEVENTF_WHEEL);
			case RIGHT -> new WindowsInput.Mouse(0, 0, WHEEL_DELTA, MOUSEEVENTF_HWHEEL);
			case LEFT -> new WindowsInput.Mouse(0, 0, -WHEEL_DELTA, MOUSEEVENTF_HWHEEL);
		};
	}

	/** A key going down or up; a character key is all its code units. */
	List<WindowsInput> key(WindowsKey key, boolean down) {
		if (key instanceof WindowsKey.Virtual virtual) {
			return List.of(virtualKey(virtual.code(), virtual.extended(), down));
		}
		String units = ((WindowsKey.Unicode) key).units();
		List<WindowsInput> events = new ArrayList<>(units.length());
		for (int i = 0; i < units.length(); i++) {
			events.add(unicode(units.charAt(i), down));
		}
		return events;
	}

	/** The codes {@code HeldInputs} tracks for a pressed key: one per event. */
	static List<Integer> heldCodes(WindowsKey key) {
		if (key instanceof WindowsKey.Virtual virtual) {
			return List.of(virtual.code() | (virtual.extended() ? HELD_EXTENDED : 0));
		}
		String units = ((WindowsKey.Unicode) key).units();
		List<Integer> codes = new ArrayList<>(units.length());
		for (int i = 0; i < units.length(); i++) {
			codes.add(WindowsKey.UNICODE_HELD_BASE + units.charAt(i));
		}
		return codes;
	}

	/**
	 * The strokes that type {@code text}, split into chunks of about
	 * {@code unitsPerChunk} UTF-16 code units that never part a surrogate pair. Every
	 * character is {@code KEYEVENTF_UNICODE} down and up per code unit, so an astral
	 * character is four events; {@code \n}, {@code \r} and {@code \r\n} are one Return
	 * and {@code \t} is Tab, as keys, since applications act on those keys rather than on
	 * the characters.
	 * @throws DeskhandException E_ARGS for a control character no key types, or a lone
	 * surrogate
	 */
	List<List<WindowsInput>> text(String text, int unitsPerChunk) {
		List<List<WindowsInput>> chunks = new ArrayList<>();
		List<WindowsInput> chunk = new ArrayList<>();
		int unitsInChunk = 0;
		for (int i = 0; i < text.length();) {
			int codePoint = text.codePointAt(i);
			int width = Character.charCount(codePoint);
			if (unitsInChunk > 0 && unitsInChunk + width > unitsPerChunk) {
				chunks.add(List.copyOf(chunk));
				chunk.clear();
				unitsInChunk = 0;
			}
			if (codePoint == '\r' && i + 1 < text.length() && text.charAt(i + 1) == '\n') {
				i++;
				continue;
			}
			if (codePoint == '\n' || codePoint == '\r' || codePoint == '\t') {
				int vk = (codePoint == '\t') ? VK_TAB : VK_RETURN;
				chunk.add(virtualKey(vk, false, true));
				chunk.add(virtualKey(vk, false, false));
			}
			else {
				requireTypable(codePoint, i);
				for (int unit = i; unit < i + width; unit++) {
					chunk.add(unicode(text.charAt(unit), true));
					chunk.add(unicode(text.charAt(unit), false));
				}
			}
			unitsInChunk += width;
			i += width;
		}
		if (!chunk.isEmpty()) {
			chunks.add(List.copyOf(chunk));
		}
		return chunks;
	}

	/**
	 * What release-all sends: an up for every key and button this process holds, and for
	 * every virtual key Deskhand pressed at some time that Windows still reports down
	 * ({@code GetAsyncKeyState}): a key-up that Windows refused (the input desktop
	 * switched, UIPI) leaves the key down after {@code HeldInputs} forgot it. Keys
	 * Deskhand never pressed are left alone: they are the human's.
	 * @param heldKeys {@code HeldInputs}' key codes (see {@link #heldCodes})
	 * @param heldButtons {@code HeldInputs}' button numbers
	 * @param pressedEver {@code HeldInputs}-style codes of every virtual key Deskhand
	 * pressed
	 * @param asyncDown whether Windows reports a virtual key down
	 */
	List<WindowsInput> releaseAll(Set<Integer> heldKeys, Set<Integer> heldButtons, Set<Integer> pressedEver,
			IntPredicate asyncDown) {
		List<WindowsInput> events = new ArrayList<>();
		for (int code : heldKeys) {
			events.add(releaseOf(code));
		}
		for (int code : pressedEver) {
			if (!heldKeys.contains(code) && code < WindowsKey.UNICODE_HELD_BASE
					&& asyncDown.test(code & ~HELD_EXTENDED)) {
				events.add(releaseOf(code));
			}
		}
		for (int number : heldButtons) {
			MouseButton button = switch (number) {
				case LEFT -> MouseButton.LEFT;
				case MIDDLE -> MouseButton.MIDDLE;
				case RIGHT -> MouseButton.RIGHT;
				default -> throw new IllegalArgumentException("no mouse button " + number);
			};
			events.add(button(button, false));
		}
		return events;
	}

	private WindowsInput releaseOf(int heldCode) {
		if (heldCode >= WindowsKey.UNICODE_HELD_BASE) {
			return unicode((char) (heldCode - WindowsKey.UNICODE_HELD_BASE), false);
		}
		return virtualKey(heldCode & ~HELD_EXTENDED, (heldCode & HELD_EXTENDED) != 0, false);
	}

	private WindowsInput.Key virtualKey(int vk, boolean extended, boolean down) {
		int flags = (extended ? KEYEVENTF_EXTENDEDKEY : 0) | (down ? 0 : KEYEVENTF_KEYUP);
		return new WindowsInput.Key(vk, this.scanCodes.applyAsInt(vk) & 0xFFFF, flags);
	}

	private static WindowsInput.Key unicode(char unit, boolean down) {
		return new WindowsInput.Key(0, unit, KEYEVENTF_UNICODE | (down ? 0 : KEYEVENTF_KEYUP));
	}

	private static void requireTypable(int codePoint, int index) {
		boolean control = codePoint < 0x20 || (codePoint >= 0x7f && codePoint < 0xa0);
		boolean loneSurrogate = codePoint >= Character.MIN_SURROGATE && codePoint <= Character.MAX_SURROGATE;
		if (control || loneSurrogate) {
			throw DeskhandException.args(String.format(
					"cannot type U+%04X at position %d: only newline and tab"
							+ " of the control characters have a key, and a lone surrogate is no character",
					codePoint, index));
		}
	}

}
