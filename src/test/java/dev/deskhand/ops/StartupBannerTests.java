package dev.deskhand.ops;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.mock.env.MockEnvironment;
import org.springframework.util.unit.DataSize;

import dev.deskhand.actions.ApplicationsProperties;
import dev.deskhand.approval.ApprovalProperties;
import dev.deskhand.approval.OperatorUrls;
import dev.deskhand.approval.Capability;
import dev.deskhand.approval.Policy;
import dev.deskhand.fake.FakeDesktopDriver;
import dev.deskhand.platform.AgentDisplay;
import dev.deskhand.platform.WorkingMode;
import dev.deskhand.mcp.McpProperties;
import dev.deskhand.security.SecurityProperties;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the banner says in the cases a live start does not meet: no operators' port,
 * stdio, a token set in configuration, nothing asking, a desktop that is not Deskhand's
 * own.
 */
class StartupBannerTests {

	private final MockEnvironment environment = new MockEnvironment().withProperty("local.server.port", "8080")
		.withProperty("server.address", "127.0.0.1")
		.withProperty("management.server.port", "8081")
		.withProperty("local.management.port", "8081")
		.withProperty("management.server.address", "127.0.0.1");

	private final FakeDesktopDriver driver = new FakeDesktopDriver();

	@Test
	void aDesktopSomeoneElseRunsIsNamedAndItsEmptinessSaidWithoutTheManagedHint() {
		List<String> lines = StartupBanner.lines(banner(Map.of(), "", List.of()).facts());
		assertThat(lines).containsExactly(
				"Deskhand is ready. MCP: http://127.0.0.1:8080/mcp (Streamable HTTP), http://127.0.0.1:8080/sse"
						+ " (legacy HTTP+SSE)",
				"Console: http://127.0.0.1:8081/actuator/console (operator token: in /state/operator-token)",
				"Approvals: pointer, keyboard, clipboard_read, clipboard_write, launch ask a human (approve in the"
						+ " console, or in an MCP client that answers elicitation); observe allowed; system_keys denied",
				"Display: the fake driver on fake",
				"Next: the display fake shows no window: start an app with the open_application tool (open_application"
						+ " starts only what deskhand.apps.launchable lists: nothing yet)");
	}

	@Test
	void withTheOperatorsPortOffItSaysSoInsteadOfAConsoleUrl() {
		this.environment.withProperty("management.server.port", "-1");
		List<String> lines = StartupBanner.lines(banner(Map.of(), "", List.of("xterm")).facts());
		assertThat(lines).contains("Console: off (management.server.port=-1): no console and no operator API, so only"
				+ " an MCP client that answers elicitation can approve");
		assertThat(lines).noneMatch((line) -> line.contains("/actuator/console"));
		assertThat(lines).last().asString().endsWith("(launchable: xterm)");
	}

	@Test
	void withoutASeparateOperatorsPortTheConsoleIsOnTheAgentsPort() {
		MockEnvironment shared = new MockEnvironment().withProperty("local.server.port", "9000")
			.withProperty("server.address", "127.0.0.1");
		StartupBanner banner = new StartupBanner(shared, security(""), approvals(Map.of()), mcp(false),
				new ApplicationsProperties(Map.of(), Duration.ofSeconds(15)), this.driver);
		assertThat(banner.facts().console()).contains("http://127.0.0.1:9000/actuator/console");
		assertThat(banner.facts().mcp()).containsExactly("http://127.0.0.1:9000/mcp (Streamable HTTP)");
	}

	@Test
	void inTheStdioProfileMcpIsThisProcesssStdinAndStdout() {
		this.environment.withProperty("spring.ai.mcp.server.stdio", "true");
		assertThat(banner(Map.of(), "", List.of()).facts().mcp())
			.containsExactly("stdio (this process's stdin and stdout)");
	}

	@Test
	void aTokenSetInConfigurationIsNotPointedToInAFile() {
		assertThat(banner(Map.of(), "s3cret", List.of()).facts().operatorToken())
			.isEqualTo("the value of deskhand.security.operator-token")
			.doesNotContain("s3cret");
	}

	@Test
	void whenNothingAsksTheApprovalLineSaysSo() {
		Map<Capability, Policy> all = Map.of(Capability.POINTER, Policy.ALLOW, Capability.KEYBOARD, Policy.ALLOW,
				Capability.SYSTEM_KEYS, Policy.DENY, Capability.CLIPBOARD_READ, Policy.ALLOW,
				Capability.CLIPBOARD_WRITE, Policy.ALLOW, Capability.LAUNCH, Policy.ALLOW);
		assertThat(StartupBanner.lines(banner(all, "", List.of()).facts())).contains("Approvals: nothing asks a human;"
				+ " observe, pointer, keyboard, clipboard_read, clipboard_write, launch allowed; system_keys denied");
	}

	@ParameterizedTest
	@CsvSource(delimiter = '|', nullValues = "null", value = { "127.0.0.1|127.0.0.1", "null|127.0.0.1",
			"0.0.0.0|127.0.0.1", "::|127.0.0.1", "::1|[::1]", "desk.example|desk.example" })
	void urlsNameTheBoundAddressOrLoopbackForEveryInterface(String address, String host) {
		assertThat(OperatorUrls.host(address)).isEqualTo(host);
	}

	@Test
	void ownDisplayNamesTheAgentsDisplayAndHowToWatchIt() {
		AgentDisplay agent = new AgentDisplay(":110", "Xephyr", Optional.of(":0"));
		StartupBanner banner = new StartupBanner(this.environment, security(""), approvals(Map.of()), mcp(true),
				new ApplicationsProperties(Map.of("xterm", List.of("xterm")), Duration.ofSeconds(15)),
				new FakeDesktopDriver() {

					@Override
					public WorkingMode workingMode() {
						return WorkingMode.OWN_DISPLAY;
					}

					@Override
					public Optional<AgentDisplay> agentDisplay() {
						return Optional.of(agent);
					}

					@Override
					public String target() {
						return ":110 (the agent's own Xephyr in :0)";
					}

				});
		assertThat(StartupBanner.lines(banner.facts())).contains(
				"Display: the fake driver on :110 (the agent's own" + " Xephyr in :0)",
				"Mode: own-display: the agent works on its own display :110 (Xephyr, stopped with Deskhand), not on"
						+ " yours; watch it in the window \"Deskhand agent display :110\" on your display :0 (your"
						+ " pointer or keys in that window reach the agent's apps and stop the agent)",
				"Next: the agent display :110 is empty: the agent starts an app with the open_application tool"
						+ " (launchable: xterm)");
		assertThat(new AgentDisplay(":111", "Xvfb", Optional.empty()).howToWatch()).contains("console's live view");
	}

	private StartupBanner banner(Map<Capability, Policy> policies, String operatorToken, List<String> launchable) {
		return new StartupBanner(this.environment, security(operatorToken), approvals(policies), mcp(true),
				new ApplicationsProperties(launchable.stream().collect(Collectors.toMap((name) -> name, List::of)),
						Duration.ofSeconds(15)),
				this.driver);
	}

	private static SecurityProperties security(String operatorToken) {
		return new SecurityProperties(List.of(), List.of(), List.of(), operatorToken, Path.of("/state/operator-token"),
				true, false, Path.of("/state/agent-token"));
	}

	private static ApprovalProperties approvals(Map<Capability, Policy> policies) {
		return new ApprovalProperties(policies, Duration.ofMinutes(30), Duration.ofMinutes(2), Duration.ofMinutes(30),
				List.of(), List.of("local"));
	}

	private static McpProperties mcp(boolean legacySse) {
		return new McpProperties(legacySse, DataSize.ofMegabytes(2), Duration.ofSeconds(10), DataSize.ofMegabytes(32),
				true, Duration.ofMinutes(30), 64);
	}

}
