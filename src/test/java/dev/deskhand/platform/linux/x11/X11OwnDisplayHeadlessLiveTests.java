package dev.deskhand.platform.linux.x11;

import java.awt.image.BufferedImage;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.context.ConfigurableApplicationContext;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import dev.deskhand.mcp.McpTestClients;
import dev.deskhand.platform.AgentDisplay;
import dev.deskhand.platform.DesktopDriver;
import dev.deskhand.testing.OperatorApi;
import dev.deskhand.testing.TestDesktop;

import static dev.deskhand.mcp.McpTestClients.call;
import static dev.deskhand.mcp.McpTestClients.image;
import static dev.deskhand.mcp.McpTestClients.text;
import static dev.deskhand.platform.linux.x11.OwnDisplayLiveTesting.GREEN;
import static dev.deskhand.platform.linux.x11.OwnDisplayLiveTesting.MAGENTA;
import static dev.deskhand.platform.linux.x11.OwnDisplayLiveTesting.count;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The own-display working mode with a headless Xvfb (what a Wayland session gets, here
 * chosen with {@code viewer=none} beside a person's Xvfb): the agent's application opens
 * there and its screenshot shows it, the person's display gets no window, the surfaces
 * name the mode, and shutdown stops the Xvfb and openbox. Before it starts, an Xvfb "left
 * by a crashed Deskhand" (started by the test and named in the lock file) is stopped.
 */
class X11OwnDisplayHeadlessLiveTests {

	private static final Duration WAIT = Duration.ofSeconds(15);

	private static final JsonMapper JSON = JsonMapper.builder().build();

	@TempDir
	Path state;

	@Test
	void theAgentWorksOnAHeadlessXvfbThatIsGoneAfterShutdownAndAnEarlierServersLeftoverIsStopped() throws IOException {
		Path lock = this.state.resolve("own-display.lock");
		Process leftover = leftoverXvfb(lock);
		try (TestDesktop person = TestDesktop.start("1280x800x24")) {
			Process green = OwnDisplayLiveTesting.personsGreenWindow(person.display());
			try {
				person.awaitWindow("person-green", WAIT);
				Set<String> personsWindows = OwnDisplayLiveTesting.topLevelWindows(person.display());
				List<String> arguments = new ArrayList<>(List.of("--deskhand.display.name=" + person.display(),
						"--deskhand.own-display.viewer=none", "--deskhand.own-display.size=1024x700",
						"--deskhand.own-display.first-number=660", "--deskhand.own-display.lock-file=" + lock,
						"--deskhand.security.operator-token=headless-operator",
						"--deskhand.audit.file=" + this.state.resolve("audit.jsonl"),
						"--deskhand.audit.key-file=" + this.state.resolve("audit-key"),
						"--deskhand.trajectory.dir=" + this.state.resolve("trajectories")));
				arguments.addAll(OwnDisplayLiveTesting.paintArguments("paint", this.state.resolve("typed.txt")));
				long xvfb;
				long openbox;
				String agentDisplay;
				try (ConfigurableApplicationContext context = OwnDisplayLiveTesting.start(arguments)) {
					assertThat(leftover.isAlive()).as("the Xvfb a crashed server left").isFalse();
					X11ManagedDisplay display = context.getBean(X11DesktopDriver.class).managedDisplay();
					xvfb = display.xvfbPid();
					openbox = display.openboxPid().orElseThrow();
					AgentDisplay agentOne = context.getBean(DesktopDriver.class).agentDisplay().orElseThrow();
					agentDisplay = agentOne.name();
					assertThat(agentOne.server()).isEqualTo("Xvfb");
					assertThat(agentOne.nested()).isFalse();
					assertThat(display.server().label()).isEqualTo("Xvfb");

					McpSyncClient agent = McpTestClients.streamable(OwnDisplayLiveTesting.port(context));
					try {
						CallToolResult opened = call(agent, "open_application", Map.of("app", "paint"));
						assertThat(opened.isError()).as(text(opened)).isNotEqualTo(Boolean.TRUE);
						assertThat(OwnDisplayLiveTesting.windowsNamed(agentDisplay, "^agent-paint$")).hasSize(1);
						assertThat(OwnDisplayLiveTesting.windowsNamed(person.display(), "^agent-paint$")).isEmpty();
						assertThat(OwnDisplayLiveTesting.topLevelWindows(person.display())).isEqualTo(personsWindows);
						BufferedImage screenshot = image(call(agent, "screenshot", Map.of()));
						assertThat(screenshot.getWidth()).isEqualTo(1024);
						assertThat(count(screenshot, MAGENTA)).isGreaterThan(50_000);
						assertThat(count(screenshot, GREEN)).isZero();
					}
					finally {
						agent.closeGracefully();
					}
					OperatorApi operator = new OperatorApi(OwnDisplayLiveTesting.managementPort(context),
							"headless-operator");
					JsonNode info = JSON.readTree(operator.get("/actuator/info").body()).path("deskhand");
					assertThat(info.path("workingMode").asString()).isEqualTo("own-display");
					assertThat(info.path("agentDisplay").path("name").asString()).isEqualTo(agentDisplay);
					assertThat(info.path("agentDisplay").path("watch").asString()).contains("console's live view");
					JsonNode status = JSON.readTree(operator.get("/actuator/deskhand").body());
					assertThat(status.path("working_mode").asString()).isEqualTo("own-display");
					JsonNode health = JSON.readTree(operator.get("/actuator/health").body());
					assertThat(health.findValuesAsString("failsafeSees"))
						.anyMatch((sees) -> sees.contains("person's X display " + person.display()));
					assertThat(Files.readString(lock)).contains(" Xvfb " + agentDisplay);
				}
				assertThat(ProcessHandle.of(xvfb).filter(ProcessHandle::isAlive)).isEmpty();
				assertThat(ProcessHandle.of(openbox).filter(ProcessHandle::isAlive)).isEmpty();
				assertThat(lock).doesNotExist();
				assertThat(OwnDisplayLiveTesting.windowsNamed(agentDisplay, ".")).isEmpty();
			}
			finally {
				green.destroyForcibly();
			}
		}
		finally {
			leftover.destroyForcibly();
		}
	}

	@Test
	void inAWaylandSessionTheX11DriverWinsAndDrivesAHeadlessXvfbSayingWhatTheFailsafeCannotSee() {
		// the session's variables as properties, as the driver conditions read them; no
		// compositor is needed: nothing connects to it in own-display
		List<String> arguments = new ArrayList<>(List.of("--WAYLAND_DISPLAY=wayland-own-display-test",
				"--XDG_SESSION_TYPE=wayland", "--deskhand.own-display.first-number=670",
				"--deskhand.own-display.lock-file=" + this.state.resolve("own-display.lock"),
				"--deskhand.security.operator-token=wayland-operator",
				"--deskhand.audit.file=" + this.state.resolve("audit.jsonl"),
				"--deskhand.audit.key-file=" + this.state.resolve("audit-key"),
				"--deskhand.trajectory.dir=" + this.state.resolve("trajectories")));
		arguments.addAll(OwnDisplayLiveTesting.paintArguments("paint", this.state.resolve("typed.txt")));
		long xvfb;
		try (ConfigurableApplicationContext context = OwnDisplayLiveTesting.start(arguments)) {
			DesktopDriver driver = context.getBean(DesktopDriver.class);
			assertThat(driver).isInstanceOf(X11DesktopDriver.class);
			AgentDisplay agentOne = driver.agentDisplay().orElseThrow();
			assertThat(agentOne.server()).isEqualTo("Xvfb");
			assertThat(driver.failsafeSees()).contains("Wayland keyboard is out of its sight");
			xvfb = ((X11DesktopDriver) driver).managedDisplay().xvfbPid();
			McpSyncClient agent = McpTestClients.streamable(OwnDisplayLiveTesting.port(context));
			try {
				CallToolResult opened = call(agent, "open_application", Map.of("app", "paint"));
				assertThat(opened.isError()).as(text(opened)).isNotEqualTo(Boolean.TRUE);
				assertThat(OwnDisplayLiveTesting.windowsNamed(agentOne.name(), "^agent-paint$")).hasSize(1);
				assertThat(count(image(call(agent, "screenshot", Map.of())), MAGENTA)).isGreaterThan(50_000);
			}
			finally {
				agent.closeGracefully();
			}
		}
		assertThat(ProcessHandle.of(xvfb).filter(ProcessHandle::isAlive)).isEmpty();
	}

	/**
	 * An Xvfb as a crashed Deskhand would have left it, with its entry in the lock file.
	 */
	private static Process leftoverXvfb(Path lock) throws IOException {
		Process xvfb = new ProcessBuilder("Xvfb", ":679", "-screen", "0", "320x240x24", "-nolisten", "tcp")
			.redirectInput(new File("/dev/null"))
			.redirectOutput(ProcessBuilder.Redirect.DISCARD)
			.redirectError(ProcessBuilder.Redirect.DISCARD)
			.start();
		X11OwnDisplayLock.Entry entry = await().atMost(WAIT)
			.until(() -> X11OwnDisplayLock.entryOf(xvfb.toHandle(), ":679"), (found) -> found.isPresent())
			.orElseThrow();
		Files.writeString(lock, entry.line() + "\n");
		return xvfb;
	}

}
