package dev.deskhand.platform;

import java.net.InetSocketAddress;

/**
 * Which OS user opened a TCP connection to this process from this machine. The agents'
 * port asks it once per connection to serve only the desktop's own user when no agent
 * token identifies the client. Each OS answers in its own package; where the OS gives no
 * answer (or Deskhand does not ask it yet) {@link #unsupported()} says so, and the caller
 * refuses.
 */
public interface ConnectionOwners {

	/** The OS user this JVM runs as: the desktop's user. */
	OsUser self();

	/**
	 * @param client the client's end of the connection (its address and port)
	 * @param server this process's end of the connection
	 * @return the user owning the client's socket, or why it cannot be told
	 */
	Owner ownerOf(InetSocketAddress client, InetSocketAddress server);

	/**
	 * The answer where the OS cannot be asked (or is not yet): every connection's owner
	 * is unknown, and the sentence names the OS.
	 */
	static ConnectionOwners unsupported() {
		OsUser self = new OsUser("the user it runs as");
		Owner unknown = new Owner.Unknown("Deskhand cannot yet ask " + PlatformNames.of(OperatingSystem.current())
				+ " which user opened a connection");
		return new ConnectionOwners() {

			@Override
			public OsUser self() {
				return self;
			}

			@Override
			public Owner ownerOf(InetSocketAddress client, InetSocketAddress server) {
				return unknown;
			}

		};
	}

	/**
	 * An OS user as the OS names it.
	 *
	 * @param name for example {@code uid 1000}
	 */
	record OsUser(String name) {

		@Override
		public String toString() {
			return this.name;
		}

	}

	/** The owner of a connection's client end, or why it is not known. */
	sealed interface Owner {

		/**
		 * @param user the user whose process created the client's socket
		 */
		record Known(OsUser user) implements Owner {
		}

		/**
		 * @param why a clause saying why the owner is not known
		 */
		record Unknown(String why) implements Owner {
		}

	}

}
