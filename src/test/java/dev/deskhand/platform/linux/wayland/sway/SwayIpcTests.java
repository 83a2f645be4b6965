package dev.deskhand.platform.linux.wayland.sway;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The i3-ipc client against a UNIX socket of the test's own that plays sway: frames,
 * command results, and a compositor that accepts and never answers.
 */
class SwayIpcTests {

	@Test
	void framesAreMagicLengthAndTypeInTheHostsByteOrder() throws IOException {
		ByteBuffer frame = SwayFrames.encode(SwayIpc.RUN_COMMAND, "nop é");
		assertThat(frame.remaining()).isEqualTo(14 + 6);
		byte[] magic = new byte[6];
		frame.duplicate().get(magic);
		assertThat(new String(magic, StandardCharsets.US_ASCII)).isEqualTo("i3-ipc");
		int[] header = SwayFrames.decodeHeader(frame.duplicate());
		assertThat(header).containsExactly(6, 0);
		ByteBuffer expected = ByteBuffer.allocate(4).order(ByteOrder.nativeOrder()).putInt(6).flip();
		assertThat(frame.get(6)).isEqualTo(expected.get(0));
		ByteBuffer garbage = ByteBuffer.wrap("HTTP/1.1 200 OK".getBytes(StandardCharsets.US_ASCII));
		assertThatThrownBy(() -> SwayFrames.decodeHeader(garbage)).isInstanceOf(IOException.class);
	}

	@Test
	void everyCommandResultIsCheckedAndSwaysErrorIsKept() {
		assertThat(SwayIpc.commandFailure(SwayIpc.JSON.readTree("[{\"success\":true},{\"success\":true}]"))).isNull();
		assertThat(SwayIpc.commandFailure(SwayIpc.JSON.readTree(
				"[{\"success\":true},{\"success\":false,\"parse_error\":true,\"error\":\"Unknown/invalid command 'frob'\"}]")))
			.isEqualTo("Unknown/invalid command 'frob'");
		assertThat(SwayIpc.commandFailure(SwayIpc.JSON.readTree("[]"))).isEqualTo("no result for the command");
	}

	@Test
	void aCommandSwayRefusesIsAnErrorWithSwaysText(@TempDir Path dir) throws Exception {
		Path socket = dir.resolve("sway-ipc.1000.42.sock");
		try (FakeSway sway = FakeSway.answering(socket,
				"[{\"success\":false,\"parse_error\":true,\"error\":\"Unknown/invalid command 'frob'\"}]");
				SwayIpc ipc = new SwayIpc(socket, Duration.ofSeconds(5))) {
			assertThatThrownBy(() -> ipc.command("frob"))
				.isInstanceOfSatisfying(DeskhandException.class,
						(ex) -> assertThat(ex.code()).isEqualTo(ErrorCode.E_FAIL))
				.hasMessageContaining("Unknown/invalid command 'frob'");
			assertThat(sway.received).containsExactly("0:frob");
		}
	}

	@Test
	void aCompositorThatNeverAnswersIsATimeoutNotAHang(@TempDir Path dir) throws Exception {
		Path socket = dir.resolve("sway-ipc.1000.43.sock");
		try (FakeSway sway = FakeSway.silent(socket); SwayIpc ipc = new SwayIpc(socket, Duration.ofMillis(300))) {
			long start = System.nanoTime();
			assertThatThrownBy(ipc::outputs)
				.isInstanceOfSatisfying(DeskhandException.class,
						(ex) -> assertThat(ex.code()).isEqualTo(ErrorCode.E_TIMEOUT))
				.hasMessageContaining("within 300 ms");
			assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
			// the next call starts on a fresh connection, and times out the same way
			assertThatThrownBy(ipc::tree).isInstanceOf(DeskhandException.class);
			assertThat(sway.accepted()).isEqualTo(2);
		}
	}

	@Test
	void noSocketIsNoDesktop(@TempDir Path dir) {
		try (SwayIpc ipc = new SwayIpc(dir.resolve("sway-ipc.0.1.sock"), Duration.ofSeconds(1))) {
			assertThatThrownBy(ipc::version).isInstanceOfSatisfying(DeskhandException.class,
					(ex) -> assertThat(ex.code()).isEqualTo(ErrorCode.E_NO_DESKTOP));
		}
	}

	@Test
	void theSocketIsSwaysockElseTheOneInTheRuntimeDirectory(@TempDir Path dir) throws IOException {
		Path socket = Files.createFile(dir.resolve("sway-ipc.65534.4242.sock"));
		assertThat(SwaySocket.locate(Map.of("XDG_RUNTIME_DIR", dir.toString()))).isEqualTo(socket);
		assertThat(SwaySocket.locate(Map.of("SWAYSOCK", socket.toString(), "XDG_RUNTIME_DIR", "/nowhere")))
			.isEqualTo(socket);
		assertThat(SwaySocket.compositorPid(socket)).hasValue(4242);
		Files.createFile(dir.resolve("sway-ipc.65534.77.sock"));
		assertThatThrownBy(() -> SwaySocket.locate(Map.of("XDG_RUNTIME_DIR", dir.toString())))
			.hasMessageContaining("set SWAYSOCK");
		assertThatThrownBy(() -> SwaySocket.locate(Map.of())).isInstanceOfSatisfying(DeskhandException.class,
				(ex) -> assertThat(ex.code()).isEqualTo(ErrorCode.E_NO_DESKTOP));
		assertThatThrownBy(() -> SwaySocket.locate(Map.of("SWAYSOCK", dir.resolve("gone.sock").toString())))
			.hasMessageContaining("does not exist");
	}

	@Test
	void xwaylandsDisplayIsTheOneWhoseLockFileHoldsSwaysPid(@TempDir Path tmp) throws IOException {
		Files.createDirectories(tmp.resolve(".X11-unix"));
		// as wlroots writes them: the pid right-aligned in ten characters and a newline
		Files.writeString(tmp.resolve(".X0-lock"), String.format("%10d%n", 999));
		Files.createFile(tmp.resolve(".X11-unix/X0"));
		Files.writeString(tmp.resolve(".X1-lock"), String.format("%10d%n", 4242));
		Files.createFile(tmp.resolve(".X11-unix/X1"));
		Path socket = Path.of("/run/user/1000/sway-ipc.1000.4242.sock");
		assertThat(SwaySocket.xwaylandDisplay(socket, tmp)).contains(":1");
		assertThat(SwaySocket.xwaylandDisplay(Path.of("/run/user/1000/sway-ipc.1000.7.sock"), tmp)).isEmpty();
		assertThat(SwaySocket.xwaylandDisplay(Path.of("/run/user/1000/other.sock"), tmp)).isEmpty();
	}

	/** A UNIX socket server that reads i3-ipc requests and answers each one, or none. */
	static final class FakeSway implements AutoCloseable {

		final List<String> received = new CopyOnWriteArrayList<>();

		private final ServerSocketChannel server;

		private final String answer;

		private final List<SocketChannel> clients = new CopyOnWriteArrayList<>();

		private final Thread thread;

		private FakeSway(Path socket, String answer) throws IOException {
			this.server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
			this.server.bind(UnixDomainSocketAddress.of(socket));
			this.answer = answer;
			this.thread = new Thread(this::serve, "fake-sway");
			this.thread.setDaemon(true);
			this.thread.start();
		}

		static FakeSway answering(Path socket, String answer) throws IOException {
			return new FakeSway(socket, answer);
		}

		static FakeSway silent(Path socket) throws IOException {
			return new FakeSway(socket, null);
		}

		int accepted() {
			return this.clients.size();
		}

		private void serve() {
			try {
				while (true) {
					SocketChannel client = this.server.accept();
					this.clients.add(client);
					if (this.answer == null) {
						continue;
					}
					ByteBuffer header = ByteBuffer.allocate(14);
					while (header.hasRemaining() && client.read(header) >= 0) {
					}
					int[] decoded = SwayFrames.decodeHeader(header.flip());
					ByteBuffer body = ByteBuffer.allocate(decoded[0]);
					while (body.hasRemaining() && client.read(body) >= 0) {
					}
					this.received.add(decoded[1] + ":" + StandardCharsets.UTF_8.decode(body.flip()));
					ByteBuffer reply = SwayFrames.encode(decoded[1], this.answer);
					while (reply.hasRemaining()) {
						client.write(reply);
					}
				}
			}
			catch (IOException ex) {
				// closed
			}
		}

		@Override
		public void close() throws Exception {
			this.server.close();
			for (SocketChannel client : this.clients) {
				client.close();
			}
			this.thread.join(2000);
		}

	}

}
