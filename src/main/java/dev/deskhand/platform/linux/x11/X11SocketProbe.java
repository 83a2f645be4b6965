package dev.deskhand.platform.linux.x11;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Asks an X server for its connection setup over a plain socket, without Xlib: whether
 * the server answers at all, bounded by a timeout and leaving no thread behind. It is the
 * witness that tells a stopped server (no answer) from connections of Deskhand's that are
 * stuck while the server is fine. Whatever the server says counts as an answer, a refusal
 * for lack of authorization too; the probe sends no credentials and reads one byte.
 */
final class X11SocketProbe {

	enum Result {

		/** The server sent its setup answer. */
		ANSWERS,

		/**
		 * Connected, but no answer within the timeout: the server is stopped or stuck.
		 */
		NO_ANSWER,

		/** Nothing listens there. */
		UNREACHABLE,

		/** A display name this probe cannot turn into a socket address. */
		UNKNOWN

	}

	/** {@code [host]:display[.screen]}, with {@code unix} as a host meaning local. */
	private static final Pattern NAME = Pattern.compile("([A-Za-z0-9.\\-]*):(\\d+)(\\.\\d+)?");

	private static final int X_TCP_PORT = 6000;

	/** Little-endian byte order, protocol 11.0, no authorization. */
	private static final byte[] SETUP = { 0x6c, 0, 11, 0, 0, 0, 0, 0, 0, 0, 0, 0 };

	private X11SocketProbe() {
	}

	static Result probe(String displayName, Duration timeout) {
		SocketAddress address = address(displayName);
		if (address == null) {
			return Result.UNKNOWN;
		}
		long deadline = System.nanoTime() + timeout.toNanos();
		try (SocketChannel channel = (address instanceof UnixDomainSocketAddress)
				? SocketChannel.open(StandardProtocolFamily.UNIX) : SocketChannel.open();
				Selector selector = Selector.open()) {
			channel.configureBlocking(false);
			try {
				if (!channel.connect(address)) {
					channel.register(selector, SelectionKey.OP_CONNECT);
					if (!waitFor(selector, deadline) || !channel.finishConnect()) {
						return Result.NO_ANSWER;
					}
					selector.selectedKeys().clear();
				}
			}
			catch (IOException ex) {
				return Result.UNREACHABLE;
			}
			ByteBuffer request = ByteBuffer.wrap(SETUP);
			channel.register(selector, SelectionKey.OP_WRITE);
			while (request.hasRemaining()) {
				if (!waitFor(selector, deadline)) {
					return Result.NO_ANSWER;
				}
				selector.selectedKeys().clear();
				channel.write(request);
			}
			channel.register(selector, SelectionKey.OP_READ);
			ByteBuffer answer = ByteBuffer.allocate(1);
			while (answer.hasRemaining()) {
				if (!waitFor(selector, deadline)) {
					return Result.NO_ANSWER;
				}
				selector.selectedKeys().clear();
				if (channel.read(answer) < 0) {
					// closed without a word: the server is going away
					return Result.UNREACHABLE;
				}
			}
			return Result.ANSWERS;
		}
		catch (IOException ex) {
			return Result.UNREACHABLE;
		}
	}

	private static boolean waitFor(Selector selector, long deadline) throws IOException {
		long millis = (deadline - System.nanoTime()) / 1_000_000;
		if (millis <= 0) {
			return false;
		}
		return selector.select(millis) > 0;
	}

	/**
	 * The socket Xlib would use for a display name: {@code /tmp/.X11-unix/X<n>} for a
	 * local display, TCP port {@code 6000 + n} on a named host.
	 * @return the address, or {@code null} for a name this probe does not understand
	 */
	static SocketAddress address(String displayName) {
		if (displayName == null) {
			return null;
		}
		Matcher matcher = NAME.matcher(displayName);
		if (!matcher.matches()) {
			return null;
		}
		String host = matcher.group(1);
		int number = Integer.parseInt(matcher.group(2));
		if (host.isEmpty() || host.equals("unix")) {
			// a missing socket file makes the connect fail: UNREACHABLE, as Xlib would
			// find
			return UnixDomainSocketAddress.of(Path.of("/tmp/.X11-unix/X" + number));
		}
		if (number > 65535 - X_TCP_PORT) {
			return null;
		}
		return new InetSocketAddress(host, X_TCP_PORT + number);
	}

}
