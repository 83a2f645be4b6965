package dev.deskhand.screen;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.File;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import javax.imageio.ImageIO;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.deskhand.mcp.McpTestClients;
import dev.deskhand.platform.Frame;
import dev.deskhand.screen.codec.AreaAverageScaler;
import dev.deskhand.screen.codec.JpegEncoder;
import dev.deskhand.testing.Pause;
import dev.deskhand.testing.TestDesktop;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A JPEG screenshot of the real desktop, through an MCP client, is the desktop's pixels
 * as an independent capture (ImageMagick's {@code import}) shows them, scaled and encoded
 * whole at the default quality and 4:4:4: Deskhand's stripes and their reuse after a
 * terminal scrolled change nothing a decoder sees.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "management.server.port=0", "deskhand.display.managed=false", "deskhand.audit.enabled=false" })
class JpegScreenshotLiveTests {

	private static Process terminal;

	private static RandomAccessFile terminalInput;

	private static Path dir;

	@LocalServerPort
	private int port;

	@DynamicPropertySource
	static void display(DynamicPropertyRegistry registry) {
		registry.add("deskhand.display.name", () -> TestDesktop.shared().display());
	}

	@BeforeAll
	static void openTerminal() throws IOException {
		TestDesktop desktop = TestDesktop.shared();
		dir = Files.createTempDirectory("deskhand-jpeg-live");
		Path fifo = dir.resolve("terminal");
		desktop.run(Duration.ofSeconds(10), "mkfifo", fifo.toString()).requireSuccess("mkfifo");
		ProcessBuilder builder = new ProcessBuilder("xterm", "-geometry", "120x30+600+300", "-bg", "black", "-T",
				"jpeg live terminal", "-e", "sh", "-c",
				"ls -l --color=always /usr/bin | head -n 28; exec 3<>\"$1\"; exec cat <&3", "sh", fifo.toString())
			.redirectErrorStream(true)
			.redirectOutput(dir.resolve("xterm.log").toFile())
			.redirectInput(new File("/dev/null"));
		builder.environment().putAll(desktop.environment());
		terminal = builder.start();
		desktop.awaitWindow("jpeg live terminal", Duration.ofSeconds(20));
		terminalInput = new RandomAccessFile(fifo.toFile(), "rw");
		Pause.millis(300);
	}

	@AfterAll
	static void closeTerminal() throws IOException, InterruptedException {
		if (terminalInput != null) {
			terminalInput.close();
		}
		if (terminal != null) {
			terminal.destroy();
			terminal.waitFor(3, TimeUnit.SECONDS);
		}
		if (dir != null) {
			try (var paths = Files.walk(dir)) {
				paths.sorted(java.util.Comparator.reverseOrder()).forEach((path) -> path.toFile().delete());
			}
		}
	}

	@Test
	void aJpegScreenshotIsTheDesktopEncodedWholeAndStaysSoAfterTheTerminalScrolls() throws IOException {
		McpSyncClient client = McpTestClients.streamable(this.port);
		try {
			assertLikeAnIndependentCapture(client, "first");
			terminalInput.write("\u001b[1;34mblue bold 0O0O\u001b[0m and more lines\nline two\nline three\n"
				.getBytes(StandardCharsets.UTF_8));
			Pause.millis(300);
			assertLikeAnIndependentCapture(client, "after the terminal scrolled");
		}
		finally {
			client.closeGracefully();
		}
	}

	private static void assertLikeAnIndependentCapture(McpSyncClient client, String what) throws IOException {
		CallToolResult result = McpTestClients.call(client, "screenshot", Map.of("format", "jpeg"));
		assertThat(result.isError()).isNotEqualTo(Boolean.TRUE);
		McpSchema.ImageContent block = McpTestClients.imageBlock(result);
		assertThat(block.mimeType()).isEqualTo("image/jpeg");
		BufferedImage shot = ImageIO.read(new ByteArrayInputStream(Base64.getDecoder().decode(block.data())));
		assertThat(shot.getWidth()).isEqualTo(1280);
		assertThat(shot.getHeight()).isEqualTo(720);
		BufferedImage root = TestDesktop.shared().importRoot();
		int[] rootPixels = root.getRGB(0, 0, root.getWidth(), root.getHeight(), null, 0, root.getWidth());
		Frame scaled = new AreaAverageScaler().scale(new Frame(root.getWidth(), root.getHeight(), rootPixels), 1280,
				720);
		BufferedImage expected = ImageIO.read(new ByteArrayInputStream(
				JpegEncoder.encode(scaled, ImageEncoders.DEFAULT_JPEG_QUALITY, ImageEncoders.CHROMA_SUBSAMPLING)));
		int differing = 0;
		for (int y = 0; y < 720; y++) {
			for (int x = 0; x < 1280; x++) {
				if (channelDistance(expected.getRGB(x, y), shot.getRGB(x, y)) > 8) {
					differing++;
				}
			}
		}
		// a caret may blink between the two captures; everything else decodes alike
		assertThat(differing).as(what).isLessThan(1280 * 720 / 200);
	}

	private static int channelDistance(int a, int b) {
		return Math.max(Math.abs(((a >> 16) & 0xFF) - ((b >> 16) & 0xFF)),
				Math.max(Math.abs(((a >> 8) & 0xFF) - ((b >> 8) & 0xFF)), Math.abs((a & 0xFF) - (b & 0xFF))));
	}

}
