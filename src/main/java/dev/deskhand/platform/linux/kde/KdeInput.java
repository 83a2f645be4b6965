package dev.deskhand.platform.linux.kde;

import dev.deskhand.platform.linux.wayland.input.WaylandKeyboardPace;
import dev.deskhand.platform.linux.wayland.layout.WaylandLayout;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.function.Supplier;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.DisplayInfo;
import dev.deskhand.platform.HeldInputs;
import dev.deskhand.platform.KeyboardDriver;
import dev.deskhand.platform.MouseButton;
import dev.deskhand.platform.Point;
import dev.deskhand.platform.PointerDriver;
import dev.deskhand.platform.Rect;
import dev.deskhand.platform.ScrollDirection;
import dev.deskhand.platform.TypingPause;
import dev.deskhand.platform.keys.KeyNames;
import dev.deskhand.platform.linux.Keysyms;
import dev.deskhand.platform.linux.TextOutsideLayout;

/**
 * Pointer and keyboard on KWin through {@link KwinFakeInput}, held for the driver's
 * lifetime (a device per action would lose its first event to clients that bind late).
 * Every key and button is tracked by evdev code in {@link HeldInputs} for release-all.
 * Used from the input queue's thread; {@link #releaseAll()} from any thread takes its
 * turn on the connection, bounded by its timeout.
 * <p>
 * Keys are KWin's own keyboard's: a keysym is typed by the key of the active layout that
 * has it, with Shift or the level-three key held as its level needs. Fake input cannot
 * add keys, as the virtual keyboard on wlroots can, so a character the layout lacks is
 * either refused with E_UNSUPPORTED before any key is sent (the default) or entered by
 * its code point (Ctrl+Shift+U, the hex digits, Space), as {@link TextOutsideLayout}
 * says.
 */
final class KdeInput implements AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(KdeInput.class);

	// time for clients to bind wl_pointer after the seat gains the capability
	private static final Duration SETTLE = Duration.ofMillis(300);

	/** Strokes between roundtrips (and interrupt checks) while typing. */
	static final int STROKES_PER_ROUNDTRIP = 64;

	static final int BTN_LEFT = 0x110;

	static final int BTN_RIGHT = 0x111;

	static final int BTN_MIDDLE = 0x112;

	/** libinput's value of one wheel notch (degrees), as a real wheel sends it. */
	static final double AXIS_PER_NOTCH = 15.0;

	private final Path socket;

	private final Duration timeout;

	private final Supplier<WaylandLayout> layout;

	private final TextOutsideLayout textOutsideLayout;

	private final HeldInputs held = new HeldInputs();

	// keys pressed through pressKey, by keysym name: the evdev codes in press order
	private final Map<String, int[]> pressedKeys = new HashMap<>();

	private final PointerDriver pointer = new Pointer();

	private final KeyboardDriver keyboard = new Keyboard();

	// KWin forwards keys as fast as they come, and libwayland's server (KWin's, as
	// sway's)
	// drops a client whose buffer overflows: typing keeps the Wayland keyboard's pace
	private final WaylandKeyboardPace pace = WaylandKeyboardPace.system();

	private volatile KwinFakeInput device;

	private volatile Point lastPointer;

	private KdeInput(Path socket, Duration timeout, Supplier<WaylandLayout> layout,
			TextOutsideLayout textOutsideLayout) {
		this.socket = socket;
		this.timeout = timeout;
		this.layout = layout;
		this.textOutsideLayout = textOutsideLayout;
	}

	static KdeInput open(Path socket, Duration timeout, Supplier<WaylandLayout> layout) {
		return open(socket, timeout, layout, TextOutsideLayout.REFUSE);
	}

	static KdeInput open(Path socket, Duration timeout, Supplier<WaylandLayout> layout,
			TextOutsideLayout textOutsideLayout) {
		KdeInput input = new KdeInput(socket, timeout, layout, textOutsideLayout);
		input.device = KwinFakeInput.open(socket, timeout, SETTLE);
		return input;
	}

	PointerDriver pointer() {
		return this.pointer;
	}

	KeyboardDriver keyboard() {
		return this.keyboard;
	}

	HeldInputs held() {
		return this.held;
	}

	/**
	 * Where Deskhand last put the pointer: no Wayland protocol tells a client where it
	 * is. Before the first move, the centre of the first display.
	 */
	Point lastPointer() {
		Point last = this.lastPointer;
		if (last != null) {
			return last;
		}
		List<DisplayInfo> displays = this.layout.get().displays();
		if (displays.isEmpty()) {
			return new Point(0, 0);
		}
		Rect first = displays.get(0).bounds();
		return new Point(first.x() + first.width() / 2, first.y() + first.height() / 2);
	}

	/** Releases every key and button this process holds; any thread. */
	void releaseAll() {
		KwinFakeInput current = this.device;
		synchronized (current.connection()) {
			Set<Integer> keys = this.held.keycodes();
			Set<Integer> buttons = this.held.buttons();
			if (keys.isEmpty() && buttons.isEmpty()) {
				return;
			}
			for (int evdev : keys) {
				current.key(evdev, false);
			}
			for (int button : buttons) {
				current.button(button, false);
			}
			current.roundtrip();
			this.held.forget(keys, buttons);
			synchronized (this.pressedKeys) {
				this.pressedKeys.clear();
			}
		}
	}

	/** Releases what it can, then replaces the connection and its device. */
	void reset() {
		try {
			releaseAll();
		}
		catch (RuntimeException ex) {
			logger.debug("releasing before an input reset failed: {}", ex.getMessage());
		}
		this.device.close();
		this.device = KwinFakeInput.open(this.socket, this.timeout, SETTLE);
	}

	@Override
	public void close() {
		try {
			releaseAll();
		}
		catch (RuntimeException ex) {
			logger.debug("releasing on close failed: {}", ex.getMessage());
		}
		this.device.close();
	}

	static int buttonCode(MouseButton button) {
		return switch (button) {
			case LEFT -> BTN_LEFT;
			case RIGHT -> BTN_RIGHT;
			case MIDDLE -> BTN_MIDDLE;
		};
	}

	private WaylandLayout.LayoutPoint toLayout(int x, int y) {
		WaylandLayout now = this.layout.get();
		return now.toLayout(x, y)
			.orElseThrow(() -> DeskhandException.args("(" + x + ", " + y + ") is on no display: the displays are "
					+ now.displays().stream().map((display) -> display.id() + " " + display.bounds()).toList()));
	}

	private final class Pointer implements PointerDriver {

		@Override
		public void moveTo(int x, int y) {
			WaylandLayout.LayoutPoint point = toLayout(x, y);
			KwinFakeInput current = KdeInput.this.device;
			synchronized (current.connection()) {
				current.motionAbsolute(point.x(), point.y());
				current.roundtrip();
			}
			KdeInput.this.lastPointer = new Point(x, y);
		}

		@Override
		public void press(MouseButton button) {
			KwinFakeInput current = KdeInput.this.device;
			synchronized (current.connection()) {
				KdeInput.this.held.buttonDown(buttonCode(button));
				current.button(buttonCode(button), true);
				current.roundtrip();
			}
		}

		@Override
		public void release(MouseButton button) {
			KwinFakeInput current = KdeInput.this.device;
			synchronized (current.connection()) {
				current.button(buttonCode(button), false);
				KdeInput.this.held.buttonUp(buttonCode(button));
				current.roundtrip();
			}
		}

		/** Move, press and release in one roundtrip. */
		@Override
		public void click(Point at, MouseButton button) {
			WaylandLayout.LayoutPoint point = (at != null) ? toLayout(at.x(), at.y()) : null;
			KwinFakeInput current = KdeInput.this.device;
			synchronized (current.connection()) {
				if (point != null) {
					current.motionAbsolute(point.x(), point.y());
				}
				current.button(buttonCode(button), true);
				current.button(buttonCode(button), false);
				current.roundtrip();
			}
			if (at != null) {
				KdeInput.this.lastPointer = at;
			}
		}

		@Override
		public void scroll(ScrollDirection direction, int clicks) {
			if (clicks < 0) {
				throw new IllegalArgumentException("clicks must not be negative: " + clicks);
			}
			// wl_pointer axes: 0 vertical, 1 horizontal, positive down and right
			int axis = (direction == ScrollDirection.UP || direction == ScrollDirection.DOWN) ? 0 : 1;
			double value = (direction == ScrollDirection.UP || direction == ScrollDirection.LEFT) ? -AXIS_PER_NOTCH
					: AXIS_PER_NOTCH;
			KwinFakeInput current = KdeInput.this.device;
			synchronized (current.connection()) {
				for (int i = 0; i < clicks; i++) {
					current.axis(axis, value);
					// one roundtrip per notch: a client sees each as its own event
					current.roundtrip();
				}
			}
		}

	}

	private final class Keyboard implements KeyboardDriver {

		@Override
		public void pressKey(String keyName) {
			KwinFakeInput current = KdeInput.this.device;
			synchronized (current.connection()) {
				KwinKeymap.Stroke stroke = strokeFor(current.keymap(), keyName);
				int[] modifiers = current.keymap().modifiersFor(stroke);
				int[] codes = new int[modifiers.length + 1];
				System.arraycopy(modifiers, 0, codes, 0, modifiers.length);
				codes[modifiers.length] = stroke.evdev();
				for (int code : codes) {
					KdeInput.this.held.keyDown(code);
					current.key(code, true);
				}
				synchronized (KdeInput.this.pressedKeys) {
					KdeInput.this.pressedKeys.put(keyName, codes);
				}
				current.roundtrip();
			}
		}

		@Override
		public void releaseKey(String keyName) {
			KwinFakeInput current = KdeInput.this.device;
			synchronized (current.connection()) {
				int[] codes;
				synchronized (KdeInput.this.pressedKeys) {
					codes = KdeInput.this.pressedKeys.remove(keyName);
				}
				if (codes == null) {
					logger.debug("releasing {}: this keyboard does not hold it, nothing to release", keyName);
					return;
				}
				for (int i = codes.length - 1; i >= 0; i--) {
					current.key(codes[i], false);
					KdeInput.this.held.keyUp(codes[i]);
				}
				current.roundtrip();
			}
		}

		@Override
		public void typeText(String text) {
			long[] keysyms = Keysyms.forText(text);
			if (keysyms.length == 0) {
				return;
			}
			KwinFakeInput current = KdeInput.this.device;
			synchronized (current.connection()) {
				KwinKeymap keymap = current.keymap();
				List<Keystroke> strokes = keystrokesFor(keymap, text, keysyms, KdeInput.this.textOutsideLayout);
				// held modifiers would make the text shortcuts: up while typing, down
				// after
				List<Integer> lifted = heldModifiers();
				for (int code : lifted) {
					current.key(code, false);
				}
				try {
					KdeInput.this.pace.refresh();
					int sent = 0;
					for (Keystroke keystroke : strokes) {
						if (sent % STROKES_PER_ROUNDTRIP == 0) {
							TypingPause.sleep(KdeInput.this.pace
								.nanosBefore(Math.min(STROKES_PER_ROUNDTRIP, strokes.size() - sent)));
						}
						KwinKeymap.Stroke stroke = keystroke.stroke();
						int[] modifiers = keystroke.modifiers(keymap);
						for (int modifier : modifiers) {
							current.key(modifier, true);
						}
						current.key(stroke.evdev(), true);
						current.key(stroke.evdev(), false);
						for (int i = modifiers.length - 1; i >= 0; i--) {
							current.key(modifiers[i], false);
						}
						if (++sent % STROKES_PER_ROUNDTRIP == 0) {
							KdeInput.this.pace.sent(STROKES_PER_ROUNDTRIP);
							current.roundtrip();
							if (Thread.currentThread().isInterrupted()) {
								throw new DeskhandException(ErrorCode.E_TIMEOUT, "typing was interrupted after " + sent
										+ " of " + strokes.size() + " characters");
							}
						}
					}
				}
				finally {
					if (!current.isClosed()) {
						for (int code : lifted) {
							current.key(code, true);
						}
					}
				}
				KdeInput.this.pace.sent(strokes.size() % STROKES_PER_ROUNDTRIP);
				current.roundtrip();
			}
		}

		private List<Integer> heldModifiers() {
			List<Integer> codes = new ArrayList<>();
			synchronized (KdeInput.this.pressedKeys) {
				KdeInput.this.pressedKeys.forEach((name, pressed) -> {
					if (KeyNames.modifier(name).isPresent()) {
						for (int code : pressed) {
							codes.add(code);
						}
					}
				});
			}
			return codes;
		}

	}

	private static KwinKeymap.Stroke strokeFor(KwinKeymap keymap, String keyName) {
		OptionalLong keysym = KeyNames.keysym(keyName);
		if (keysym.isEmpty()) {
			throw DeskhandException.args("unknown key name '" + keyName
					+ "': use an X keysym name such as Control_L, Return, a, F5 or Page_Down");
		}
		return keymap.stroke(keysym.getAsLong())
			.orElseThrow(() -> new DeskhandException(ErrorCode.E_UNSUPPORTED,
					"KWin's keyboard layout (" + keymap.layoutName() + ") has no key for " + keyName
							+ "; KWin's fake input can press only the keys of the active layout"));
	}

	/**
	 * One key of a text with the keys held around it: its level's modifiers, and Control
	 * where it starts a code-point entry.
	 *
	 * @param stroke the key and its level
	 * @param control whether Control is held too (Ctrl+Shift+U)
	 */
	record Keystroke(KwinKeymap.Stroke stroke, boolean control) {

		/** The keys to hold, in press order. */
		int[] modifiers(KwinKeymap keymap) {
			int[] level = keymap.modifiersFor(this.stroke);
			if (!this.control) {
				return level;
			}
			int[] all = new int[level.length + 1];
			all[0] = keymap.stroke(Keysyms.CONTROL_L).orElseThrow().evdev();
			System.arraycopy(level, 0, all, 1, level.length);
			return all;
		}

	}

	/**
	 * The keystrokes of a text. A character the layout cannot type is refused with
	 * E_UNSUPPORTED naming it (nothing is typed then), or, with
	 * {@link TextOutsideLayout#UNICODE_ENTRY}, entered by its code point: Ctrl+Shift+U,
	 * the hexadecimal digits, Space.
	 */
	static List<Keystroke> keystrokesFor(KwinKeymap keymap, String text, long[] keysyms, TextOutsideLayout outside) {
		List<Keystroke> strokes = new ArrayList<>(keysyms.length);
		for (int i = 0; i < keysyms.length; i++) {
			long keysym = keysyms[i];
			var stroke = keymap.stroke(keysym);
			if (stroke.isPresent()) {
				strokes.add(new Keystroke(stroke.get(), false));
				continue;
			}
			int codePoint = (keysym >= 0x1000000) ? (int) (keysym - 0x1000000) : (keysym <= 0xff) ? (int) keysym : -1;
			String character = (codePoint >= 0)
					? "'" + new String(Character.toChars(codePoint)) + "' (U+" + String.format("%04X", codePoint) + ")"
					: String.format("keysym 0x%x", keysym);
			if (outside == TextOutsideLayout.UNICODE_ENTRY && codePoint >= 0) {
				strokes.addAll(entry(keymap, codePoint, character));
				continue;
			}
			throw new DeskhandException(ErrorCode.E_UNSUPPORTED, "cannot type " + character + " (character " + i
					+ " of the text): KWin's keyboard layout (" + keymap.layoutName()
					+ ") has no key for it, and KWin's fake input can press only the keys of the active layout;"
					+ " nothing was typed. deskhand.kde.text-outside-layout=unicode-entry enters such characters"
					+ " by code point (Ctrl+Shift+U) where the application has an input method that understands it");
		}
		return strokes;
	}

	// Ctrl+Shift+U, the code point's hex digits, Space
	private static List<Keystroke> entry(KwinKeymap keymap, int codePoint, String character) {
		List<Keystroke> keys = new ArrayList<>();
		keys.add(new Keystroke(entryKey(keymap, 'U', character), true));
		for (char digit : Integer.toHexString(codePoint).toCharArray()) {
			keys.add(new Keystroke(entryKey(keymap, digit, character), false));
		}
		keys.add(new Keystroke(entryKey(keymap, ' ', character), false));
		if (keymap.stroke(Keysyms.CONTROL_L).isEmpty()) {
			throw new DeskhandException(ErrorCode.E_UNSUPPORTED, "cannot enter " + character
					+ " by code point: KWin's keyboard layout (" + keymap.layoutName() + ") has no Control key");
		}
		return keys;
	}

	private static KwinKeymap.Stroke entryKey(KwinKeymap keymap, char key, String character) {
		return keymap.stroke(key)
			.orElseThrow(() -> new DeskhandException(ErrorCode.E_UNSUPPORTED,
					"cannot enter " + character + " by code point: KWin's keyboard layout (" + keymap.layoutName()
							+ ") has no key for '" + key + "' (entry is Ctrl+Shift+U, hex digits, Space);"
							+ " nothing was typed"));
	}

}
