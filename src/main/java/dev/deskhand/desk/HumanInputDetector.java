package dev.deskhand.desk;

import java.util.HashSet;
import java.util.Optional;
import java.util.Set;

import dev.deskhand.platform.InjectedInput;
import dev.deskhand.platform.InputSnapshot;
import dev.deskhand.platform.Point;

/**
 * Tells the human's input from Deskhand's, one reading at a time. A reading counts only
 * when no injecting call was in flight before or after it and none ended in between: then
 * everything Deskhand sent had reached the server before the reading and nothing after
 * it, so the keys and buttons down should be exactly those it holds and the pointer where
 * it last put it (or where the human last left it). Anything else is the human, once two
 * clean readings in a row show it: the X server applies an XTest event from its input
 * queue a little after it has answered the request, so one reading right after Deskhand's
 * own release or move can still show the key down or the pointer on its way (seen about
 * once in ten runs of DeskLiveTests); a person's input is still there a poll later. No
 * grace times: a reading that overlapped Deskhand's input is skipped, and the next one
 * decides. The facts are taken from the reading before: a call that began after it
 * changes what the one after says, and is in flight or counted then. Used by one thread.
 */
final class HumanInputDetector {

	// Where the pointer should be: where Deskhand last put it, or where the human left
	// it.
	private Point expected;

	private long pointerMoves = -1;

	// what the last clean reading showed, not yet seen again
	private String suspected;

	/**
	 * @param before what Deskhand had injected, read right before the reading
	 * @param seen the reading
	 * @param after the same, right after
	 * @return what the human did, or empty when nothing (or the reading does not count)
	 */
	Optional<String> look(InjectedInput before, InputSnapshot seen, InjectedInput after) {
		if (before.inFlight() || after.inFlight() || before.calls() != after.calls()) {
			return Optional.empty();
		}
		if (before.pointerMoves() != this.pointerMoves) {
			// Deskhand moved the pointer since: what the last reading showed is moot
			this.suspected = null;
			this.pointerMoves = before.pointerMoves();
			if (before.pointer() != null) {
				this.expected = before.pointer();
			}
		}
		if (this.expected == null) {
			this.expected = seen.pointer();
		}
		String what = null;
		boolean moved = !seen.pointer().equals(this.expected);
		if (moved) {
			what = "moved the pointer";
		}
		if (!before.keys().containsAll(seen.keys())) {
			what = join(what, "held a key down");
		}
		Set<Integer> buttons = new HashSet<>(seen.buttons());
		buttons.removeAll(before.buttons());
		if (!buttons.isEmpty()) {
			what = join(what, "held a mouse button down");
		}
		if (seen.otherInput()) {
			what = join(what, "used the keyboard or the mouse");
		}
		if (what == null) {
			this.suspected = null;
			return Optional.empty();
		}
		if (this.suspected == null) {
			this.suspected = what;
			return Optional.empty();
		}
		this.suspected = null;
		if (moved) {
			this.expected = seen.pointer();
		}
		return Optional.of(what);
	}

	/**
	 * Forgets everything seen so far and takes {@code seen} as how things are now: for
	 * the first reading on a new connection to the display, whose pointer is where its
	 * new server put it.
	 * @param before what Deskhand had injected, read right before the reading
	 */
	void baseline(InjectedInput before, InputSnapshot seen) {
		this.pointerMoves = before.pointerMoves();
		this.expected = seen.pointer();
		this.suspected = null;
	}

	private static String join(String first, String second) {
		return (first == null) ? second : first + ", " + second;
	}

}
