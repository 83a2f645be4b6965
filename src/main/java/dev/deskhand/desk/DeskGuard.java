package dev.deskhand.desk;

import java.util.List;

import org.springframework.core.Ordered;

import dev.deskhand.input.InputAction;
import dev.deskhand.input.InputGuard;

/**
 * Refuses agents' input on the input thread, right before it would reach the desktop,
 * while the person at the desk or the operator has it.
 */
class DeskGuard implements InputGuard, Ordered {

	private final Desk desk;

	DeskGuard(Desk desk) {
		this.desk = desk;
	}

	@Override
	public void beforeActions(String session, List<InputAction> actions) {
		this.desk.check();
	}

	@Override
	public int getOrder() {
		// After the failsafe (an emergency stop is the first thing to say), before the
		// app scope: whose desk it is comes before which window has focus.
		return 10;
	}

}
