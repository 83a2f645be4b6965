package dev.deskhand.desk;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.input.FailsafeState;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Which reason refuses agents' input, for every combination of the five: failsafe &gt;
 * operator take-over &gt; person at the desk &gt; request_human &gt; another session's
 * lease, and what each answer says.
 */
class InputRefusalTests {

	private static final Instant NOW = Instant.parse("2026-12-02T06:00:10Z");

	private static final Instant SINCE = Instant.parse("2026-12-02T06:00:00Z");

	private static final Duration IDLE = Duration.ofSeconds(3);

	private static final String FAILSAFE = "E_FAILSAFE: the failsafe is tripped (chord ctrl+alt+Escape); input is"
			+ " refused for another 20 s of cooldown (until 2026-12-02T06:00:30Z) unless an operator re-arms it"
			+ " (POST /actuator/failsafe {\"action\":\"reset\"})";

	private static final String OPERATOR = "E_BUSY: the operator ops has taken over the desk since"
			+ " 2026-12-02T06:00:00Z; wait for them to hand it back";

	private static final String HUMAN = "E_BUSY: the person at the desk is using it (since 2026-12-02T06:00:00Z);"
			+ " input resumes after 3 s of their inactivity";

	private static final String REQUEST = "E_BUSY: the desk is handed to a person at an agent's request"
			+ " (request_human, since 2026-12-02T06:00:00Z); wait for them to hand it back";

	private static final String LEASE = "E_BUSY: another session (s-2 of bob) holds the input; it is free after 60 s"
			+ " idle, when that session ends, or when an operator revokes it";

	static Stream<Arguments> everyCombination() {
		List<Arguments> rows = new ArrayList<>();
		for (int bits = 0; bits < 32; bits++) {
			boolean failsafe = (bits & 16) != 0;
			boolean operator = (bits & 8) != 0;
			boolean human = (bits & 4) != 0;
			boolean request = (bits & 2) != 0;
			boolean lease = (bits & 1) != 0;
			String expected = failsafe ? FAILSAFE
					: operator ? OPERATOR : human ? HUMAN : request ? REQUEST : lease ? LEASE : null;
			rows.add(Arguments.of(failsafe, operator, human, request, lease, expected));
		}
		return rows.stream();
	}

	@ParameterizedTest(name = "failsafe={0} operator={1} human={2} request={3} lease={4}")
	@MethodSource("everyCombination")
	void theStrongestReasonWinsAndSaysWhatHasToEnd(boolean failsafe, boolean operator, boolean human, boolean request,
			boolean lease, String expected) {
		InputRefusal refusal = new InputRefusal(
				failsafe ? new FailsafeState(true, "chord ctrl+alt+Escape", SINCE, SINCE.plusSeconds(30), 1)
						: new FailsafeState(false, null, null, null, 0),
				operator ? "ops" : null, operator ? SINCE : null, human ? SINCE : null,
				request ? new HumanRequest("h-1", "s-3", "carol", "a captcha", SINCE, SINCE.plusSeconds(300)) : null,
				lease ? new DeskhandException(ErrorCode.E_BUSY,
						"another session (s-2 of bob) holds the input; it is free after 60 s idle, when that session"
								+ " ends, or when an operator revokes it")
						: null);
		Optional<String> answer = refusal.decide(NOW, IDLE).map((ex) -> ex.code() + ": " + ex.getMessage());
		assertThat(answer).isEqualTo(Optional.ofNullable(expected));
	}

	@ParameterizedTest(name = "{0} ms left")
	@MethodSource("cooldownsLeft")
	void theRemainingCooldownIsRoundedUpSoItNeverSaysZeroWhileItRefuses(long millisLeft, String says) {
		FailsafeState tripped = new FailsafeState(true, "operator", SINCE, NOW.plusMillis(millisLeft), 1);
		assertThat(new InputRefusal(tripped, null, null, null, null, null).decide(NOW, IDLE))
			.hasValueSatisfying((ex) -> assertThat(ex.getMessage()).contains(says));
	}

	static Stream<Arguments> cooldownsLeft() {
		return Stream.of(Arguments.of(1, "for another 1 s "), Arguments.of(999, "for another 1 s "),
				Arguments.of(1000, "for another 1 s "), Arguments.of(1001, "for another 2 s "),
				Arguments.of(29_500, "for another 30 s "));
	}

}
