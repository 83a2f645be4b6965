package dev.deskhand.platform.linux.x11;

import java.util.List;
import java.util.Optional;

import dev.deskhand.platform.InputSnapshot;
import dev.deskhand.platform.InputStateSensor;
import dev.deskhand.platform.Point;

/**
 * The sensor of the own-display working mode: the agent display's for everything the desk
 * compares with what Deskhand injected (the person reaching in through the Xephyr window
 * shows there, their input on their own display never does), and the person's display's
 * keyboard besides for the failsafe's chord, which the person presses on their own
 * keyboard.
 */
final class X11OwnDisplaySensor implements InputStateSensor {

	private final InputStateSensor agent;

	private final InputStateSensor person;

	X11OwnDisplaySensor(InputStateSensor agent, InputStateSensor person) {
		this.agent = agent;
		this.person = person;
	}

	/** Held on either display: on the person's keyboard, or passed into the agent's. */
	@Override
	public boolean isHeld(List<String> keyNames) {
		return this.person.isHeld(keyNames) || this.agent.isHeld(keyNames);
	}

	/** On the agent display: the failsafe's corners are that display's. */
	@Override
	public Point pointerPosition() {
		return this.agent.pointerPosition();
	}

	@Override
	public Optional<InputSnapshot> snapshot() {
		return this.agent.snapshot();
	}

	@Override
	public long connectionGeneration() {
		return this.agent.connectionGeneration();
	}

	@Override
	public void close() {
		try {
			this.agent.close();
		}
		finally {
			this.person.close();
		}
	}

}
