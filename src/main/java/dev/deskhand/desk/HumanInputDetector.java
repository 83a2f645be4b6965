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
 * it last put it (or where the human last left it). Anything else is the human.
 * Deterministic, no grace times: a reading that overlapped Deskhand's input is skipped,
 * and the next one decides. The facts are taken from the reading before: a call that
 * began after it changes what the one after says, and is in flight or counted then. Used
 * by one thread.
 */
final class HumanInputDetector {

	// Where the pointer should be: where Deskhand last put it, or where the human left
	// it.
	private Point expected;

	private long pointerMoves = -1;

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
			this.pointerMoves = before.pointerMoves();
			if (before.pointer() != null) {
				this.expected = before.pointer();
			}
		}
		if (this.expected == null) {
			this.expected = seen.pointer();
		}
		String what = null;
		if (!seen.pointer().equals(this.expected)) {
			what = "moved the pointer";
			this.expected = seen.pointer();
		}
		if (!before.keys().containsAll(seen.keys())) {
			what = join(what, "held a key down");
		}
		Set<Integer> buttons = new HashSet<>(seen.buttons());
		buttons.removeAll(before.buttons());
		if (!buttons.isEmpty()) {
			what = join(what, "held a mouse button down");
		}
		return Optional.ofNullable(what);
	}

	private static String join(String first, String second) {
		return (first == null) ? second : first + ", " + second;
	}

}
