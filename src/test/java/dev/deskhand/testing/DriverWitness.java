package dev.deskhand.testing;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

import dev.deskhand.platform.Frame;
import dev.deskhand.platform.MouseButton;
import dev.deskhand.platform.Rect;
import dev.deskhand.platform.ScrollDirection;

/**
 * What the driver contract suite ({@code DesktopDriverContractTests}) needs to see of a
 * desktop without asking the driver under test: a witness window of another process, and
 * outside tools for the clipboard and screenshots. One implementation per desktop (X11:
 * the Swing witness, xclip, ImageMagick; Wayland: the GTK witness, wl-clipboard, grim).
 * <p>
 * Positions are in the driver's desktop units (the coordinates of
 * {@code DisplayInfo.bounds} and {@code PointerDriver.moveTo}): root pixels on X11,
 * device pixels on Wayland. The witness converts what its toolkit reports. Event lists
 * are what arrived since the last {@link #reset()}, oldest first; they never wait, the
 * suite polls them with bounded waits.
 */
public interface DriverWitness extends AutoCloseable {

	/**
	 * @return the witness window's content area, in desktop units
	 */
	Rect contentBounds();

	/**
	 * @return where the witness painted its red 20x20 (layout units on Wayland) marker
	 * square, in desktop units
	 */
	Rect redSquare();

	/** Gives the witness keyboard focus (through the window manager) and waits for it. */
	void focus();

	/**
	 * Empties the witness's text and forgets the events so far, without the driver under
	 * test.
	 */
	void reset();

	/**
	 * @return button presses and releases of the left, middle and right buttons (not
	 * wheel buttons)
	 */
	List<PointerEvent> buttons();

	/**
	 * @return click counts the toolkit reported, one per completed click: 1 for a single
	 * click, 2 for the second click of a double click
	 */
	List<Integer> clickCounts();

	/**
	 * @return key presses and releases, with X keysym names ({@code Shift_L}, {@code a})
	 * for at least the keys the suite uses: {@code Shift_L}
	 */
	List<KeyEvent> keys();

	/**
	 * @return one direction per wheel notch received, in the order received
	 */
	List<ScrollDirection> scrolls();

	/**
	 * @return the text the witness received as typed characters
	 */
	String text();

	/**
	 * What the display server itself reports held down, where it can tell (X11:
	 * XQueryKeymap, XQueryPointer); Wayland cannot, and answers empty.
	 * @return a description of what is held, or empty when nothing is or nobody can say
	 */
	default Optional<String> heldOnServer() {
		return Optional.empty();
	}

	/**
	 * Reads the clipboard's text with an outside tool (xclip, wl-paste).
	 * @param timeout how long the tool may take
	 * @return the text, "" when the clipboard holds none
	 */
	String readClipboardOutside(Duration timeout);

	/**
	 * Puts text on the clipboard with an outside tool, which owns it until another client
	 * takes it; returns once another outside read sees it.
	 * @param text the text
	 */
	void writeClipboardOutside(String text);

	/**
	 * A screenshot by an outside tool (ImageMagick import, grim).
	 * @param region in desktop units, inside one display
	 * @return the pixels at device resolution, {@code 0x00RRGGBB}
	 */
	Frame screenshot(Rect region);

	/**
	 * @return the recent raw events, for failure messages
	 */
	String describe();

	/** Stops the witness window and anything else it started. */
	@Override
	void close();

	/**
	 * A button press or release as the witness saw it.
	 *
	 * @param pressed press or release
	 * @param button which button
	 * @param x where, in desktop units (fractional where the toolkit reports fractions)
	 * @param y where, in desktop units
	 */
	record PointerEvent(boolean pressed, MouseButton button, double x, double y) {
	}

	/**
	 * A key press or release as the witness saw it.
	 *
	 * @param pressed press or release
	 * @param keysym the X keysym name
	 */
	record KeyEvent(boolean pressed, String keysym) {
	}

}
