package dev.deskhand.input;

import java.util.List;

/**
 * A check that runs on the input thread right before a job's actions reach the driver
 * (the failsafe, for one). Throwing a {@link dev.deskhand.errors.DeskhandException}
 * refuses the job before anything happens.
 */
@FunctionalInterface
public interface InputGuard {

	void beforeActions(String session, List<InputAction> actions);

}
