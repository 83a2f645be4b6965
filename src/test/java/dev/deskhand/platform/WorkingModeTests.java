package dev.deskhand.platform;

import org.junit.jupiter.api.Test;
import org.springframework.mock.env.MockEnvironment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class WorkingModeTests {

	@Test
	void sharedWhenUnset() {
		assertThat(WorkingMode.of(new MockEnvironment())).isEqualTo(WorkingMode.SHARED);
	}

	@Test
	void readsEveryModeByItsConfigName() {
		for (WorkingMode mode : WorkingMode.values()) {
			MockEnvironment environment = new MockEnvironment().withProperty(WorkingMode.PROPERTY,
					" " + mode.configName().toUpperCase() + " ");
			assertThat(WorkingMode.of(environment)).isEqualTo(mode);
		}
	}

	@Test
	void refusesAnUnknownModeNamingTheAcceptedOnes() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> WorkingMode.of(new MockEnvironment().withProperty(WorkingMode.PROPERTY, "beside")))
			.withMessage("deskhand.working-mode must be shared, own-seat or own-display, not 'beside'");
	}

}
