package dev.deskhand.desk;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Optional;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.input.Failsafe;
import dev.deskhand.input.FailsafeState;

/**
 * Why agents' input is refused now, when several reasons hold at once: the strongest one
 * wins, so that the answer says what actually has to end before input resumes. A person
 * holding the failsafe chord is also a person at the desk, but their idle time is not
 * what frees the desk: the cooldown is. Pure, so that every combination is tested as a
 * table.
 *
 * @param failsafe the failsafe's state
 * @param operator the operator who took the desk over, or {@code null}
 * @param operatorSince since when, or {@code null}
 * @param humanSince since when the person at the desk is using it, or {@code null} when
 * they have been idle {@code idle}
 * @param request the first agent's request for the person that waits for an answer, or
 * {@code null}
 * @param lease what the input lease says to the asking session (another session holds
 * it), or {@code null}
 */
record InputRefusal(FailsafeState failsafe, String operator, Instant operatorSince, Instant humanSince,
		HumanRequest request, DeskhandException lease) {

	/**
	 * The precedence: failsafe, operator take-over, person at the desk,
	 * {@code request_human}, another session's lease.
	 * @param now the time the failsafe's remaining cooldown is counted from
	 * @param idle how long the person's inactivity must last
	 * @return the refusal, or empty when input may go ahead
	 */
	Optional<DeskhandException> decide(Instant now, Duration idle) {
		if (this.failsafe != null && this.failsafe.tripped()) {
			return Optional.of(Failsafe.refusal(this.failsafe, now));
		}
		if (this.operator != null) {
			return busy("the operator " + this.operator + " has taken over the desk since " + time(this.operatorSince)
					+ "; wait for them to hand it back");
		}
		if (this.humanSince != null) {
			return busy("the person at the desk is using it (since " + time(this.humanSince) + "); input resumes after "
					+ Desk.describe(idle) + " of their inactivity");
		}
		if (this.request != null) {
			return busy("the desk is handed to a person at an agent's request (request_human, since "
					+ time(this.request.requestedAt()) + "); wait for them to hand it back");
		}
		return Optional.ofNullable(this.lease);
	}

	private static Optional<DeskhandException> busy(String message) {
		return Optional.of(new DeskhandException(ErrorCode.E_BUSY, message));
	}

	private static String time(Instant instant) {
		return instant.truncatedTo(ChronoUnit.MILLIS).toString();
	}

}
