package dev.deskhand.selftest;

import java.util.List;
import java.util.Optional;

import dev.deskhand.platform.Point;
import dev.deskhand.platform.Rect;
import dev.deskhand.platform.WindowInfo;

/**
 * Windows the self-test opens in a process of their own and that tell, from the receiving
 * end, what reached them: where Java put their target, where the pointer is by Java's
 * reading, the clicks, keys, focus and element actions they got. Every position is in
 * Java's user space; {@link WitnessSpace} ties it to the driver's units from what both
 * say about the screens.
 */
interface SelfTestWitness {

	/**
	 * Opens the windows and waits until the desktop lists the main one.
	 * @param title a title no other window has; the second window's is
	 * {@code title + " decoy"}
	 * @throws dev.deskhand.errors.DeskhandException when it cannot be opened or does not
	 * show
	 */
	Opened open(String title);

	/** Open witness windows; closing them ends their process. */
	interface Opened extends AutoCloseable {

		/** The main window as the desktop lists it. */
		WindowInfo window();

		/**
		 * The second, smaller window as the desktop lists it: what the focus row moves
		 * the focus to first, so that a focus reading that never changes is caught.
		 */
		Optional<WindowInfo> decoy();

		/** Java's screens, in its order. */
		List<WitnessScreen> screens();

		/** Where the main window's client area and target are now. */
		WitnessPlace place();

		/**
		 * Moves the main window onto a screen and waits until Java says it is there.
		 * @return where it is now, on that screen or, when the window manager kept it
		 * elsewhere, wherever that is
		 */
		WitnessPlace moveTo(WitnessScreen screen);

		/** Where Java's {@code MouseInfo} sees the pointer now; empty when it cannot. */
		Optional<Point> pointer();

		/** Every mouse press the witness received, oldest first. */
		List<WitnessClick> clicks();

		/**
		 * Which of its windows Java says has the focus: {@code main}, {@code decoy}, or
		 * empty.
		 */
		Optional<String> focused();

		/** The text its text area holds now. */
		String received();

		/** How often its button was pressed. */
		int presses();

		/** The text its one-line field holds now. */
		String field();

		@Override
		void close();

	}

	/**
	 * Where the main window is, in Java's user space.
	 *
	 * @param screen the index of the screen Java says the window is on
	 * @param client the window's content
	 * @param target the square of {@link TargetFinder#COLOUR}
	 */
	record WitnessPlace(int screen, Rect client, Rect target) {

		Point targetCentre() {
			return new Point(this.target.x() + this.target.width() / 2, this.target.y() + this.target.height() / 2);
		}

	}

	/**
	 * A mouse press, by the window's account.
	 *
	 * @param at where, in Java's user space ({@code MouseEvent.getXOnScreen})
	 * @param button 1, 2 or 3 as Java numbers them
	 * @param onTarget whether it was on the target square
	 */
	record WitnessClick(Point at, int button, boolean onTarget) {
	}

	/** The names of the witness's elements, which the element rows look for. */
	String BUTTON = "Deskhand self-test button";

	String FIELD = "Deskhand self-test field";

}
