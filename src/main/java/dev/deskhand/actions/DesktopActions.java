package dev.deskhand.actions;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.micrometer.observation.ObservationRegistry;

import dev.deskhand.approval.ApprovalRequest;
import dev.deskhand.approval.ApprovalService;
import dev.deskhand.approval.ApprovalTarget;
import dev.deskhand.approval.Capability;
import dev.deskhand.audit.AuditTrail;
import dev.deskhand.audit.Redaction;
import dev.deskhand.desk.Desk;
import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.input.InputAction;
import dev.deskhand.input.InputLease;
import dev.deskhand.input.InputQueue;
import dev.deskhand.platform.ClipboardDriver;
import dev.deskhand.platform.DisplayInfo;
import dev.deskhand.platform.Point;
import dev.deskhand.platform.WindowDriver;
import dev.deskhand.platform.WindowInfo;
import dev.deskhand.screen.DisplayChoice;
import dev.deskhand.screen.ScreenService;
import dev.deskhand.screen.Screenshot;
import dev.deskhand.tracing.CallPhase;
import dev.deskhand.tracing.TraceIds;

/**
 * The guarded path: the one way a desktop-changing call reaches the desktop. Actions
 * arrive validated and mapped ({@link ActionArguments}); here they get their capabilities
 * and their words for a human ({@link ActionRules}), then approval, then the input lease,
 * then the input queue (where the failsafe, the privacy mask and the app scope are
 * checked on the input thread right before the driver), then one audit record, whatever
 * the outcome. Observation passes approval only.
 */
public final class DesktopActions {

	/** How often long actions report progress. */
	public static final Duration PROGRESS_PERIOD = Duration.ofSeconds(1);

	/** Characters per chunk when a long {@code type} reports progress. */
	static final int TYPE_CHUNK = 100;

	static final Duration CLIPBOARD_READ_TIMEOUT = Duration.ofSeconds(3);

	private final InputQueue queue;

	private final InputLease lease;

	private final ApprovalService approvals;

	private final ActionRules rules;

	private final AuditTrail audit;

	private final ScreenService screen;

	private final WindowDriver windows;

	private final ClipboardDriver clipboard;

	private final Duration settle;

	private final Desk desk;

	private final List<String> maskedApps;

	private final ObservationRegistry observations;

	DesktopActions(InputQueue queue, InputLease lease, ApprovalService approvals, ActionRules rules, AuditTrail audit,
			ScreenService screen, WindowDriver windows, ClipboardDriver clipboard, Duration settle, Desk desk,
			List<String> maskedApps, ObservationRegistry observations) {
		this.observations = observations;
		this.desk = desk;
		this.maskedApps = List.copyOf(maskedApps);
		this.queue = queue;
		this.lease = lease;
		this.approvals = approvals;
		this.rules = rules;
		this.audit = audit;
		this.screen = screen;
		this.windows = windows;
		this.clipboard = clipboard;
		this.settle = settle;
	}

	/**
	 * @param display the display the action's coordinates refer to, or {@code null} for
	 * keyboard actions; its warning (a guessed display) is added to the outcome
	 */
	public ActionOutcome perform(Caller caller, DisplayChoice display, InputAction action, boolean screenshotAfter,
			String done) {
		return perform(caller, display, action.tool(), List.of(action), screenshotAfter, done);
	}

	/**
	 * A {@code computer_batch}: approved, audited and recorded under that name however
	 * many actions it holds (the session's record names the tool the agent called, and
	 * its verifier holds the audit to it).
	 */
	public ActionOutcome performAll(Caller caller, DisplayChoice display, List<InputAction> actions,
			boolean screenshotAfter, String done) {
		return perform(caller, display, "computer_batch", actions, screenshotAfter, done);
	}

	private ActionOutcome perform(Caller caller, DisplayChoice display, String tool, List<InputAction> actions,
			boolean screenshotAfter, String done) {
		boolean pointed = actions.stream().anyMatch((action) -> !action.points().isEmpty());
		String text = (display != null && display.warning() != null && pointed)
				? done + "\nwarning: " + display.warning() : done;
		run(caller, display, tool, actions);
		if (!screenshotAfter) {
			return new ActionOutcome(text, null);
		}
		return screenshotAfter(caller, displayAfter(display, actions), text);
	}

	/**
	 * The capabilities a batch of actions needs, by the rules every action is approved
	 * by: what a confirmation asked for them shows.
	 */
	public Set<Capability> capabilities(List<InputAction> actions) {
		return this.rules.capabilities(actions);
	}

	/**
	 * open_application: focusing or launching is an input action on the queue like any
	 * other.
	 */
	public ApplicationOutcome openApplication(Caller caller, InputAction action) {
		if (action.application() == null) {
			throw new IllegalArgumentException(action.tool() + " brings up no application");
		}
		run(caller, null, action.tool(), List.of(action));
		WindowInfo focused = this.windows.focusedWindow()
			.orElseThrow(() -> new DeskhandException(ErrorCode.E_FAIL,
					"'" + action.application() + "' was brought up but no window has focus now"));
		return new ApplicationOutcome(action instanceof InputAction.Launch, focused);
	}

	/**
	 * read_clipboard: observation, gated by {@code clipboard_read} and audited, off the
	 * queue. Data a masked application put there is not read (where the platform says who
	 * owns the clipboard).
	 */
	public String readClipboard(Caller caller) {
		authorize(caller, new ApprovalRequest(caller.session(), Set.of(Capability.CLIPBOARD_READ), "read_clipboard",
				"read the clipboard"));
		long start = System.nanoTime();
		String outcome = "ok";
		String text = null;
		try {
			text = this.clipboard.read(CLIPBOARD_READ_TIMEOUT, this.maskedApps);
			return text;
		}
		catch (DeskhandException ex) {
			outcome = ex.code().name();
			throw ex;
		}
		finally {
			List<Object> record = (text != null) ? List.of(Map.of("tool", "read_clipboard", "text", Redaction.of(text)))
					: List.of();
			this.audit.record(AuditedAction.CLIPBOARD_READ, caller.session().principal(),
					new AuditedAction(AuditedAction.CLIPBOARD_READ, caller.handle(), "read_clipboard", outcome,
							Duration.ofNanos(System.nanoTime() - start), record, TraceIds.current(this.observations))
						.data());
		}
	}

	/**
	 * Observation needs approval too (allowed by default), but neither the lease nor the
	 * queue.
	 */
	public void authorizeObservation(Caller caller, String tool, String summary) {
		authorize(caller, new ApprovalRequest(caller.session(), Set.of(Capability.OBSERVE), tool, summary));
	}

	/** Approval as a phase of the call: its span shows how long a human took. */
	private void authorize(Caller caller, ApprovalRequest request) {
		CallPhase.APPROVAL.observe(this.observations, () -> this.approvals.authorize(request, caller.channel()));
	}

	/**
	 * {@code done} with a screenshot of the display taken once the screen is stable (two
	 * captures alike), waiting at most {@code deskhand.screenshot.settle}.
	 */
	public ActionOutcome screenshotAfter(Caller caller, DisplayChoice display, String done) {
		String displayId = (display != null) ? display.id() : this.screen.choose(caller.handle(), null).id();
		Screenshot shot = this.screen.settledScreenshot(caller.handle(), displayId, null, this.settle);
		return new ActionOutcome(done, shot);
	}

	/** Approval, lease, queue, audit: the path itself. */
	private void run(Caller caller, DisplayChoice display, String tool, List<InputAction> actions) {
		Set<Capability> capabilities = this.rules.capabilities(actions);
		boolean input = !capabilities.isEmpty();
		if (input) {
			// Nothing changes the desktop unrecorded: no input while the audit fails.
			this.audit.requireWritable();
			// Whose desk it is comes first: no point asking anyone to approve input a
			// person at the desk would refuse. One check with the strongest reason (the
			// failsafe before the desk before the lease); the guards on the input
			// thread check again.
			this.desk.check(caller.handle());
		}
		ApprovalTarget target = ApprovalTarget.firstOf((display != null) ? display.id() : null,
				actions.stream().map(InputAction::target).toList());
		authorize(caller, new ApprovalRequest(caller.session(), capabilities, tool, this.rules.describe(actions),
				this.rules.describeForAudit(actions), target));
		if (input) {
			CallPhase.LEASE.observe(this.observations,
					() -> this.lease.acquire(caller.handle(), caller.session().principal()));
		}
		long start = System.nanoTime();
		String outcome = "ok";
		try {
			execute(caller, tool, actions);
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
			this.audit.record(AuditedAction.INPUT, caller.session().principal(),
					new AuditedAction(AuditedAction.INPUT, caller.handle(), tool, outcome,
							Duration.ofNanos(System.nanoTime() - start),
							actions.stream().map(this.rules::auditRecord).toList(), TraceIds.current(this.observations))
						.data());
		}
	}

	/**
	 * Runs the job on the queue and, when the client asked for progress, tells it how far
	 * the job got: a long {@code type} chunk by chunk, anything with a duration of its
	 * own ({@code hold_key}, a batch's waits and holds) by the seconds elapsed.
	 */
	private void execute(Caller caller, String tool, List<InputAction> actions) {
		ActionProgress progress = caller.progress();
		if (!progress.requested()) {
			this.queue.execute(caller.handle(), actions, caller.cancellation());
			return;
		}
		if (actions.size() == 1 && actions.get(0) instanceof InputAction.TypeText type
				&& type.text().codePointCount(0, type.text().length()) > TYPE_CHUNK) {
			typeInChunks(caller, type.text());
			return;
		}
		Duration own = actions.stream().map(InputAction::ownDuration).reduce(Duration.ZERO, Duration::plus);
		if (own.compareTo(PROGRESS_PERIOD) < 0) {
			this.queue.execute(caller.handle(), actions, caller.cancellation());
			return;
		}
		double total = own.toMillis() / 1000.0;
		try (ActionProgress.Phase phase = progress.every(PROGRESS_PERIOD, total,
				(elapsed) -> tool + ": " + elapsed + " of " + total + " s")) {
			this.queue.execute(caller.handle(), actions, caller.cancellation());
		}
	}

	/**
	 * Types a long text as several queue jobs of {@link #TYPE_CHUNK} characters,
	 * reporting after each. The failsafe and the app scope are checked before every
	 * chunk; the input lease keeps other sessions out in between.
	 */
	private void typeInChunks(Caller caller, String text) {
		int total = text.codePointCount(0, text.length());
		ActionProgress.Phase phase = caller.progress().phase(total);
		phase.report(0, "typed 0 of " + total + " characters");
		int typed = 0;
		int from = 0;
		while (from < text.length()) {
			int to = text.offsetByCodePoints(from, Math.min(TYPE_CHUNK, total - typed));
			try {
				this.queue.execute(caller.handle(), List.of(new InputAction.TypeText(text.substring(from, to))),
						caller.cancellation());
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

	/**
	 * Sleeps on the caller's thread ({@code wait}: not input, it never holds up the
	 * queue).
	 */
	public static void pause(Duration duration) {
		try {
			Thread.sleep(duration.toMillis());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new DeskhandException(ErrorCode.E_FAIL, "interrupted");
		}
	}

}
