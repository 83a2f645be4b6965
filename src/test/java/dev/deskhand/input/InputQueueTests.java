package dev.deskhand.input;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.fake.FakeDesktopDriver;
import dev.deskhand.platform.MouseButton;
import dev.deskhand.platform.Point;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

/**
 * Queue logic against a fake driver: ordering, bounds, timeouts, release on failure, the
 * guard seam.
 */
class InputQueueTests {

	private final FakeDesktopDriver driver = new FakeDesktopDriver();

	private final List<InputQueue> queues = new ArrayList<>();

	private final ExecutorService callers = Executors.newCachedThreadPool();

	@AfterEach
	void close() {
		CountDownLatch latch = this.driver.blockTyping;
		if (latch != null) {
			latch.countDown();
		}
		this.queues.forEach(InputQueue::close);
		this.callers.shutdownNow();
	}

	private InputQueue queue(Duration timeout, int capacity, InputGuard... guards) {
		InputQueue queue = new InputQueue(this.driver, List.of(guards), new InputProperties(timeout, capacity));
		this.queues.add(queue);
		return queue;
	}

	@Test
	void runsEveryActionOnTheOneInputThreadInOrder() throws Exception {
		List<String> threads = Collections.synchronizedList(new ArrayList<>());
		InputQueue queue = queue(Duration.ofSeconds(5), 64,
				(session, actions) -> threads.add(Thread.currentThread().getName()));
		queue.execute("s1", List.of(new InputAction.MoveTo(new Point(1, 2)),
				new InputAction.Click("left_click", new Point(3, 4), MouseButton.LEFT, 2, KeyChord.NONE)));
		assertThat(this.driver.calls).containsExactly("move 1,2", "move 3,4", "press LEFT", "release LEFT",
				"press LEFT", "release LEFT");
		assertThat(threads).containsExactly(InputQueue.THREAD_NAME);
	}

	@Test
	void aGuardsRefusalChangesNothingNotEvenAHeldButton() {
		InputQueue queue = queue(Duration.ofSeconds(5), 64, (session, actions) -> {
			if (actions.get(0) instanceof InputAction.TypeText) {
				throw new DeskhandException(ErrorCode.E_NOT_GRANTED, "not this app");
			}
		});
		queue.execute("s1", new InputAction.Button("left_mouse_down", null, MouseButton.LEFT, true));
		assertThatThrownBy(() -> queue.execute("s1", new InputAction.TypeText("x"))).isInstanceOfSatisfying(
				DeskhandException.class, (ex) -> assertThat(ex.code()).isEqualTo(ErrorCode.E_NOT_GRANTED));
		// Before: the refusal released the button left_mouse_down holds.
		assertThat(this.driver.calls).containsExactly("press LEFT");
		assertThat(this.driver.releaseAlls).hasValue(0);
	}

	@Test
	void modifiersAreReleasedInReverseAroundTheClick() {
		InputQueue queue = queue(Duration.ofSeconds(5), 64);
		queue.execute("s1", new InputAction.Click("left_click", null, MouseButton.LEFT, 1,
				new KeyChord(List.of("Control_L", "Shift_L"))));
		assertThat(this.driver.calls).containsExactly("keydown Control_L", "keydown Shift_L", "press LEFT",
				"release LEFT", "keyup Shift_L", "keyup Control_L");
	}

	@Test
	void aFailureMidChordReleasesWhatWasPressedAndEverythingElse() {
		InputQueue queue = queue(Duration.ofSeconds(5), 64);
		this.driver.failOnKey = "t";
		assertThatThrownBy(() -> queue.execute("s1",
				new InputAction.PressKeys(new KeyChord(List.of("Control_L", "Shift_L", "t")), 1)))
			.isInstanceOf(DeskhandException.class)
			.extracting((ex) -> ((DeskhandException) ex).code())
			.isEqualTo(ErrorCode.E_FAIL);
		assertThat(this.driver.held).isEmpty();
		assertThat(this.driver.calls).containsSubsequence("keyup Shift_L", "keyup Control_L", "releaseAll");
	}

	@Test
	void aGuardRefusesTheJobBeforeAnythingHappens() {
		InputQueue queue = queue(Duration.ofSeconds(5), 64, (session, actions) -> {
			throw new DeskhandException(ErrorCode.E_FAILSAFE, "tripped");
		});
		assertThatThrownBy(() -> queue.execute("s1", new InputAction.MoveTo(new Point(5, 5)))).hasMessage("tripped");
		assertThat(this.driver.calls).doesNotContain("move 5,5");
	}

	@Test
	void aStuckNativeCallTimesOutReleasesEverythingAndDegradesUntilItReturns() throws Exception {
		InputQueue queue = queue(Duration.ofMillis(200), 64);
		CountDownLatch stuck = new CountDownLatch(1);
		this.driver.blockTyping = stuck;
		assertThatThrownBy(() -> queue.execute("s1", new InputAction.TypeText("x")))
			.isInstanceOf(DeskhandException.class)
			.hasMessageContaining("'type' did not finish within")
			.extracting((ex) -> ((DeskhandException) ex).code())
			.isEqualTo(ErrorCode.E_TIMEOUT);
		assertThat(this.driver.releaseAlls.get()).isPositive();
		assertThat(queue.state().degraded()).isTrue();
		assertThat(queue.state().stuck()).isEqualTo("type");
		assertThatThrownBy(() -> queue.execute("s2", new InputAction.MoveTo(new Point(1, 1))))
			.extracting((ex) -> ((DeskhandException) ex).code())
			.isEqualTo(ErrorCode.E_BUSY);

		stuck.countDown();
		await().atMost(Duration.ofSeconds(5)).until(() -> !queue.state().degraded());
		assertThat(this.driver.resets.get()).isEqualTo(1);
		this.driver.blockTyping = null;
		queue.execute("s2", new InputAction.MoveTo(new Point(1, 1)));
		assertThat(this.driver.calls).contains("move 1,1");
	}

	@Test
	void aFullQueueSaysBusy() throws Exception {
		InputQueue queue = queue(Duration.ofSeconds(20), 1);
		CountDownLatch stuck = new CountDownLatch(1);
		this.driver.blockTyping = stuck;
		Future<?> running = this.callers.submit(() -> queue.execute("s1", new InputAction.TypeText("a")));
		await().until(() -> queue.state().running() != null);
		Future<?> waiting = this.callers.submit(() -> queue.execute("s1", new InputAction.MoveTo(new Point(2, 2))));
		await().until(() -> queue.state().waiting() == 1);
		assertThatThrownBy(() -> queue.execute("s1", new InputAction.MoveTo(new Point(3, 3))))
			.isInstanceOf(DeskhandException.class)
			.hasMessageContaining("queue is full")
			.extracting((ex) -> ((DeskhandException) ex).code())
			.isEqualTo(ErrorCode.E_BUSY);
		stuck.countDown();
		running.get(5, TimeUnit.SECONDS);
		waiting.get(5, TimeUnit.SECONDS);
		assertThat(this.driver.calls).contains("move 2,2").doesNotContain("move 3,3");
	}

	@Test
	void aBatchFailureSaysWhichActionFailedAndWhatRan() {
		InputQueue queue = queue(Duration.ofSeconds(5), 64);
		this.driver.failOnKey = "Return";
		assertThatThrownBy(() -> queue.execute("s1",
				List.of(new InputAction.MoveTo(new Point(1, 1)),
						new InputAction.PressKeys(new KeyChord(List.of("Return")), 1),
						new InputAction.MoveTo(new Point(9, 9)))))
			.hasMessageContaining("action 2 of 3 ('key'; actions 1-1 ran)")
			.isInstanceOfSatisfying(BatchActionFailure.class, (ex) -> assertThat(ex.index()).isEqualTo(1));
		assertThat(this.driver.calls).doesNotContain("move 9,9");
	}

	@Test
	void aStopDuringABatchNamesTheActionItLandedInInTheStoppersOwnWords() throws Exception {
		InputQueue queue = queue(Duration.ofSeconds(5), 64);
		Future<?> batch = this.callers.submit(() -> queue.execute("s1", List.of(new InputAction.MoveTo(new Point(1, 1)),
				new InputAction.Pause(Duration.ofSeconds(30)), new InputAction.MoveTo(new Point(9, 9)))));
		// the first action is done: the stop lands in the pause (or between the two,
		// which is the pause's too: the first ran)
		await().until(() -> this.driver.calls.contains("move 1,1"));
		queue.abortRunning(new DeskhandException(ErrorCode.E_FAILSAFE, "the failsafe tripped (test)"));

		assertThatThrownBy(() -> batch.get(5, TimeUnit.SECONDS)).cause()
			.hasMessage("the failsafe tripped (test)")
			.isInstanceOfSatisfying(BatchActionFailure.class, (ex) -> {
				assertThat(ex.code()).isEqualTo(ErrorCode.E_FAILSAFE);
				assertThat(ex.index()).isEqualTo(1);
			});
		assertThat(this.driver.calls).doesNotContain("move 9,9");
		assertThat(this.driver.releaseAlls).hasPositiveValue();
	}

	@Test
	void aRefusalBeforeAnythingRanNamesNoAction() {
		InputQueue queue = queue(Duration.ofSeconds(5), 64, (session, actions) -> {
			throw new DeskhandException(ErrorCode.E_FAILSAFE, "tripped");
		});
		assertThatThrownBy(() -> queue.execute("s1",
				List.of(new InputAction.MoveTo(new Point(1, 1)), new InputAction.MoveTo(new Point(2, 2)))))
			.isInstanceOf(DeskhandException.class)
			.isNotInstanceOf(BatchActionFailure.class);
	}

}
