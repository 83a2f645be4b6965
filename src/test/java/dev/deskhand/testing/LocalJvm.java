package dev.deskhand.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Path;

/**
 * What a test needs to start another JVM on this machine: its tools and a port to give
 * it.
 */
public final class LocalJvm {

	private LocalJvm() {
	}

	/** A tool of the JDK running the tests ({@code java}, {@code jcmd}). */
	public static String tool(String name) {
		return Path.of(System.getProperty("java.home"), "bin", name).toString();
	}

	/** A TCP port free right now, for a server the test starts. */
	public static int freePort() {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
