package dev.deskhand.tracing;

/**
 * The keys a tool call's observation carries: as timer tags the low-cardinality ones
 * (tool, outcome), as span attributes all of them. Never an argument of the call: no
 * typed text, no clipboard text, no coordinates reach a trace.
 */
public final class CallKeys {

	/** The observation of one tool call (its timer is the tool-call metric). */
	public static final String TOOL_CALL = "deskhand.tool.calls";

	/** The tool's name. */
	public static final String TOOL = "tool";

	/**
	 * {@code ok}, {@code error} (a result marked as an error) or the {@code E_*} code.
	 */
	public static final String OUTCOME = "outcome";

	/** The {@code E_*} code of a failed call; absent when it went well. */
	public static final String ERROR_CODE = "error.code";

	/** The agent session's handle, as in the audit and the session record. */
	public static final String SESSION = "session";

	/** Who made the call: an agent token's name, {@code local} or {@code in-process}. */
	public static final String PRINCIPAL = "principal";

	/** What the audit record and the session record call a call's trace id. */
	public static final String TRACE_ID = "trace_id";

	static final String OK = "ok";

	private CallKeys() {
	}

	static String outcomeOf(RuntimeException failure) {
		return (failure != null) ? CallPhase.codeOf(failure) : OK;
	}

}
