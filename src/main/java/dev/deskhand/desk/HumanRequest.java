package dev.deskhand.desk;

import java.time.Instant;

/**
 * An agent asked for the person at the desk ({@code request_human}): a captcha, a login,
 * a payment.
 *
 * @param id what the operator answers it by
 * @param session the asking session's handle
 * @param principal who runs that session
 * @param reason the agent's words for the human
 * @param requestedAt when
 * @param until when the agent stops waiting
 */
public record HumanRequest(String id, String session, String principal, String reason, Instant requestedAt,
		Instant until) {
}
