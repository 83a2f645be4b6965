package dev.deskhand.platform.windows;

import org.junit.jupiter.api.Test;

import dev.deskhand.platform.windows.WindowsWindowActivation.State;

import static dev.deskhand.platform.windows.WindowsWindowActivation.Step.ALLOW_SET_FOREGROUND;
import static dev.deskhand.platform.windows.WindowsWindowActivation.Step.ATTACH_TO_FOREGROUND;
import static dev.deskhand.platform.windows.WindowsWindowActivation.Step.BRING_TO_TOP;
import static dev.deskhand.platform.windows.WindowsWindowActivation.Step.DETACH_FROM_FOREGROUND;
import static dev.deskhand.platform.windows.WindowsWindowActivation.Step.NUDGE_INPUT;
import static dev.deskhand.platform.windows.WindowsWindowActivation.Step.RESTORE;
import static dev.deskhand.platform.windows.WindowsWindowActivation.Step.SET_FOREGROUND;
import static org.assertj.core.api.Assertions.assertThat;

/** The steps of each attempt to take the foreground. */
class WindowsWindowActivationTests {

	private static final int OWN = 100;

	private static final int OTHER = 200;

	@Test
	void theFirstAttemptAsksPlainly() {
		assertThat(WindowsWindowActivation.steps(new State(false, OTHER, OWN, 0))).containsExactly(ALLOW_SET_FOREGROUND,
				SET_FOREGROUND);
	}

	@Test
	void aMinimisedWindowIsRestoredFirstOnEveryAttempt() {
		assertThat(WindowsWindowActivation.steps(new State(true, OTHER, OWN, 0))).startsWith(RESTORE);
		assertThat(WindowsWindowActivation.steps(new State(true, OTHER, OWN, 3))).startsWith(RESTORE);
		assertThat(WindowsWindowActivation.steps(new State(false, OTHER, OWN, 3))).doesNotContain(RESTORE);
	}

	@Test
	void laterAttemptsAttachToTheForegroundThreadAndAlwaysDetach() {
		assertThat(WindowsWindowActivation.steps(new State(false, OTHER, OWN, 1))).containsExactly(ALLOW_SET_FOREGROUND,
				ATTACH_TO_FOREGROUND, SET_FOREGROUND, BRING_TO_TOP, DETACH_FROM_FOREGROUND);
		assertThat(WindowsWindowActivation.steps(new State(true, OTHER, OWN, 2))).containsExactly(RESTORE, NUDGE_INPUT,
				ALLOW_SET_FOREGROUND, ATTACH_TO_FOREGROUND, SET_FOREGROUND, BRING_TO_TOP, DETACH_FROM_FOREGROUND);
	}

	@Test
	void fromTheThirdAttemptAnEmptyInputEventMakesThisProcessTheLastToHaveHadInput() {
		assertThat(WindowsWindowActivation.steps(new State(false, OTHER, OWN, 0))).doesNotContain(NUDGE_INPUT);
		assertThat(WindowsWindowActivation.steps(new State(false, OTHER, OWN, 1))).doesNotContain(NUDGE_INPUT);
		assertThat(WindowsWindowActivation.steps(new State(false, OTHER, OWN, 2))).startsWith(NUDGE_INPUT,
				ALLOW_SET_FOREGROUND);
		assertThat(WindowsWindowActivation.steps(new State(false, 0, OWN, 5))).containsExactly(NUDGE_INPUT,
				ALLOW_SET_FOREGROUND, SET_FOREGROUND, BRING_TO_TOP);
	}

	@Test
	void thereIsNothingToAttachToWithoutAForegroundWindowOrWhenItIsOurs() {
		assertThat(WindowsWindowActivation.steps(new State(false, 0, OWN, 1))).containsExactly(ALLOW_SET_FOREGROUND,
				SET_FOREGROUND, BRING_TO_TOP);
		assertThat(WindowsWindowActivation.steps(new State(false, OWN, OWN, 1))).containsExactly(ALLOW_SET_FOREGROUND,
				SET_FOREGROUND, BRING_TO_TOP);
	}

	@Test
	void everyAttachIsFollowedByItsDetach() {
		for (int attempt = 0; attempt < 5; attempt++) {
			for (boolean iconic : new boolean[] { false, true }) {
				for (int foreground : new int[] { 0, OWN, OTHER }) {
					var steps = WindowsWindowActivation.steps(new State(iconic, foreground, OWN, attempt));
					assertThat(steps.contains(ATTACH_TO_FOREGROUND)).isEqualTo(steps.contains(DETACH_FROM_FOREGROUND));
					if (steps.contains(ATTACH_TO_FOREGROUND)) {
						assertThat(steps.indexOf(ATTACH_TO_FOREGROUND)).isLessThan(steps.indexOf(SET_FOREGROUND));
						assertThat(steps.get(steps.size() - 1)).isEqualTo(DETACH_FROM_FOREGROUND);
					}
					assertThat(steps).contains(SET_FOREGROUND);
				}
			}
		}
	}

}
