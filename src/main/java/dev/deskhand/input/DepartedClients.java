package dev.deskhand.input;

/**
 * Whether the client of an agent session is evidently gone, though its session has not
 * ended: a one-shot client (one {@code initialize}, one call, exit) that never said
 * goodbye. The input lease asks it before it keeps another session out. A transport that
 * cannot tell answers {@code false}.
 */
@FunctionalInterface
public interface DepartedClients {

	/**
	 * @param session an agent session's handle
	 * @return whether its client is gone for certain; {@code false} when unknown
	 */
	boolean departed(String session);

}
