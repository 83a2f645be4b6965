package dev.deskhand.security;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.mock.env.MockEnvironment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.assertj.core.api.Assertions.assertThatNoException;

class TrialProfileTests {

	@ParameterizedTest
	@CsvSource(delimiter = '|', nullValues = "null", value = { "0.0.0.0|8080|0.0.0.0",
			"null|8080|unset (every interface)", "192.168.1.20|0|192.168.1.20", "::|8080|::" })
	void anAgentsPortOtherMachinesCanReachIsRefused(String address, int port, String named) {
		assertThatIllegalStateException().isThrownBy(() -> TrialProfile.requireLoopback(address, port))
			.withMessage("the trial profile allows every input without asking a human, so it runs only with the"
					+ " agents' port on loopback, but server.address is " + named
					+ ": bind 127.0.0.1 (server.address), or start without the trial profile");
	}

	@ParameterizedTest
	@CsvSource(delimiter = '|', nullValues = "null", value = { "127.0.0.1|8080", "::1|8080", "127.0.0.2|0",
			// stdio: no agents' HTTP port at all
			"0.0.0.0|-1", "null|-1" })
	void loopbackOrNoAgentsPortIsAccepted(String address, int port) {
		assertThatNoException().isThrownBy(() -> TrialProfile.requireLoopback(address, port));
	}

	@ParameterizedTest
	@ValueSource(strings = { "trial", "stdio,trial" })
	void isActiveWithTheProfileAmongOthers(String profiles) {
		MockEnvironment environment = new MockEnvironment();
		environment.setActiveProfiles(profiles.split(","));
		assertThat(TrialProfile.isActive(environment)).isTrue();
		environment.setActiveProfiles("stdio");
		assertThat(TrialProfile.isActive(environment)).isFalse();
	}

}
