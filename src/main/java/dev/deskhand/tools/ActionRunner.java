package dev.deskhand.tools;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.modelcontextprotocol.spec.McpSchema.CallToolResult;

import dev.deskhand.approval.ApprovalRequest;
import dev.deskhand.approval.ApprovalService;
import dev.deskhand.approval.ApprovalTarget;
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
import dev.deskhand.screen.DisplayChoice;
import dev.deskhand.screen.ScreenService;
import dev.deskhand.screen.Screenshot;

/**
 * Runs validated actions the one way they may reach the desktop: approval for their
 * capabilities, then the input lease, then the input queue (where the failsafe and the
 * app scope are checked right before the driver), then the audit record; and renders the
 * result, with the screenshot after them when asked.
 */
class ActionRunner {

	/** How often long actions report progress. */
	static final Duration PROGRESS_PERIOD = Duration.ofSeconds(1);

	/** Characters per chunk when a long {@code type} reports progress. */
	static final int TYPE_CHUNK = 100;

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

	/**
	 * @param display the display the action's coordinates refer to, or {@code null} for
	 * keyboard actions; its warning (a guessed display) is added to the result
	 */
	CallToolResult perform(CallContext call, DisplayChoice display, InputAction action, Boolean screenshotAfter,
			String done) {
		return performAll(call, display, List.of(action), screenshotAfter, done);
	}

	CallToolResult performAll(CallContext call, DisplayChoice display, List<InputAction> actions,
			Boolean screenshotAfter, String done) {
		boolean pointed = actions.stream().anyMatch((action) -> action.target() != null);
		String text = (display != null && display.warning() != null && pointed)
				? done + "\nwarning: " + display.warning() : done;
		String tool = (actions.size() == 1) ? actions.get(0).tool() : "computer_batch";
		Set<Capability> capabilities = this.descriptions.capabilities(actions);
		boolean input = !capabilities.isEmpty();
		if (input) {
			this.lease.checkAvailable(call.handle());
		}
		ApprovalTarget target = ApprovalTarget.firstOf((display != null) ? display.id() : null,
				actions.stream().map(InputAction::target).toList());
		this.approvals.authorize(new ApprovalRequest(call.session(), capabilities, tool,
				this.descriptions.describe(actions), this.descriptions.describeForAudit(actions), target),
				call.channel());
		if (input) {
			this.lease.acquire(call.handle(), call.session().principal());
		}
		long start = System.nanoTime();
		String outcome = "ok";
		try {
			execute(call, tool, actions);
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
			return ToolResults.text(text);
		}
		return screenshotAfter(call, displayAfter(display, actions), text);
	}

	/**
	 * Runs the job on the queue and, when the client asked for progress, tells it how far
	 * the job got: a long {@code type} chunk by chunk, anything with a duration of its
	 * own ({@code hold_key}, a batch's waits and holds) by the seconds elapsed.
	 */
	private void execute(CallContext call, String tool, List<InputAction> actions) {
		Progress progress = call.progress();
		if (!progress.requested()) {
			this.queue.execute(call.handle(), actions);
			return;
		}
		if (actions.size() == 1 && actions.get(0) instanceof InputAction.TypeText type
				&& type.text().codePointCount(0, type.text().length()) > TYPE_CHUNK) {
			typeInChunks(call, type.text());
			return;
		}
		Duration own = actions.stream().map(InputAction::ownDuration).reduce(Duration.ZERO, Duration::plus);
		if (own.compareTo(PROGRESS_PERIOD) < 0) {
			this.queue.execute(call.handle(), actions);
			return;
		}
		double total = own.toMillis() / 1000.0;
		try (Progress.Phase phase = progress.every(PROGRESS_PERIOD, total,
				(elapsed) -> tool + ": " + elapsed + " of " + total + " s")) {
			this.queue.execute(call.handle(), actions);
		}
	}

	/**
	 * Types a long text as several queue jobs of {@link #TYPE_CHUNK} characters,
	 * reporting after each. The failsafe and the app scope are checked before every
	 * chunk; the input lease keeps other sessions out in between.
	 */
	private void typeInChunks(CallContext call, String text) {
		int total = text.codePointCount(0, text.length());
		Progress.Phase phase = call.progress().phase((double) total);
		phase.report(0, "typed 0 of " + total + " characters");
		int typed = 0;
		int from = 0;
		while (from < text.length()) {
			int to = text.offsetByCodePoints(from, Math.min(TYPE_CHUNK, total - typed));
			try {
				this.queue.execute(call.handle(), new InputAction.TypeText(text.substring(from, to)));
			}
			catch (DeskhandException ex) {
				throw new DeskhandException(ex.code(),
						ex.getMessage() + " (after " + typed + " of " + total + " characters were typed)", ex);
			}
			typed += text.codePointCount(from, to);
			from = to;
			phase.report(typed, "typed " + typed + " of " + total + " characters");
		}
	}

	/**
	 * Renders {@code done} with a screenshot of the display taken once the screen is
	 * stable (two captures alike), waiting at most {@code deskhand.screenshot.settle}.
	 */
	CallToolResult screenshotAfter(CallContext call, DisplayChoice display, String done) {
		String displayId = (display != null) ? display.id() : this.screen.choose(call.handle(), null).id();
		Screenshot shot = this.screen.settledScreenshot(call.handle(), displayId, null, this.settle);
		return ToolResults.withScreenshot(done, shot);
	}

	/**
	 * Observation needs approval too (allowed by default), but neither the lease nor the
	 * queue.
	 */
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
		data.put("actions", actions.stream().map(this::auditable).toList());
		this.audit.record("input-action", call.session().principal(), data);
	}

	/**
	 * An action as the audit keeps it, in words; typed text only as its length and hash.
	 */
	private Object auditable(InputAction action) {
		if (action instanceof InputAction.TypeText type) {
			Map<String, Object> text = new LinkedHashMap<>();
			text.put("tool", "type");
			text.put("text", Redaction.of(type.text()));
			return text;
		}
		return this.descriptions.describe(action);
	}

	/**
	 * The display to show after actions: the one the last pointed action landed on, else
	 * the given one.
	 */
	private DisplayChoice displayAfter(DisplayChoice display, List<InputAction> actions) {
		for (int i = actions.size() - 1; i >= 0; i--) {
			Point target = actions.get(i).target();
			DisplayInfo landed = (target != null) ? this.screen.displayAt(target) : null;
			if (landed != null) {
				return new DisplayChoice(landed, null);
			}
		}
		return display;
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
