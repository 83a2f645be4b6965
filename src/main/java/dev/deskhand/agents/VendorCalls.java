package dev.deskhand.agents;

import java.util.List;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.deskhand.actions.DesktopActions;
import dev.deskhand.approval.AgentSession;
import dev.deskhand.approval.ApprovalRequest;
import dev.deskhand.approval.ApprovalService;
import dev.deskhand.approval.HumanChannel;
import dev.deskhand.audit.Redaction;
import dev.deskhand.errors.DeskhandException;
import dev.deskhand.input.InputAction;
import dev.deskhand.screen.DisplayChoice;
import dev.deskhand.screen.Screenshot;

/**
 * What every vendor endpoint does around its batch: place a validation error at the
 * vendor's own index, ask a person to confirm what the model flagged, and show the screen
 * it left.
 */
public final class VendorCalls {

	private static final Logger logger = LoggerFactory.getLogger(VendorCalls.class);

	/** How much of a model's own safety message the person is shown. */
	private static final int MAX_MESSAGE = 300;

	/** How much of one flagged entry: a check's code, its shortened message and more. */
	private static final int MAX_ENTRY = 2 * MAX_MESSAGE;

	private final DesktopActions desktop;

	private final ApprovalService approvals;

	private final AgentsProperties properties;

	public VendorCalls(DesktopActions desktop, ApprovalService approvals, AgentsProperties properties) {
		this.desktop = desktop;
		this.approvals = approvals;
		this.properties = properties;
	}

	/**
	 * A validation error of the vendor's {@code field[index]}:
	 * {@code E_ARGS: actions[1]: ...; nothing ran}. The vendor's actions are validated
	 * one by one ({@link BatchStep}, {@code BatchArguments.parseOne}), so the error names
	 * no batch index of its own to take out.
	 */
	public static DeskhandException at(String field, int index, DeskhandException ex) {
		return new DeskhandException(ex.code(), field + "[" + index + "]: " + ex.getMessage() + "; nothing ran", ex);
	}

	/**
	 * A model-supplied message as the person reads it: shortened, and with line breaks,
	 * controls, bidi overrides and zero-width characters spelled out as a
	 * {@code request_human} reason is, so a model (or a page it read) cannot hide or
	 * reorder words in what the person is asked to confirm.
	 */
	public static String shortened(String message) {
		return Redaction.summary(message, MAX_MESSAGE);
	}

	/**
	 * Waits for a person to confirm what the vendor's model flagged (the console or the
	 * operator API: the agent cannot answer), unless {@code deskhand.agents.sandbox}.
	 * @param vendor the vendor's name, as the person reads it
	 * @param tool the approval's tool name
	 * @param flagged what the model said, one entry a check
	 * @throws DeskhandException E_DENIED when the person said no or nobody answered
	 */
	public void confirm(AgentSession session, String vendor, String tool, List<String> flagged,
			List<InputAction> actions) {
		if (this.properties.sandbox()) {
			logger.info("acknowledging {} {} safety check(s) of session {} unasked: deskhand.agents.sandbox=true",
					flagged.size(), vendor, session.handle());
			return;
		}
		String summary = summary(vendor, flagged, actions.size());
		this.approvals.confirm(new ApprovalRequest(session, this.desktop.capabilities(actions), tool, summary),
				HumanChannel.NONE);
	}

	/**
	 * What the person is asked to confirm. Every entry is shown visibly again, whatever
	 * the endpoint made of it: an entry joins model-supplied parts (a check's code and
	 * its message).
	 */
	static String summary(String vendor, List<String> flagged, int actions) {
		List<String> shown = flagged.stream().map((entry) -> Redaction.summary(entry, MAX_ENTRY)).toList();
		return vendor + "'s model asks a person to confirm before it acts (" + String.join("; ", shown) + "); then "
				+ actions + " input action(s)";
	}

	/** The screen after a batch, a refusal or a failure, if the agent may see it. */
	public Screenshot observe(EndpointCaller caller, DisplayChoice display, String summary) {
		try {
			this.desktop.authorizeObservation(caller, "screenshot", summary);
			return this.desktop.screenshotAfter(caller, display, "").screenshot();
		}
		catch (DeskhandException ex) {
			logger.debug("no screenshot for the reply: {}", ex.render());
			return null;
		}
	}

}
