package dev.deskhand.desk;

import java.util.Optional;
import java.util.Set;

import org.junit.jupiter.api.Test;

import dev.deskhand.platform.InjectedInput;
import dev.deskhand.platform.InputSnapshot;
import dev.deskhand.platform.Point;

import static org.assertj.core.api.Assertions.assertThat;

/** Which readings are the human's, and which are Deskhand's own input. */
class HumanInputDetectorTests {

	private final HumanInputDetector detector = new HumanInputDetector();

	private static InjectedInput injected(long calls, boolean inFlight, Point pointer, long moves, Set<Integer> keys,
			Set<Integer> buttons) {
		return new InjectedInput(calls, inFlight, pointer, moves, keys, buttons);
	}

	private static InjectedInput idle(long calls, Point pointer, long moves) {
		return injected(calls, false, pointer, moves, Set.of(), Set.of());
	}

	private static InputSnapshot seen(int x, int y, Set<Integer> keys, Set<Integer> buttons) {
		return new InputSnapshot(new Point(x, y), keys, buttons);
	}

	private Optional<String> look(InjectedInput injected, InputSnapshot seen) {
		return this.detector.look(injected, seen, injected);
	}

	/**
	 * Two clean readings in a row that see the same: what a person's input looks like.
	 */
	private Optional<String> lookTwice(InjectedInput injected, InputSnapshot seen) {
		Optional<String> first = look(injected, seen);
		assertThat(first).as("one reading alone is not yet the human").isEmpty();
		return look(injected, seen);
	}

	@Test
	void thePointerWhereItWasOrWhereDeskhandPutItIsNotTheHuman() {
		assertThat(look(idle(0, null, 0), seen(10, 10, Set.of(), Set.of()))).isEmpty();
		assertThat(look(idle(0, null, 0), seen(10, 10, Set.of(), Set.of()))).isEmpty();
		assertThat(look(idle(1, new Point(50, 60), 1), seen(50, 60, Set.of(), Set.of()))).isEmpty();
		assertThat(lookTwice(idle(1, new Point(50, 60), 1), seen(51, 60, Set.of(), Set.of())))
			.contains("moved the pointer");
		// where the human left it is where it should be now
		assertThat(look(idle(1, new Point(50, 60), 1), seen(51, 60, Set.of(), Set.of()))).isEmpty();
		// Deskhand moved it again
		assertThat(look(idle(2, new Point(5, 6), 2), seen(5, 6, Set.of(), Set.of()))).isEmpty();
	}

	@Test
	void inputADriverOnlyKnowsWasNotDeskhandsIsTheHumanOnceSeenTwice() {
		InputSnapshot quiet = new InputSnapshot(new Point(5, 5), Set.of(), Set.of(), false);
		InputSnapshot other = new InputSnapshot(new Point(5, 5), Set.of(), Set.of(), true);
		assertThat(look(idle(1, new Point(5, 5), 1), quiet)).isEmpty();
		assertThat(lookTwice(idle(1, new Point(5, 5), 1), other)).contains("used the keyboard or the mouse");
		assertThat(look(idle(1, new Point(5, 5), 1), quiet)).isEmpty();
		assertThat(look(idle(1, new Point(5, 5), 1), other)).as("a single reading again").isEmpty();
		assertThat(look(idle(1, new Point(5, 5), 1), quiet)).isEmpty();
	}

	@Test
	void afterABaselineThePointerWhereANewServerPutItIsNotTheHuman() {
		assertThat(look(idle(1, new Point(100, 100), 1), seen(100, 100, Set.of(), Set.of()))).isEmpty();
		// a display restarted on the same number: its pointer is in the middle
		this.detector.baseline(idle(1, new Point(100, 100), 1), seen(512, 384, Set.of(), Set.of()));
		assertThat(look(idle(1, new Point(100, 100), 1), seen(512, 384, Set.of(), Set.of()))).isEmpty();
		assertThat(look(idle(1, new Point(100, 100), 1), seen(512, 384, Set.of(), Set.of()))).isEmpty();
		// a person moving it afterwards still is
		assertThat(lookTwice(idle(1, new Point(100, 100), 1), seen(520, 384, Set.of(), Set.of())))
			.contains("moved the pointer");
	}

	@Test
	void aReadingThatOverlapsDeskhandsInputDoesNotCount() {
		look(idle(0, new Point(1, 1), 1), seen(1, 1, Set.of(), Set.of()));
		InputSnapshot midMove = seen(300, 300, Set.of(38), Set.of(1));
		// a call in flight before or after, or one that ended in between
		assertThat(this.detector.look(injected(1, true, new Point(1, 1), 1, Set.of(), Set.of()), midMove,
				idle(2, new Point(300, 300), 2)))
			.isEmpty();
		assertThat(this.detector.look(idle(1, new Point(1, 1), 1), midMove,
				injected(1, true, new Point(1, 1), 1, Set.of(), Set.of())))
			.isEmpty();
		assertThat(this.detector.look(idle(1, new Point(1, 1), 1), midMove, idle(2, new Point(300, 300), 2))).isEmpty();
		// the next clean reading finds the pointer where Deskhand put it
		assertThat(look(idle(2, new Point(300, 300), 2), seen(300, 300, Set.of(), Set.of()))).isEmpty();
	}

	@Test
	void theFactsComeFromTheReadingBeforeTheLook() {
		look(idle(1, new Point(1, 1), 1), seen(1, 1, Set.of(), Set.of()));
		// a move that began after the reading before shows in the reading after only
		// while in flight or counted: then the look does not count
		InjectedInput before = idle(1, new Point(1, 1), 1);
		assertThat(this.detector.look(before, seen(1, 1, Set.of(), Set.of()),
				injected(1, true, new Point(400, 400), 2, Set.of(), Set.of())))
			.isEmpty();
		assertThat(this.detector.look(before, seen(1, 1, Set.of(), Set.of()), before)).isEmpty();
	}

	@Test
	void aKeyStillDownInOneReadingAfterDeskhandReleasedItIsNotTheHuman() {
		look(idle(0, new Point(1, 1), 1), seen(1, 1, Set.of(), Set.of()));
		// Deskhand released key 50; the server has answered, its input queue has not yet
		// applied the release
		InjectedInput released = idle(4, new Point(1, 1), 1);
		assertThat(look(released, seen(1, 1, Set.of(50), Set.of()))).isEmpty();
		assertThat(look(released, seen(1, 1, Set.of(), Set.of()))).isEmpty();
		// and a pointer seen once on its way to where Deskhand put it
		assertThat(look(released, seen(0, 1, Set.of(), Set.of()))).isEmpty();
		assertThat(look(released, seen(1, 1, Set.of(), Set.of()))).isEmpty();
	}

	@Test
	void keysAndButtonsDeskhandDoesNotHoldAreTheHumans() {
		look(idle(0, new Point(1, 1), 1), seen(1, 1, Set.of(), Set.of()));
		InjectedInput holding = injected(3, false, new Point(1, 1), 1, Set.of(50), Set.of(1));
		assertThat(look(holding, seen(1, 1, Set.of(50), Set.of(1)))).isEmpty();
		assertThat(lookTwice(holding, seen(1, 1, Set.of(50, 38), Set.of(1)))).contains("held a key down");
		assertThat(lookTwice(holding, seen(1, 1, Set.of(50), Set.of(1, 3)))).contains("held a mouse button down");
		assertThat(lookTwice(holding, seen(2, 1, Set.of(50, 38), Set.of())))
			.contains("moved the pointer, held a key down");
	}

}
