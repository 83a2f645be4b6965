package dev.deskhand.tools;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.modelcontextprotocol.spec.McpSchema.CallToolResult;

import dev.deskhand.approval.ApprovalRequest;
import dev.deskhand.approval.ApprovalService;
import dev.deskhand.approval.Capability;
import dev.deskhand.audit.AuditTrail;
import dev.deskhand.audit.Redaction;
import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.input.InputAction;
import dev.deskhand.input.InputLease;
import dev.deskhand.input.InputQueue;
import dev.deskhand.platform.DisplayInfo;
import dev.deskhand.platform.Point;
import dev.deskhand.screen.ScreenService;
import dev.deskhand.screen.Screenshot;

/**
 * Runs validated actions the one way they may reach the desktop: approval for their capabilities,
 * then the input lease, then the input queue (where the failsafe and the app scope are checked
 * right before the driver), then the audit record; and renders the result, with the screenshot
 * after them when asked.
 */
class ActionRunner {

	private final InputQueue queue;

	private final InputLease lease;

	private final ApprovalService approvals;

	private final ActionDescriptions descriptions;

	private final AuditTrail audit;

	private final ScreenService screen;

	private final Duration settle;

	ActionRunner(InputQueue queue, InputLease lease, ApprovalService approvals, ActionDescriptions descriptions,
			AuditTrail audit, ScreenService screen, Duration settle) {
		this.queue = queue;
		this.lease = lease;
		this.approvals = approvals;
		this.descriptions = descriptions;
		this.audit = audit;
		this.screen = screen;
		this.settle = settle;
	}

	CallToolResult perform(CallContext call, String displayId, InputAction action, Boolean screenshotAfter,
			String done) {
		return performAll(call, displayId, List.of(action), screenshotAfter, done);
	}

	CallToolResult performAll(CallContext call, String displayId, List<InputAction> actions, Boolean screenshotAfter,
			String done) {
		String tool = (actions.size() == 1) ? actions.get(0).tool() : "computer_batch";
		Set<Capability> capabilities = this.descriptions.capabilities(actions);
		this.approvals.authorize(new ApprovalRequest(call.session(), capabilities, tool,
				this.descriptions.describe(actions), this.descriptions.describeForAudit(actions)), call.channel());
		boolean input = !capabilities.isEmpty();
		if (input) {
			this.lease.acquire(call.handle(), call.session().principal());
		}
		long start = System.nanoTime();
		String outcome = "ok";
		try {
			this.queue.execute(call.handle(), actions);
		}
		catch (DeskhandException ex) {
			outcome = ex.code().name();
			throw ex;
		}
		catch (RuntimeException ex) {
			outcome = ErrorCode.E_FAIL.name();
			throw ex;
		}
		finally {
			auditInput(call, tool, actions, outcome, System.nanoTime() - start);
		}
		if (!Boolean.TRUE.equals(screenshotAfter)) {
			return ToolResults.text(done);
		}
		return screenshotAfter(call, displayAfter(displayId, actions), done);
	}

	/** Waits for the screen to settle, then renders {@code done} with a screenshot of the display. */
	CallToolResult screenshotAfter(CallContext call, String displayId, String done) {
		pause(this.settle);
		Screenshot shot = this.screen.screenshot(call.handle(), displayId, null);
		return ToolResults.withScreenshot(done, shot);
	}

	/** Observation needs approval too (allowed by default), but neither the lease nor the queue. */
	void authorizeObservation(CallContext call, String tool, String summary) {
		this.approvals.authorize(new ApprovalRequest(call.session(), Set.of(Capability.OBSERVE), tool, summary),
				call.channel());
	}

	private void auditInput(CallContext call, String tool, List<InputAction> actions, String outcome, long nanos) {
		Map<String, Object> data = new LinkedHashMap<>();
		data.put("session", call.handle());
		data.put("tool", tool);
		data.put("outcome", outcome);
		data.put("duration_ms", nanos / 1_000_000);
		data.put("actions", actions.stream().map(ActionRunner::auditable).toList());
		this.audit.record("input-action", call.session().principal(), data);
	}

	/** An action as the audit keeps it: typed text only as its length and hash. */
	private static Object auditable(InputAction action) {
		if (action instanceof InputAction.TypeText type) {
			Map<String, Object> text = new LinkedHashMap<>();
			text.put("tool", "type");
			text.put("text", Redaction.of(type.text()));
			return text;
		}
		return action.toString();
	}

	/** The display to show after actions: the one the last pointed action landed on, else the given one. */
	private String displayAfter(String displayId, List<InputAction> actions) {
		for (int i = actions.size() - 1; i >= 0; i--) {
			Point target = actions.get(i).target();
			if (target != null) {
				for (DisplayInfo display : this.screen.displays()) {
					if (display.bounds().contains(target.x(), target.y())) {
						return display.id();
					}
				}
			}
		}
		return displayId;
	}

	static void pause(Duration duration) {
		try {
			Thread.sleep(duration.toMillis());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new DeskhandException(ErrorCode.E_FAIL, "interrupted");
		}
	}

}
