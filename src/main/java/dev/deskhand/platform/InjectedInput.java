package dev.deskhand.platform;

import java.util.Set;

/**
 * What Deskhand itself has injected, as the driver tracks it: compared with an
 * {@link InputSnapshot}, what differs is the human's.
 *
 * @param calls how many injecting calls have ended: a reading of the real state is only
 * comparable when this did not change around it
 * @param inFlight whether an injecting call is running now
 * @param pointer where Deskhand last put the pointer, or {@code null} if it never did
 * @param pointerMoves how many times it did
 * @param keys the keys it holds, by the driver's own codes
 * @param buttons the buttons it holds
 */
public record InjectedInput(long calls, boolean inFlight, Point pointer, long pointerMoves, Set<Integer> keys,
		Set<Integer> buttons) {

	public InjectedInput {
		keys = Set.copyOf(keys);
		buttons = Set.copyOf(buttons);
	}

}
