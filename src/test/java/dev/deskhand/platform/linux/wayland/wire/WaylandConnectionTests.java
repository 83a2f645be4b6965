package dev.deskhand.platform.linux.wayland.wire;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import dev.deskhand.errors.ErrorCode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The connection against a scripted compositor on a real Unix socket: what it sends, and
 * how it takes errors, deleted ids, a silent peer and a closed one.
 */
class WaylandConnectionTests {

	@TempDir
	Path dir;

	private ServerSocketChannel server;

	private SocketChannel peer;

	private WaylandConnection connection;

	@BeforeEach
	void listen() throws IOException {
		Path socket = this.dir.resolve("wayland-test");
		this.server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
		this.server.bind(UnixDomainSocketAddress.of(socket));
		this.connection = WaylandConnection.open(socket, Duration.ofSeconds(2));
		this.peer = this.server.accept();
	}

	@AfterEach
	void close() throws IOException {
		this.connection.close();
		this.peer.close();
		this.server.close();
	}

	@Test
	void roundtripSendsSyncAndReturnsOnDone() throws Exception {
		Script compositor = answer(() -> {
			ByteBuffer sync = read(12);
			assertThat(sync.getInt(0)).isEqualTo(1);
			assertThat(sync.getInt(4)).isEqualTo((12 << 16) | 0);
			int callback = sync.getInt(8);
			write(message(callback, 0, 77), message(1, 1, callback));
		});
		this.connection.roundtrip();
		compositor.join(10_000);
		assertThat(this.connection.isClosed()).isFalse();
	}

	@Test
	void anIdIsReusedOnlyAfterTheCompositorDeletedIt() throws Exception {
		WaylandWireObject first = this.connection.newObject("wl_callback", 1, WaylandWireHandler.IGNORE);
		this.connection.request(this.connection.display(), 0).newId(first).send();
		this.connection.destroyed(first);
		Script compositor = answer(() -> {
			read(12);
			ByteBuffer sync = read(12);
			int callback = sync.getInt(8);
			assertThat(callback).as("not reused before delete_id").isEqualTo(first.id() + 1);
			write(message(1, 1, first.id()), message(callback, 0, 1), message(1, 1, callback));
		});
		this.connection.roundtrip();
		compositor.join(10_000);
		// a deleted id comes back (the callback's too, when its delete_id was read along
		// with done), never a fresh one
		assertThat(this.connection.newObject("wl_callback", 1, WaylandWireHandler.IGNORE).id()).isIn(first.id(),
				first.id() + 1);
	}

	@Test
	void aProtocolErrorNamesTheObjectTheCodeAndTheMessage() throws Exception {
		WaylandWireObject frame = this.connection.newObject("zwlr_screencopy_frame_v1", 3, WaylandWireHandler.IGNORE);
		Script compositor = answer(() -> {
			read(12);
			write(errorEvent(frame.id(), 1, "invalid buffer"));
		});
		assertThatThrownBy(this.connection::roundtrip).isInstanceOf(WaylandConnectionException.class)
			.hasMessage("the Wayland compositor ended the connection: error 1 on zwlr_screencopy_frame_v1@" + frame.id()
					+ ": invalid buffer");
		compositor.join(10_000);
		assertThat(this.connection.isClosed()).isTrue();
		assertThatThrownBy(this.connection::flush).isInstanceOf(WaylandConnectionException.class)
			.hasMessageContaining("invalid buffer");
	}

	@Test
	void aSilentCompositorIsATimeoutNotAHang() {
		long start = System.nanoTime();
		assertThatThrownBy(this.connection::roundtrip).isInstanceOf(WaylandConnectionException.class)
			.hasMessageContaining("did not answer a roundtrip (wl_display.sync) within 2000 ms")
			.extracting((ex) -> ((WaylandConnectionException) ex).code())
			.isEqualTo(ErrorCode.E_NO_DESKTOP);
		assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(10));
		assertThat(this.connection.isClosed()).isTrue();
	}

	@Test
	// a blocking write hangs in native code, which no interrupt ends: fail from another
	// thread instead
	@Timeout(value = 20, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
	void aCompositorThatStopsReadingIsATimeoutNotAHang() {
		long start = System.nanoTime();
		assertThatThrownBy(() -> {
			// far more than a socket buffer holds, to a peer that never reads
			for (int i = 0; i < 10_000; i++) {
				this.connection.request(this.connection.display(), 9).array(new byte[4000]).send();
			}
		}).isInstanceOf(WaylandConnectionException.class).hasMessageContaining("took no requests for 2000 ms");
		assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(10));
		assertThat(this.connection.isClosed()).isTrue();
	}

	@Test
	void aCompositorThatHangsUpIsReported() throws Exception {
		this.peer.close();
		assertThatThrownBy(this.connection::roundtrip).isInstanceOf(WaylandConnectionException.class)
			.hasMessageMatching("(the Wayland compositor at .* closed the connection|lost the Wayland compositor.*)");
	}

	@Test
	void registryCollectsGlobalsAndReportsTheMissing() throws Exception {
		Script compositor = answer(() -> {
			ByteBuffer getRegistry = read(12);
			int registry = getRegistry.getInt(8);
			ByteBuffer sync = read(12);
			write(WaylandWireTests.globalEvent(registry, 1, "wl_shm", 1),
					WaylandWireTests.globalEvent(registry, 2, "wl_output", 4),
					WaylandWireTests.globalEvent(registry, 3, "wl_output", 4),
					WaylandWireTests.globalEvent(registry, 4, "zwlr_screencopy_manager_v1", 3),
					message(sync.getInt(8), 0, 1));
		});
		WaylandRegistry registry = this.connection.registry();
		compositor.join(10_000);
		assertThat(registry.globals()).hasSize(4);
		assertThat(registry.globals("wl_output")).extracting(WaylandRegistryGlobal::name).containsExactly(2, 3);
		assertThat(registry.missingDriverGlobals()).hasValueSatisfying((sentence) -> assertThat(sentence)
			.startsWith("the compositor does not offer zwlr_virtual_pointer_manager_v1")
			.contains("zwp_virtual_keyboard_manager_v1", "wl_seat")
			.doesNotContain("wl_shm (", "wl_output (", "zwlr_screencopy_manager_v1 ("));
		assertThatThrownBy(() -> registry.bind("wl_seat", 7, WaylandWireHandler.IGNORE))
			.hasMessageStartingWith("the compositor does not offer wl_seat");
	}

	private Script answer(ThrowingRunnable script) {
		List<Throwable> failures = new java.util.concurrent.CopyOnWriteArrayList<>();
		Thread thread = new Thread(() -> {
			try {
				script.run();
			}
			catch (Throwable ex) {
				failures.add(ex);
			}
		}, "scripted-compositor");
		thread.setDaemon(true);
		thread.start();
		return new Script(thread, failures);
	}

	/** The scripted compositor's thread; its assertion failures fail the test. */
	record Script(Thread thread, List<Throwable> failures) {

		void join(long millis) throws InterruptedException {
			this.thread.join(millis);
			assertThat(this.thread.isAlive()).as("scripted compositor finished").isFalse();
			if (!this.failures.isEmpty()) {
				throw new AssertionError("scripted compositor failed", this.failures.get(0));
			}
		}

	}

	private ByteBuffer read(int bytes) throws IOException {
		ByteBuffer buffer = ByteBuffer.allocate(bytes).order(ByteOrder.nativeOrder());
		while (buffer.hasRemaining()) {
			if (this.peer.read(buffer) < 0) {
				throw new IOException("client closed");
			}
		}
		return buffer.flip();
	}

	private void write(byte[]... messages) throws IOException {
		for (byte[] message : messages) {
			ByteBuffer buffer = ByteBuffer.wrap(message);
			while (buffer.hasRemaining()) {
				this.peer.write(buffer);
			}
		}
	}

	private static byte[] message(int objectId, int opcode, int argument) {
		return WaylandWireRequest.detached(objectId, opcode).uint(argument).encode();
	}

	private static byte[] errorEvent(int objectId, int code, String text) {
		return WaylandWireRequest.detached(1, 0).intArg(objectId).uint(code).string(text).encode();
	}

	@FunctionalInterface
	interface ThrowingRunnable {

		void run() throws Exception;

	}

}
