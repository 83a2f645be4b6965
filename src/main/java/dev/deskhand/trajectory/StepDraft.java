package dev.deskhand.trajectory;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.deskhand.audit.AuditRecordId;

/**
 * One tool call while it runs, on the thread that runs it: what the audit wrote for it,
 * who made it and with which (redacted) arguments. Confined to that thread until it is
 * handed to the writer.
 */
final class StepDraft {

	static final String INPUT_ACTION = "input-action";

	final Instant time;

	final long startNanos;

	/** A step's endpoint, when a vendor endpoint's request made it. */
	static final String VIA = "via";

	final String tool;

	final String via;

	String session;

	String principal;

	String client;

	Map<String, Object> arguments = Map.of();

	/** The call's trace, when traced: what lines the step up with its spans. */
	String traceId;

	final List<Map<String, Object>> audit = new ArrayList<>();

	StepDraft(String tool, String via, Instant time) {
		this.tool = tool;
		this.via = via;
		this.time = time;
		this.startNanos = System.nanoTime();
	}

	void audited(AuditRecordId id, String type, Map<String, Object> data) {
		Map<String, Object> record = new LinkedHashMap<>();
		record.put("seq", (id != null) ? id.seq() : null);
		record.put("hash", (id != null) ? id.hash() : null);
		record.put("type", type);
		record.put("data", data);
		this.audit.add(record);
	}

	/**
	 * Whether the call reached the desktop's input: the guarded path wrote an input
	 * action.
	 */
	boolean changedDesktop() {
		return this.audit.stream().anyMatch((record) -> INPUT_ACTION.equals(record.get("type")));
	}

}
