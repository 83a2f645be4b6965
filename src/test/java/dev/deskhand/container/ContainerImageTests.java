package dev.deskhand.container;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import javax.imageio.ImageIO;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static dev.deskhand.mcp.McpTestClients.call;
import static dev.deskhand.mcp.McpTestClients.imageBlock;
import static dev.deskhand.mcp.McpTestClients.text;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The OCI image as an operator runs it: built by image/build.sh from the packaged jar,
 * started with podman, driven by an agent through the official MCP client (a screenshot,
 * Chromium opened on a page, a click and typing into its input box), each effect
 * witnessed from inside the container by xdotool (the page writes what happened into its
 * title), then stopped: the audit and the session record must be on the volume.
 * <p>
 * Runs in Maven's integration-test phase (the jar must exist; tag {@code container}):
 * {@code ./mvnw verify}, or alone {@code ./mvnw -B verify -Dtest=none
 * -Dsurefire.failIfNoSpecifiedTests=false -Dit.test=ContainerImageTests}. Needs root,
 * podman, runc and mmdebstrap; on CI (variable {@code CI} set) their absence fails it.
 */
@Tag("container")
class ContainerImageTests {

	private static final Duration READY = Duration.ofSeconds(90);

	private static final Duration WITNESS = Duration.ofSeconds(20);

	private static final String TYPED = "hello from the agent";

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private static Podman podman;

	private static String image;

	@TempDir
	static Path dir;

	@BeforeAll
	static void buildImage() {
		podman = Podman.require();
		long start = System.nanoTime();
		image = podman.buildImage();
		System.out.printf("ContainerImageTests: image/build.sh took %d s%n",
				Duration.ofNanos(System.nanoTime() - start).toSeconds());
	}

	@Test
	void anAgentDrivesChromiumInTheContainerAndItsRecordSurvivesOnTheVolume() throws Exception {
		Path page = page();
		try (DesktopContainer container = DesktopContainer.start(podman, image, dir, "1280x800",
				page.toUri().toString(), page)) {
			Duration ready = container.awaitReady(READY);
			McpSyncClient agent = container.agentClient("container-live-agent");
			try {
				CallToolResult shot = call(agent, "screenshot", Map.of());
				assertThat(shot.isError()).as(text(shot)).isNotEqualTo(Boolean.TRUE);
				Duration firstShot = container.sinceRun();
				System.out.printf(
						"ContainerImageTests: podman run -> readiness UP %d ms, -> first MCP screenshot %d ms%n",
						ready.toMillis(), firstShot.toMillis());
				BufferedImage screen = ImageIO
					.read(new ByteArrayInputStream(Base64.getDecoder().decode(imageBlock(shot).data())));
				assertThat(screen.getWidth()).isEqualTo(1280);
				assertThat(screen.getHeight()).isEqualTo(800);
				// DESKHAND_SCREEN reached the X server itself
				assertThat(container.exec("xdotool getdisplaygeometry").requireSuccess("xdotool").stdout().strip())
					.isEqualTo("1280 800");

				CallToolResult opened = call(agent, "open_application", Map.of("app", "chromium"));
				assertThat(opened.isError()).as(text(opened)).isNotEqualTo(Boolean.TRUE);
				JsonNode bounds = JSON.readTree(text(opened)).path("window").path("bounds");
				awaitWindowTitle(container, "container page");

				// Chromium joined the accessibility tree, web content included
				CallToolResult found = call(agent, "find_elements", Map.of("name", "agent input box"));
				assertThat(found.isError()).as(text(found)).isNotEqualTo(Boolean.TRUE);
				assertThat(text(found)).contains("agent input box");

				int x = bounds.get(0).asInt() + bounds.get(2).asInt() / 2;
				int y = bounds.get(1).asInt() + bounds.get(3).asInt() * 2 / 3;
				CallToolResult click = call(agent, "left_click", Map.of("coordinate", List.of(x, y)));
				assertThat(click.isError()).as(text(click)).isNotEqualTo(Boolean.TRUE);
				awaitWindowTitle(container, "focused - container page");

				CallToolResult typed = call(agent, "type", Map.of("text", TYPED));
				assertThat(typed.isError()).as(text(typed)).isNotEqualTo(Boolean.TRUE);
				awaitWindowTitle(container, "typed:" + TYPED);
			}
			finally {
				agent.closeGracefully();
			}

			container.stop();
			Path state = container.volumeDirectory();
			List<JsonNode> audit = jsonLines(state.resolve("audit.jsonl"));
			assertThat(audit).as("audit records of the agent")
				.anyMatch((record) -> DesktopContainer.AGENT.equals(record.path("principal").asString())
						&& record.toString().contains("left_click"));
			assertThat(audit.stream().map(JsonNode::toString)).noneMatch((record) -> record.contains(TYPED));
			Path steps;
			try (Stream<Path> files = Files.walk(state.resolve("trajectories"))) {
				steps = files.filter((file) -> file.getFileName().toString().equals("steps.jsonl"))
					.findFirst()
					.orElseThrow(() -> new AssertionError("no session record under " + state));
			}
			List<String> tools = new ArrayList<>();
			jsonLines(steps).forEach((step) -> tools.add(step.path("tool").asString()));
			assertThat(tools).containsSubsequence("screenshot", "open_application", "left_click", "type");
		}
	}

	/**
	 * A page whose title says what the agent did to it: focusing the input box (the click
	 * landed on it) and what was typed there.
	 */
	private static Path page() throws Exception {
		Path page = dir.resolve("page.html");
		Files.writeString(page,
				"""
						<!doctype html>
						<html><head><meta charset="utf-8"><title>container page</title></head>
						<body style="margin:0">
						<input aria-label="agent input box" style="position:fixed;left:0;top:0;width:100vw;height:100vh;font-size:40px"
						 onfocus="document.title='focused - container page'"
						 oninput="document.title='typed:' + this.value">
						</body></html>
						""",
				StandardCharsets.UTF_8);
		Files.setPosixFilePermissions(page, PosixFilePermissions.fromString("rw-r--r--"));
		Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
		return page;
	}

	/**
	 * Polls xdotool inside the container for a window whose name contains {@code title}.
	 */
	private static void awaitWindowTitle(DesktopContainer container, String title) {
		long deadline = System.nanoTime() + WITNESS.toNanos();
		String names = "";
		while (System.nanoTime() < deadline) {
			Podman.Result found = container
				.exec("for w in $(xdotool search --onlyvisible --name .); do xdotool getwindowname $w; done");
			names = found.stdout();
			if (names.lines().anyMatch((name) -> name.contains(title))) {
				return;
			}
			DesktopContainer.sleep(Duration.ofMillis(200));
		}
		throw new AssertionError("no window titled '" + title + "' within " + WITNESS + "; windows:\n" + names);
	}

	private static List<JsonNode> jsonLines(Path file) throws Exception {
		assertThat(file).exists();
		List<JsonNode> lines = new ArrayList<>();
		for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
			if (!line.isBlank()) {
				lines.add(JSON.readTree(line));
			}
		}
		return lines;
	}

}
