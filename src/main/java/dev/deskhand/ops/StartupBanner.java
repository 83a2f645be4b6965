package dev.deskhand.ops;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.core.env.Environment;

import dev.deskhand.actions.ApplicationsProperties;
import dev.deskhand.approval.ApprovalProperties;
import dev.deskhand.approval.OperatorUrls;
import dev.deskhand.approval.Capability;
import dev.deskhand.approval.Policy;
import dev.deskhand.mcp.McpProperties;
import dev.deskhand.platform.AgentDisplay;
import dev.deskhand.platform.DesktopDriver;
import dev.deskhand.platform.WorkingMode;
import dev.deskhand.security.SecurityProperties;
import dev.deskhand.security.TrialProfile;

/**
 * The few lines logged once Deskhand is ready, for someone who just started it: where MCP
 * is, where the console and its operator token are, which capabilities ask a human, which
 * desktop is driven, and what to do when that desktop is empty. At INFO through the
 * logger, so the stdio profile (console logging off: stdout is JSON-RPC) writes it to its
 * log file only.
 */
class StartupBanner implements ApplicationListener<ApplicationReadyEvent> {

	private static final Logger logger = LoggerFactory.getLogger(StartupBanner.class);

	static final String TRIAL_WARNING = "trial profile: every input allowed without asking; "
			+ "do not use on a desktop you care about";

	private final Environment environment;

	private final SecurityProperties security;

	private final ApprovalProperties approvals;

	private final McpProperties mcp;

	private final ApplicationsProperties apps;

	private final DesktopDriver driver;

	StartupBanner(Environment environment, SecurityProperties security, ApprovalProperties approvals, McpProperties mcp,
			ApplicationsProperties apps, DesktopDriver driver) {
		this.environment = environment;
		this.security = security;
		this.approvals = approvals;
		this.mcp = mcp;
		this.apps = apps;
		this.driver = driver;
	}

	@Override
	public void onApplicationEvent(ApplicationReadyEvent event) {
		Facts facts = facts();
		lines(facts).forEach(logger::info);
		// Last, so it is what the console shows when start-up is done.
		if (facts.trial()) {
			logger.warn(TRIAL_WARNING);
		}
	}

	/** What the banner says, read from the running application. */
	Facts facts() {
		return new Facts(mcpUrls(), consoleUrl(), operatorTokenSource(), this.approvals.policies(),
				!this.approvals.elicitationAgents().isEmpty(), this.driver.name(), this.driver.target(),
				this.driver.managedDisplayName(), windowCount(),
				this.apps.launchable().keySet().stream().sorted().toList(), TrialProfile.isActive(this.environment),
				this.driver.workingMode(), this.driver.agentDisplay());
	}

	/**
	 * What a newcomer needs to know, one line each.
	 */
	static List<String> lines(Facts facts) {
		List<String> lines = new ArrayList<>();
		lines.add("Deskhand is ready. MCP: " + String.join(", ", facts.mcp()));
		lines.add(consoleLine(facts));
		lines.add(approvalLine(facts.policies(), facts.elicitation()));
		lines.add(displayLine(facts));
		modeLine(facts).ifPresent(lines::add);
		nextStep(facts).ifPresent(lines::add);
		return lines;
	}

	private static String consoleLine(Facts facts) {
		if (facts.console().isEmpty()) {
			return "Console: off (management.server.port=-1): no console and no operator API, so only an MCP "
					+ "client that answers elicitation can approve";
		}
		return "Console: " + facts.console().get() + " (operator token: " + facts.operatorToken() + ")";
	}

	private static String approvalLine(Map<Capability, Policy> policies, boolean elicitation) {
		String ask = capabilities(policies, Policy.ASK);
		String allow = capabilities(policies, Policy.ALLOW);
		String deny = capabilities(policies, Policy.DENY);
		List<String> parts = new ArrayList<>();
		if (!ask.isEmpty()) {
			parts.add(ask + " ask a human (approve in the console"
					+ (elicitation ? ", or in an MCP client that answers elicitation)" : ")"));
		}
		else {
			parts.add("nothing asks a human");
		}
		if (!allow.isEmpty()) {
			parts.add(allow + " allowed");
		}
		if (!deny.isEmpty()) {
			parts.add(deny + " denied");
		}
		return "Approvals: " + String.join("; ", parts);
	}

	private static String capabilities(Map<Capability, Policy> policies, Policy policy) {
		return Stream.of(Capability.values())
			.filter((capability) -> policies.get(capability) == policy)
			.map(Capability::key)
			.collect(Collectors.joining(", "));
	}

	private static String displayLine(Facts facts) {
		if (facts.agentDisplay().isPresent()) {
			return "Display: the " + facts.driver() + " driver on " + facts.target();
		}
		return "Display: the " + facts.driver() + " driver on "
				+ facts.managedDisplay()
					.map((name) -> name + ", an Xvfb Deskhand started for itself and stops with it")
					.orElse(facts.target());
	}

	/**
	 * The working mode when it is not the default {@code shared}: what it means for the
	 * person, and in own-display where the agent's display is and how to watch it.
	 */
	private static Optional<String> modeLine(Facts facts) {
		if (facts.mode() == WorkingMode.SHARED) {
			return Optional.empty();
		}
		String line = "Mode: " + facts.mode().configName();
		if (facts.agentDisplay().isPresent()) {
			AgentDisplay agent = facts.agentDisplay().get();
			line += ": the agent works on its own display " + agent.name() + " (" + agent.server()
					+ ", stopped with Deskhand), not on yours; " + agent.howToWatch();
		}
		return Optional.of(line);
	}

	/**
	 * A desktop with no window gives black screenshots: say how to put an application on
	 * it.
	 */
	private static Optional<String> nextStep(Facts facts) {
		if (facts.windows() != 0) {
			return Optional.empty();
		}
		String launchable = facts.launchable().isEmpty()
				? " (open_application starts only what deskhand.apps.launchable lists: nothing yet)"
				: " (launchable: " + String.join(", ", facts.launchable()) + ")";
		String display = facts.managedDisplay().orElse(null);
		if (facts.agentDisplay().isPresent()) {
			return Optional.of("Next: the agent display " + facts.agentDisplay().get().name()
					+ " is empty: the agent starts an app with the open_application tool" + launchable);
		}
		if (display != null) {
			return Optional.of("Next: the managed display " + display
					+ " is empty: start an app with the open_application tool or `DISPLAY=" + display + " xterm &`"
					+ launchable);
		}
		String orFromAShell = "x11".equals(facts.driver()) ? " or `DISPLAY=" + facts.target() + " xterm &`" : "";
		return Optional.of("Next: the display " + facts.target()
				+ " shows no window: start an app with the open_application tool" + orFromAShell + launchable);
	}

	private List<String> mcpUrls() {
		if (this.environment.getProperty("spring.ai.mcp.server.stdio", Boolean.class, false)) {
			return List.of("stdio (this process's stdin and stdout)");
		}
		Integer port = this.environment.getProperty("local.server.port", Integer.class);
		if (port == null) {
			return List.of("no agents' port (server.port=-1)");
		}
		String base = "http://" + OperatorUrls.host(this.environment.getProperty("server.address")) + ":" + port;
		String endpoint = this.environment.getProperty("spring.ai.mcp.server.streamable-http.mcp-endpoint", "/mcp");
		List<String> urls = new ArrayList<>();
		urls.add(base + endpoint + " (Streamable HTTP)");
		if (this.mcp.legacySse()) {
			urls.add(base + "/sse (legacy HTTP+SSE)");
		}
		return urls;
	}

	/** Where the console answers; empty when the operators' port is off. */
	private Optional<String> consoleUrl() {
		return Optional.ofNullable(OperatorUrls.of(this.environment).console());
	}

	private String operatorTokenSource() {
		return this.security.operatorToken().isEmpty() ? "in " + this.security.operatorTokenFile()
				: "the value of deskhand.security.operator-token";
	}

	/** How many windows the desktop shows; -1 when it cannot say. */
	private int windowCount() {
		try {
			return this.driver.windows().list().size();
		}
		catch (RuntimeException ex) {
			logger.debug("the start-up banner could not list the windows", ex);
			return -1;
		}
	}

	/**
	 * @param mcp the MCP endpoints' URLs, each with its transport
	 * @param console the console's URL, empty when the operators' port is off
	 * @param operatorToken where the operator token is ("in /home/me/.deskhand/...")
	 * @param policies the policy of every capability
	 * @param elicitation whether some agent's own MCP client may answer an ask
	 * @param driver the desktop driver's name
	 * @param target the desktop it drives
	 * @param managedDisplay the display Deskhand started for itself, if it did
	 * @param windows how many windows the desktop shows, -1 when unknown
	 * @param launchable what open_application may start
	 * @param trial whether the trial profile is active
	 * @param mode the working mode the driver keeps
	 * @param agentDisplay the agent's own display in own-display
	 */
	record Facts(List<String> mcp, Optional<String> console, String operatorToken, Map<Capability, Policy> policies,
			boolean elicitation, String driver, String target, Optional<String> managedDisplay, int windows,
			List<String> launchable, boolean trial, WorkingMode mode, Optional<AgentDisplay> agentDisplay) {

	}

}
