package dev.deskhand.trajectory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.deskhand.mcp.McpTestClients;
import dev.deskhand.testing.TestDesktop;

import static dev.deskhand.mcp.McpTestClients.call;
import static dev.deskhand.mcp.McpTestClients.text;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A real MCP client takes a screenshot of a real X11 desktop; the session record that
 * Deskhand writes of it (the screenshot, the step, who) is the desktop user's alone: no
 * directory or file under the trajectory directory grants anything to group or others,
 * whatever the umask (Maven's is usually 022, under which the old code wrote 755/644).
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = { "management.server.port=0",
		"deskhand.display.managed=false", "deskhand.screenshot.settle=50ms" })
class TrajectoryFileModesLiveTests {

	private static final Set<PosixFilePermission> GROUP_AND_OTHERS = EnumSet.of(PosixFilePermission.GROUP_READ,
			PosixFilePermission.GROUP_WRITE, PosixFilePermission.GROUP_EXECUTE, PosixFilePermission.OTHERS_READ,
			PosixFilePermission.OTHERS_WRITE, PosixFilePermission.OTHERS_EXECUTE);

	@TempDir
	static Path dir;

	@LocalServerPort
	private int port;

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) {
		registry.add("deskhand.display.name", () -> TestDesktop.shared().display());
		registry.add("deskhand.audit.file", () -> dir.resolve("audit.jsonl").toString());
		// Two levels the store creates itself: the record's own directory and its parent.
		registry.add("deskhand.trajectory.dir", () -> dir.resolve("home/trajectories").toString());
	}

	@Test
	void noRecordedFileOrDirectoryIsOpenToGroupOrOthers() throws Exception {
		McpSyncClient client = McpTestClients.streamable(this.port);
		try {
			CallToolResult shot = call(client, "screenshot", Map.of());
			assertThat(shot.isError()).as(text(shot)).isNotEqualTo(Boolean.TRUE);
		}
		finally {
			client.closeGracefully();
		}
		Path home = dir.resolve("home");
		List<Path> recorded = awaitRecordedImage(home, Duration.ofSeconds(15));
		assertThat(recorded).anyMatch((path) -> path.toString().endsWith(".png") || path.toString().endsWith(".jpg"))
			.anyMatch((path) -> path.getFileName().toString().equals("steps.jsonl"));
		for (Path path : recorded) {
			Set<PosixFilePermission> permissions = Files.getPosixFilePermissions(path);
			assertThat(permissions).as("%s is %s", home.relativize(path), PosixFilePermissions.toString(permissions))
				.doesNotContainAnyElementsOf(GROUP_AND_OTHERS);
		}
	}

	private static List<Path> awaitRecordedImage(Path root, Duration timeout) throws IOException, InterruptedException {
		Instant deadline = Instant.now().plus(timeout);
		while (true) {
			List<Path> all = new ArrayList<>();
			if (Files.isDirectory(root)) {
				try (Stream<Path> paths = Files.walk(root)) {
					paths.forEach(all::add);
				}
			}
			boolean image = all.stream().anyMatch((path) -> path.getParent().getFileName().toString().equals("images"));
			boolean step = all.stream().anyMatch((path) -> path.getFileName().toString().equals("steps.jsonl"));
			if ((image && step) || Instant.now().isAfter(deadline)) {
				return all;
			}
			Thread.sleep(100);
		}
	}

}
