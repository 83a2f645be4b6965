package dev.deskhand.platform;

import java.net.InetSocketAddress;
import java.util.Set;

/**
 * Whether the client of a TCP connection to this process has gone. A tool call that waits
 * (for an approval, for the person at the desk) does no I/O on its connection, so the
 * servlet container does not notice a client that hung up; the OS does. Where the OS is
 * not asked, nothing is ever reported gone.
 */
public interface ClientConnections {

	/**
	 * @param connections connections to this process, each as its two ends
	 * @return those among them whose client closed or reset its end
	 */
	Set<Connection> gone(Set<Connection> connections);

	/** Where the OS cannot be asked (or is not yet): no connection is ever gone. */
	static ClientConnections unsupported() {
		return (connections) -> Set.of();
	}

	/**
	 * @param server this process's end (its address and port)
	 * @param client the client's end
	 */
	record Connection(InetSocketAddress server, InetSocketAddress client) {
	}

}
