package dev.deskhand.platform;

/**
 * What a driver last saw of its desktop, read without touching it: health and probes ask
 * for it, so it never waits for the desktop.
 *
 * @param state whether the desktop answers
 * @param reason why it does not, or why the driver is wedged; {@code null} when all is
 * well
 * @param wedged the driver cannot recover by itself (a native call stuck far beyond its
 * timeout while the desktop answers): only a restart of the process helps
 */
public record DesktopHealth(State state, String reason, boolean wedged) {

	public enum State {

		/** The desktop answered the driver's last look at it. */
		ANSWERING,

		/**
		 * The desktop is there but does not answer (a stopped or stuck display server).
		 */
		NOT_ANSWERING,

		/** The desktop went away or cannot be reached. */
		GONE

	}

	public static DesktopHealth answering() {
		return new DesktopHealth(State.ANSWERING, null, false);
	}

	public boolean isAnswering() {
		return this.state == State.ANSWERING;
	}

}
