package dev.deskhand.approval;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import dev.deskhand.DeskhandApplication;
import dev.deskhand.mcp.McpTestClients;
import dev.deskhand.testing.Pause;
import dev.deskhand.testing.ScreenRect;
import dev.deskhand.testing.TestDesktop;
import dev.deskhand.testing.witness.WitnessExtension;
import dev.deskhand.testing.witness.WitnessWindow;

import static dev.deskhand.mcp.McpTestClients.call;
import static dev.deskhand.mcp.McpTestClients.text;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatException;

/**
 * The trial profile, as a newcomer uses it: an agent whose client cannot answer an
 * approval (no elicitation, no operator watching) clicks, and the click lands on a real
 * window at once and is audited; started without the profile, the same click waits for a
 * human and is denied when nobody answers. And the profile refuses to start where other
 * machines could reach the agents' port.
 */
@ExtendWith(OutputCaptureExtension.class)
class TrialProfileLiveTests {

	private static final Duration WAIT = Duration.ofSeconds(10);

	private static final JsonMapper JSON = JsonMapper.builder().build();

	@RegisterExtension
	static final WitnessExtension WITNESS = WitnessExtension.on(TestDesktop::shared, "Deskhand trial witness", 300, 200,
			700, 450);

	@TempDir
	Path state;

	@Test
	void withTheTrialProfileAClickLandsWithoutAnyApprovalAndIsAudited(CapturedOutput output) throws Exception {
		try (ConfigurableApplicationContext context = start("--spring.profiles.active=trial")) {
			McpSyncClient agent = McpTestClients.streamable(port(context));
			try {
				CallToolResult clicked = call(agent, "left_click", Map.of("coordinate", imagePoint(120, 90)));
				assertThat(clicked.isError()).as(text(clicked)).isNotEqualTo(Boolean.TRUE);
				String press = WITNESS.window().awaitEvent((event) -> event.startsWith("PRESS"), WAIT);
				Map<String, String> fields = WitnessWindow.fields(press);
				assertThat(fields).containsEntry("button", "1");
				// where it was asked to land (on screen), give or take the
				// image-to-screen
				// rounding
				ScreenRect area = WITNESS.window().bounds();
				assertThat(Integer.parseInt(fields.get("x"))).isBetween(area.x() + 117, area.x() + 123);
				assertThat(Integer.parseInt(fields.get("y"))).isBetween(area.y() + 87, area.y() + 93);
			}
			finally {
				agent.closeGracefully();
			}
		}
		List<JsonNode> audit = audit();
		assertThat(audit).anySatisfy((record) -> {
			assertThat(record.path("type").asString()).isEqualTo("input-action");
			assertThat(record.path("principal").asString()).isEqualTo("local");
			assertThat(record.path("data").path("tool").asString()).isEqualTo("left_click");
			assertThat(record.path("data").path("outcome").asString()).isEqualTo("ok");
		});
		assertThat(audit).noneMatch((record) -> record.path("type").asString().startsWith("approval-"));
		assertThat(output.getOut()).contains("WARN",
				"trial profile: every input allowed without asking; do not use on a desktop you care about");
		assertThat(output.getOut()).contains("Approvals: nothing asks a human; observe, pointer, keyboard, system_keys,"
				+ " clipboard_read, clipboard_write, launch allowed");
	}

	@Test
	void withoutItTheSameClickAsksAndNobodyAnsweringDeniesIt(CapturedOutput output) throws Exception {
		try (ConfigurableApplicationContext context = start("--deskhand.approval.ask-timeout=2s")) {
			McpSyncClient agent = McpTestClients.streamable(port(context));
			try {
				CallToolResult clicked = call(agent, "left_click", Map.of("coordinate", imagePoint(120, 90)));
				assertThat(text(clicked)).startsWith("E_DENIED: ");
			}
			finally {
				agent.closeGracefully();
			}
		}
		Pause.of(Duration.ofMillis(700));
		assertThat(WITNESS.window().events()).noneMatch((event) -> event.startsWith("PRESS"));
		assertThat(audit()).anyMatch((record) -> record.path("type").asString().equals("approval-asked"))
			.noneMatch((record) -> record.path("type").asString().equals("input-action"));
		assertThat(output.getOut()).doesNotContain("trial profile");
	}

	@Test
	void theTrialProfileRefusesAnAgentsPortOtherMachinesCanReach(CapturedOutput output) {
		assertThatException()
			.isThrownBy(() -> start("--spring.profiles.active=trial", "--server.address=0.0.0.0",
					"--deskhand.security.agent-tokens[0].name=remote",
					"--deskhand.security.agent-tokens[0].token=remote-agent-token"))
			.satisfies((ex) -> assertThat(rootCause(ex).getMessage())
				.isEqualTo("the trial profile allows every input without asking a human, so it runs only with the"
						+ " agents' port on loopback, but server.address is 0.0.0.0: bind 127.0.0.1 (server.address),"
						+ " or start without the trial profile"));
		assertThat(WITNESS.window().events()).noneMatch((event) -> event.startsWith("PRESS"));
	}

	private ConfigurableApplicationContext start(String... arguments) {
		List<String> all = new ArrayList<>(List.of("--server.port=0", "--management.server.port=0",
				"--deskhand.display.managed=false", "--deskhand.display.name=" + TestDesktop.shared().display(),
				"--deskhand.security.operator-token=trial-live-operator-token",
				"--deskhand.audit.file=" + this.state.resolve("audit.jsonl"),
				"--deskhand.audit.key-file=" + this.state.resolve("audit-key"),
				"--deskhand.trajectory.dir=" + this.state.resolve("trajectories")));
		all.addAll(List.of(arguments));
		return new SpringApplication(DeskhandApplication.class).run(all.toArray(String[]::new));
	}

	private static int port(ConfigurableApplicationContext context) {
		return context.getEnvironment().getRequiredProperty("local.server.port", Integer.class);
	}

	private List<JsonNode> audit() throws IOException {
		return Files.readAllLines(this.state.resolve("audit.jsonl"), StandardCharsets.UTF_8)
			.stream()
			.filter((line) -> !line.isBlank())
			.map(JSON::readTree)
			.toList();
	}

	private static List<Integer> imagePoint(int dx, int dy) {
		// the shared desktop is 1920x1080, its screenshots 1280x720
		ScreenRect area = WITNESS.window().bounds();
		return List.of((int) ((area.x() + dx) / 1.5), (int) ((area.y() + dy) / 1.5));
	}

	private static Throwable rootCause(Throwable thrown) {
		Throwable cause = thrown;
		while (cause.getCause() != null) {
			cause = cause.getCause();
		}
		return cause;
	}

}
