package dev.deskhand.platform.linux.x11;

import java.util.Set;
import java.util.function.Predicate;

import org.junit.jupiter.api.Test;

import dev.deskhand.platform.linux.x11.X11OwnDisplayPlan.Fail;
import dev.deskhand.platform.linux.x11.X11OwnDisplayPlan.Headless;
import dev.deskhand.platform.linux.x11.X11OwnDisplayPlan.Nested;
import dev.deskhand.platform.linux.x11.X11OwnDisplayProperties.Viewer;

import static org.assertj.core.api.Assertions.assertThat;

class X11OwnDisplayPlanTests {

	private static final Predicate<String> ONLY_ZERO_UP = Set.of(":0")::contains;

	private static final Predicate<String> NOTHING_UP = (name) -> false;

	@Test
	void autoNestsAnXephyrInTheReachablePersonDisplay() {
		assertThat(X11OwnDisplayPlan.decide(Viewer.AUTO, false, ":0", ONLY_ZERO_UP, true, true))
			.isEqualTo(new Nested(":0"));
		assertThat(X11OwnDisplayPlan.decide(Viewer.XEPHYR, false, " :0 ", ONLY_ZERO_UP, true, false))
			.isEqualTo(new Nested(":0"));
	}

	@Test
	void autoFallsBackToAHeadlessXvfbAndSaysWhy() {
		assertThat(X11OwnDisplayPlan.decide(Viewer.AUTO, false, ":0", NOTHING_UP, true, true))
			.isEqualTo(new Headless(null, "X display :0 is not reachable"));
		assertThat(X11OwnDisplayPlan.decide(Viewer.AUTO, false, null, ONLY_ZERO_UP, true, true))
			.isEqualTo(new Headless(null, "the person has no X display"));
		// without Xephyr the person's display is still where the failsafe reads the chord
		assertThat(X11OwnDisplayPlan.decide(Viewer.AUTO, false, ":0", ONLY_ZERO_UP, false, true))
			.isEqualTo(new Headless(":0", "Xephyr is not installed"));
	}

	@Test
	void aWaylandSessionGetsTheHeadlessXvfbAndItsXwaylandIsNotThePersonsKeyboard() {
		assertThat(X11OwnDisplayPlan.decide(Viewer.AUTO, true, ":0", ONLY_ZERO_UP, true, true))
			.isEqualTo(new Headless(null, "the person's session is Wayland"));
	}

	@Test
	void noneIsAlwaysHeadlessButStillReadsThePersonsKeyboard() {
		assertThat(X11OwnDisplayPlan.decide(Viewer.NONE, false, ":0", ONLY_ZERO_UP, true, true))
			.isEqualTo(new Headless(":0", "deskhand.own-display.viewer=none"));
	}

	@Test
	void xephyrFailsWithASentenceWhenItCannotNest() {
		assertThat(X11OwnDisplayPlan.decide(Viewer.XEPHYR, true, ":0", ONLY_ZERO_UP, true, true))
			.isInstanceOfSatisfying(Fail.class,
					(fail) -> assertThat(fail.message()).contains("the person's session is Wayland")
						.contains("deskhand.own-display.viewer=none"));
		assertThat(X11OwnDisplayPlan.decide(Viewer.XEPHYR, false, ":0", ONLY_ZERO_UP, false, true))
			.isInstanceOfSatisfying(Fail.class,
					(fail) -> assertThat(fail.message()).contains("Xephyr is not installed (apt-get install"));
	}

	@Test
	void noXvfbForAHeadlessOneFails() {
		assertThat(X11OwnDisplayPlan.decide(Viewer.AUTO, true, null, NOTHING_UP, true, false)).isInstanceOfSatisfying(
				Fail.class,
				(fail) -> assertThat(fail.message()).contains("needs Xvfb").contains("deskhand.working-mode=shared"));
	}

}
