package dev.deskhand.platform.linux.wayland;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;

/**
 * Hyprland's request socket ({@code .socket.sock}): one connection per request, written
 * as {@code j/<command>}, answered with JSON up to end-of-stream, then closed. Hyprland
 * serves that socket synchronously, so a connection left open stalls the compositor until
 * its own timeout; every request here is bounded by the call timeout and closes its
 * connection. Tested against a socket of the test's own only: Hyprland was never run.
 */
final class HyprlandIpc {

	/** Far more than any answer; a longer one is not Hyprland's. */
	private static final int MAX_REPLY = 16 * 1024 * 1024;

	private final Path socket;

	private final Duration callTimeout;

	HyprlandIpc(Path socket, Duration callTimeout) {
		this.socket = socket;
		this.callTimeout = callTimeout;
	}

	/**
	 * {@code $XDG_RUNTIME_DIR/hypr/$HYPRLAND_INSTANCE_SIGNATURE/.socket.sock}, or under
	 * {@code /tmp/hypr} where older Hyprland versions put it.
	 * @throws DeskhandException E_NO_DESKTOP when neither exists
	 */
	static Path locate(Map<String, String> environment, Path tmp) {
		String signature = environment.get("HYPRLAND_INSTANCE_SIGNATURE");
		if (signature == null || signature.isBlank() || signature.contains("/")) {
			throw new DeskhandException(ErrorCode.E_NO_DESKTOP,
					"HYPRLAND_INSTANCE_SIGNATURE is not set, so Hyprland's socket cannot be found");
		}
		String runtime = environment.get("XDG_RUNTIME_DIR");
		List<Path> candidates = (runtime == null || runtime.isBlank()) ? List.of(tmp.resolve("hypr"))
				: List.of(Path.of(runtime).resolve("hypr"), tmp.resolve("hypr"));
		for (Path base : candidates) {
			Path socket = base.resolve(signature).resolve(".socket.sock");
			if (Files.exists(socket)) {
				return socket;
			}
		}
		throw new DeskhandException(ErrorCode.E_NO_DESKTOP,
				"no Hyprland socket for instance " + signature + " under " + candidates);
	}

	/** {@code j/monitors}, {@code j/clients}, {@code j/activewindow}, ... */
	JsonNode json(String command) {
		String reply = request("j/" + command);
		try {
			return SwayIpc.JSON.readTree(reply);
		}
		catch (JacksonException ex) {
			throw new DeskhandException(ErrorCode.E_FAIL,
					"Hyprland answered '" + command + "' with something that is not JSON: " + abbreviate(reply), ex);
		}
	}

	/**
	 * One request on a connection of its own, read to its end.
	 * @throws DeskhandException E_TIMEOUT past the call timeout, E_NO_DESKTOP when the
	 * socket cannot be reached
	 */
	String request(String request) {
		long deadline = System.nanoTime() + this.callTimeout.toNanos();
		try (SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX);
				Selector selector = Selector.open()) {
			channel.connect(UnixDomainSocketAddress.of(this.socket));
			channel.configureBlocking(false);
			SelectionKey key = channel.register(selector, SelectionKey.OP_WRITE);
			ByteBuffer out = ByteBuffer.wrap(request.getBytes(StandardCharsets.UTF_8));
			while (out.hasRemaining()) {
				if (channel.write(out) == 0) {
					await(selector, deadline, request);
				}
			}
			key.interestOps(SelectionKey.OP_READ);
			ByteArrayOutputStream reply = new ByteArrayOutputStream();
			ByteBuffer in = ByteBuffer.allocate(65536);
			while (true) {
				int n = channel.read(in);
				if (n < 0) {
					return reply.toString(StandardCharsets.UTF_8);
				}
				if (n == 0) {
					await(selector, deadline, request);
					continue;
				}
				if (reply.size() + n > MAX_REPLY) {
					throw new DeskhandException(ErrorCode.E_FAIL,
							"Hyprland's answer to '" + request + "' is longer than " + MAX_REPLY + " bytes");
				}
				reply.write(in.array(), 0, n);
				in.clear();
			}
		}
		catch (IOException ex) {
			throw new DeskhandException(ErrorCode.E_NO_DESKTOP,
					"Hyprland's socket " + this.socket + " does not answer: " + ex.getMessage(), ex);
		}
	}

	private void await(Selector selector, long deadline, String request) throws IOException {
		long left = deadline - System.nanoTime();
		if (left <= 0) {
			throw new DeskhandException(ErrorCode.E_TIMEOUT, "Hyprland did not answer '" + request + "' within "
					+ this.callTimeout.toMillis() + " ms on " + this.socket);
		}
		selector.select(Math.max(1, left / 1_000_000));
		selector.selectedKeys().clear();
	}

	private static String abbreviate(String text) {
		return (text.length() <= 80) ? text : text.substring(0, 80) + "...";
	}

}
