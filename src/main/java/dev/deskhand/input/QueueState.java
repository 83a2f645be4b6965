package dev.deskhand.input;

/**
 * A snapshot of the input queue for health and the operator.
 *
 * @param waiting jobs waiting behind the running one
 * @param capacity how many may wait
 * @param running the tool now running, or {@code null}
 * @param stuck the tool whose native call outlived its timeout, or {@code null}; while
 * set the queue refuses work (E_BUSY) and health reports it degraded
 */
public record QueueState(int waiting, int capacity, String running, String stuck) {

	public boolean degraded() {
		return this.stuck != null;
	}

}
