package dev.deskhand.platform;

import java.net.InetSocketAddress;
import java.util.Map;
import java.util.Set;

/**
 * Whether the client of a TCP connection to this process has gone. A tool call that waits
 * (for an approval, for the person at the desk) does no I/O on its connection, so the
 * servlet container does not notice a client that hung up; the OS does. Where the OS is
 * not asked, every connection is {@link State#UNKNOWN}.
 */
public interface ClientConnections {

	/**
	 * @param connections connections to this process, each as its two ends
	 * @return the state of each
	 */
	Map<Connection, State> states(Set<Connection> connections);

	/** Where the OS cannot be asked (or is not yet): nothing is known. */
	static ClientConnections unsupported() {
		return (connections) -> Map.of();
	}

	/**
	 * @param server this process's end (its address and port)
	 * @param client the client's end
	 */
	record Connection(InetSocketAddress server, InetSocketAddress client) {
	}

	enum State {

		/** The connection is there and the client has not closed its end. */
		OPEN,

		/** The client closed its end (sent its FIN). */
		CLOSED_BY_CLIENT,

		/**
		 * The OS knows no such connection: reset by the client, or addressed in a way the
		 * OS does not list; only after it was seen {@link #OPEN} does it mean gone.
		 */
		ABSENT,

		/** The OS was not asked (a missing entry means the same). */
		UNKNOWN

	}

}
