package dev.deskhand.input;

import java.time.Instant;

/**
 * The failsafe as operators see it.
 *
 * @param tripped whether input is refused now
 * @param reason why it tripped ({@code chord ctrl+alt+Escape}, {@code corner},
 * {@code operator}), or {@code null}
 * @param trippedAt when, or {@code null}
 * @param until when the cooldown ends, or {@code null}
 * @param trips how many times it tripped since start-up
 */
public record FailsafeState(boolean tripped, String reason, Instant trippedAt, Instant until, long trips) {
}
