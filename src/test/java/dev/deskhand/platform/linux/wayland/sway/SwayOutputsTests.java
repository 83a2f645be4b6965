package dev.deskhand.platform.linux.wayland.sway;

import dev.deskhand.platform.linux.wayland.layout.WaylandLayout;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.deskhand.platform.Rect;
import dev.deskhand.testing.Pause;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The layout cache of a sway that sends {@code output} events (1.8 and later; the rig's
 * 1.7 does not, see the driver package's SwayLiveTests), against a UNIX socket of the
 * test's own that answers like sway: the cached layout is served until an event says it
 * changed, and read on every call while the event stream is down.
 */
class SwayOutputsTests {

	// compact JSON once read and written again: the scale change below edits it as text
	private static final String TWO = SwayFixtures.fixture("sway-get_outputs-two-monitors.json").toString();

	@Test
	void theCachedLayoutIsServedUntilAnOutputEventAndReadOnEveryCallWhileTheStreamIsDown(@TempDir Path dir)
			throws Exception {
		Path socket = dir.resolve("sway-ipc.1000.1.sock");
		try (ScriptedSway sway = new ScriptedSway(socket, TWO)) {
			SwayIpc ipc = new SwayIpc(socket, Duration.ofSeconds(5));
			SwayOutputs outputs = new SwayOutputs(ipc).watch();
			try {
				assertThat(outputs.eventsTell()).isTrue();
				WaylandLayout first = outputs.layout();
				assertThat(outputs.layout()).isEqualTo(first);
				assertThat(sway.outputReads.get()).as("the second call is served from the cache").isEqualTo(1);

				// HEADLESS-2 scaled to 2, and the event sway sends for it
				sway.outputs = TWO.replace("\"scale\":1.0", "\"scale\":2.0")
					.replace("\"width\":1280,\"height\":1024}", "\"width\":640,\"height\":512}");
				long generation = outputs.generation();
				sway.push("output", "{\"change\":\"unspecified\"}");
				awaitTrue(() -> !outputs.layout().equals(first), "the new layout");
				assertThat(outputs.layout().displays().get(1).bounds()).isEqualTo(new Rect(3072, 0, 1280, 1024));
				assertThat(outputs.generation()).isEqualTo(generation + 1);

				// sway restarts: the stream breaks, every call reads, and the stream
				// comes back
				sway.dropAll();
				awaitTrue(() -> !outputs.eventsTell(), "the broken stream");
				int reads = sway.outputReads.get();
				outputs.layout();
				outputs.layout();
				assertThat(sway.outputReads.get()).isEqualTo(reads + 2);
				awaitTrue(outputs::eventsTell, "the stream subscribed again");
				assertThat(sway.subscriptions.get()).isEqualTo(2);
			}
			finally {
				outputs.close();
				ipc.close();
			}
		}
	}

	/**
	 * Answers GET_OUTPUTS with {@link #outputs}, SUBSCRIBE with success, anything else
	 * with an empty object; pushes events to subscribed connections.
	 */
	static final class ScriptedSway implements AutoCloseable {

		volatile String outputs;

		final AtomicInteger outputReads = new AtomicInteger();

		final AtomicInteger subscriptions = new AtomicInteger();

		private final ServerSocketChannel server;

		private final List<SocketChannel> clients = new CopyOnWriteArrayList<>();

		private final List<SocketChannel> subscribed = new CopyOnWriteArrayList<>();

		private final Thread acceptor;

		ScriptedSway(Path socket, String outputs) throws IOException {
			this.outputs = outputs;
			this.server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
			this.server.bind(UnixDomainSocketAddress.of(socket));
			this.acceptor = new Thread(this::accept, "scripted-sway");
			this.acceptor.setDaemon(true);
			this.acceptor.start();
		}

		private void accept() {
			try {
				while (true) {
					SocketChannel client = this.server.accept();
					this.clients.add(client);
					Thread serving = new Thread(() -> serve(client), "scripted-sway-client");
					serving.setDaemon(true);
					serving.start();
				}
			}
			catch (IOException ex) {
				// closed
			}
		}

		private void serve(SocketChannel client) {
			try {
				while (true) {
					ByteBuffer header = ByteBuffer.allocate(SwayFrames.HEADER_BYTES);
					while (header.hasRemaining()) {
						if (client.read(header) < 0) {
							return;
						}
					}
					int[] decoded = SwayFrames.decodeHeader(header.flip());
					ByteBuffer body = ByteBuffer.allocate(decoded[0]);
					while (body.hasRemaining() && client.read(body) >= 0) {
					}
					String reply = "{}";
					if (decoded[1] == SwayIpc.GET_OUTPUTS) {
						this.outputReads.incrementAndGet();
						reply = this.outputs;
					}
					else if (decoded[1] == SwayIpc.SUBSCRIBE) {
						this.subscriptions.incrementAndGet();
						reply = "{\"success\":true}";
					}
					write(client, SwayFrames.encode(decoded[1], reply));
					if (decoded[1] == SwayIpc.SUBSCRIBE) {
						this.subscribed.add(client);
					}
				}
			}
			catch (IOException ex) {
				// the client went away
			}
		}

		void push(String event, String body) throws IOException {
			for (SocketChannel client : this.subscribed) {
				write(client, SwayFrames.encode(SwayEvents.TYPES.get(event), body));
			}
		}

		/** Closes every connection, as a sway that exits does. */
		void dropAll() throws IOException {
			for (SocketChannel client : this.clients) {
				client.close();
			}
			this.clients.clear();
			this.subscribed.clear();
		}

		private static synchronized void write(SocketChannel client, ByteBuffer frame) throws IOException {
			while (frame.hasRemaining()) {
				client.write(frame);
			}
		}

		@Override
		public void close() throws Exception {
			this.server.close();
			dropAll();
			this.acceptor.join(2000);
		}

	}

	private static void awaitTrue(BooleanSupplier condition, String what) {
		long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
		while (!condition.getAsBoolean()) {
			if (System.nanoTime() > deadline) {
				throw new AssertionError("no " + what + " within 10 s");
			}
			Pause.millis(10);
		}
	}

}
