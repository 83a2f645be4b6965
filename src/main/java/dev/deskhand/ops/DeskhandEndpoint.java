package dev.deskhand.ops;

import java.time.Instant;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.audit.AuditEvent;
import org.springframework.boot.actuate.audit.AuditEventRepository;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;

import dev.deskhand.approval.AgentSession;
import dev.deskhand.approval.ApprovalService;
import dev.deskhand.desk.Desk;
import dev.deskhand.input.Failsafe;
import dev.deskhand.input.InputLease;
import dev.deskhand.input.InputQueue;
import dev.deskhand.input.QueueState;
import dev.deskhand.mcp.McpSessionCount;
import dev.deskhand.platform.DesktopDriver;
import dev.deskhand.screen.ScreenService;
import dev.deskhand.screen.ScreenshotProperties;

/**
 * {@code /actuator/deskhand}: one page for an operator: sessions, input lease holder, who
 * has the desk, queue, displays, driver, failsafe, and the latest audit events (what
 * agents did and what was decided), with typed and clipboard text only as its length and
 * hash.
 */
@Endpoint(id = "deskhand")
class DeskhandEndpoint {

	static final int RECENT_ACTIONS = 20;

	private final DesktopDriver driver;

	private final InputQueue queue;

	private final InputLease lease;

	private final ApprovalService approvals;

	private final Failsafe failsafe;

	private final Desk desk;

	private final ScreenshotProperties screenshots;

	private final AuditEventRepository auditEvents;

	private final ScreenService screen;

	private final ObjectProvider<McpSessionCount> mcpSessions;

	DeskhandEndpoint(DesktopDriver driver, InputQueue queue, InputLease lease, ApprovalService approvals,
			Failsafe failsafe, Desk desk, ScreenshotProperties screenshots, AuditEventRepository auditEvents,
			ScreenService screen, ObjectProvider<McpSessionCount> mcpSessions) {
		this.mcpSessions = mcpSessions;
		this.driver = driver;
		this.queue = queue;
		this.lease = lease;
		this.approvals = approvals;
		this.failsafe = failsafe;
		this.desk = desk;
		this.screenshots = screenshots;
		this.auditEvents = auditEvents;
		this.screen = screen;
	}

	@ReadOperation
	Map<String, Object> status() {
		Instant now = Instant.now();
		String holder = this.lease.holder();
		QueueState queueState = this.queue.state();
		Map<String, Object> queueFields = new LinkedHashMap<>();
		queueFields.put("waiting", queueState.waiting());
		queueFields.put("capacity", queueState.capacity());
		queueFields.put("running", queueState.running());
		queueFields.put("stuck", queueState.stuck());
		Map<String, Object> fields = new LinkedHashMap<>();
		fields.put("driver", this.driver.name());
		fields.put("display", this.driver.target());
		fields.put("working_mode", this.driver.workingMode().configName());
		this.driver.agentDisplay()
			.ifPresent((agent) -> fields.put("agent_display", DeskhandInfoContributor.agentDisplay(agent)));
		fields.put("displays", DisplaySummaries.of(this.driver.displays(), this.screenshots.budget()));
		fields.put("lease_holder", holder);
		fields.put("queue", queueFields);
		fields.put("failsafe", FailsafeEndpoint.describe(this.failsafe.state(), this.failsafe));
		fields.put("desk", DeskEndpoint.describe(this.desk));
		fields.put("sessions",
				this.approvals.sessions()
					.all()
					.stream()
					.sorted(Comparator.comparing(AgentSession::lastSeen).reversed())
					.map((session) -> describe(session, holder, now, this.screen.profile(session.handle()).name()))
					.toList());
		// The transport's sessions (Streamable HTTP), bounded by
		// deskhand.mcp.max-sessions;
		// absent in the stdio profile.
		this.mcpSessions
			.ifAvailable((count) -> fields.put("mcp_sessions", Map.of("open", count.open(), "max", count.max())));
		fields.put("pending_approvals", this.approvals.pending().size());
		fields.put("recent_actions", recentActions());
		return fields;
	}

	/**
	 * A session as {@code /actuator/grants} shows it, with its latest activity and
	 * whether it holds the input.
	 */
	private static Map<String, Object> describe(AgentSession session, String leaseHolder, Instant now, String profile) {
		Map<String, Object> fields = GrantsEndpoint.describe(session, now);
		// touched by every tool call the session makes; named for what it means to an
		// operator here
		fields.put("last_activity", fields.remove("last_seen"));
		fields.put("holds_lease", session.handle().equals(leaseHolder));
		// the model profile its screenshots are made for (docs/profiles.md)
		fields.put("profile", profile);
		return fields;
	}

	/*
	 * Newest first. Deskhand's own events only: Spring Security's AUTHENTICATION_* and
	 * AUTHORIZATION_* events share the repository and would crowd them out. The data is
	 * what the audit trail recorded, where typed and clipboard text is already reduced to
	 * length and hash.
	 */
	private List<Map<String, Object>> recentActions() {
		return this.auditEvents.find(null, null, null)
			.stream()
			.filter((event) -> !event.getType().startsWith("AUTHENTICATION_")
					&& !event.getType().startsWith("AUTHORIZATION_"))
			.sorted(Comparator.comparing(AuditEvent::getTimestamp).reversed())
			.limit(RECENT_ACTIONS)
			.map(DeskhandEndpoint::describe)
			.toList();
	}

	private static Map<String, Object> describe(AuditEvent event) {
		Map<String, Object> fields = new LinkedHashMap<>();
		fields.put("timestamp", event.getTimestamp().toString());
		fields.put("principal", event.getPrincipal());
		fields.put("type", event.getType());
		fields.put("data", event.getData());
		return fields;
	}

}
