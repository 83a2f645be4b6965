package dev.deskhand.platform.macos;

import org.junit.jupiter.api.Test;

import dev.deskhand.platform.macos.MacActivation.Step;

import static org.assertj.core.api.Assertions.assertThat;

class MacActivationTests {

	@Test
	void beforeSonomaTheFirstAttemptAsksAppKitAloneAndIgnoresOtherApps() {
		assertThat(MacActivation.steps(13, 0, false)).containsExactly(Step.ACTIVATE_WITH_OPTIONS);
		assertThat(MacActivation.ignoresOtherApps(13)).isTrue();
		// a later attempt adds the AX route
		assertThat(MacActivation.steps(13, 1, false)).containsExactly(Step.ACTIVATE_WITH_OPTIONS, Step.AX_FRONTMOST,
				Step.AX_RAISE_WINDOW);
	}

	@Test
	void fromSonomaActivationIsCooperativeAndAxRaisesTheWindowAtOnce() {
		// IgnoringOtherApps is ignored on 14: not asked for, and not relied on
		assertThat(MacActivation.ignoresOtherApps(14)).isFalse();
		assertThat(MacActivation.steps(14, 0, false)).containsExactly(Step.ACTIVATE_WITH_OPTIONS,
				Step.ACTIVATE_COOPERATIVELY, Step.AX_FRONTMOST, Step.AX_RAISE_WINDOW);
		assertThat(MacActivation.steps(15, 3, true)).contains(Step.ACTIVATE_COOPERATIVELY, Step.AX_RAISE_WINDOW);
	}

	@Test
	void oneWindowAmongSeveralOfItsApplicationNeedsAxToBePicked() {
		assertThat(MacActivation.steps(12, 0, true)).containsExactly(Step.ACTIVATE_WITH_OPTIONS, Step.AX_FRONTMOST,
				Step.AX_RAISE_WINDOW);
	}

	@Test
	void theMajorVersionComesFromOsVersion() {
		assertThat(MacActivation.major("14.5")).isEqualTo(14);
		assertThat(MacActivation.major("10.15.7")).isEqualTo(10);
		assertThat(MacActivation.major("26.0")).isEqualTo(26);
		assertThat(MacActivation.major("")).isZero();
		assertThat(MacActivation.major(null)).isZero();
		// unknown: treated as old, so IgnoringOtherApps is still asked for, and AX helps
		// from the second attempt
		assertThat(MacActivation.ignoresOtherApps(0)).isTrue();
	}

}
