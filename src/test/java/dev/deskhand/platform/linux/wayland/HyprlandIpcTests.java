package dev.deskhand.platform.linux.wayland;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
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
 * Hyprland's request socket, played by a UNIX socket of the test's own (Hyprland itself
 * was never run): one request per connection, answered up to end-of-stream.
 */
class HyprlandIpcTests {

	@Test
	void aRequestIsWrittenOnItsOwnConnectionAndTheAnswerReadToItsEnd(@TempDir Path dir) throws Exception {
		Path socket = dir.resolve(".socket.sock");
		String monitors = WaylandLayoutTests.fixture("hyprland-monitors-laptop-and-two-externals.json").toString();
		List<String> requests = new CopyOnWriteArrayList<>();
		try (ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
			server.bind(UnixDomainSocketAddress.of(socket));
			Thread hyprland = new Thread(() -> {
				for (int i = 0; i < 2; i++) {
					try (SocketChannel client = server.accept()) {
						ByteBuffer in = ByteBuffer.allocate(256);
						client.read(in);
						requests.add(new String(in.array(), 0, in.position(), StandardCharsets.UTF_8));
						ByteBuffer out = ByteBuffer.wrap(monitors.getBytes(StandardCharsets.UTF_8));
						while (out.hasRemaining()) {
							client.write(out);
						}
					}
					catch (IOException ex) {
						return;
					}
				}
			});
			hyprland.setDaemon(true);
			hyprland.start();
			HyprlandIpc ipc = new HyprlandIpc(socket, Duration.ofSeconds(5));
			assertThat(HyprlandOutputs.parse(ipc.json("monitors")).outputs()).hasSize(3);
			assertThat(ipc.json("monitors").size()).isEqualTo(4);
			assertThat(requests).containsExactly("j/monitors", "j/monitors");
		}
	}

	@Test
	void aHyprlandThatNeverAnswersIsATimeout(@TempDir Path dir) throws Exception {
		Path socket = dir.resolve(".socket.sock");
		try (ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
			server.bind(UnixDomainSocketAddress.of(socket));
			HyprlandIpc ipc = new HyprlandIpc(socket, Duration.ofMillis(300));
			long start = System.nanoTime();
			assertThatThrownBy(() -> ipc.json("clients")).isInstanceOfSatisfying(DeskhandException.class,
					(ex) -> assertThat(ex.code()).isEqualTo(ErrorCode.E_TIMEOUT));
			assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
		}
	}

	@Test
	void theSocketIsUnderTheRuntimeDirectoryOrTmp(@TempDir Path dir) throws IOException {
		Path runtime = dir.resolve("run");
		Path tmp = dir.resolve("tmp");
		Path old = Files.createDirectories(tmp.resolve("hypr/abc_123")).resolve(".socket.sock");
		Files.createFile(old);
		Map<String, String> environment = Map.of("XDG_RUNTIME_DIR", runtime.toString(), "HYPRLAND_INSTANCE_SIGNATURE",
				"abc_123");
		assertThat(HyprlandIpc.locate(environment, tmp)).isEqualTo(old);
		Path current = Files.createDirectories(runtime.resolve("hypr/abc_123")).resolve(".socket.sock");
		Files.createFile(current);
		assertThat(HyprlandIpc.locate(environment, tmp)).isEqualTo(current);
		assertThatThrownBy(() -> HyprlandIpc.locate(Map.of(), tmp)).isInstanceOf(DeskhandException.class);
		assertThatThrownBy(() -> HyprlandIpc.locate(Map.of("HYPRLAND_INSTANCE_SIGNATURE", "other"), tmp))
			.hasMessageContaining("no Hyprland socket");
	}

}
