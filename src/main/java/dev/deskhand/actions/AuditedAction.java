package dev.deskhand.actions;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.deskhand.tracing.CallKeys;

/**
 * The one shape of every audit record the guarded path writes, desktop-changing or
 * reading the clipboard: who, which tool, how it ended, how long it took, and what it did
 * in words (typed and clipboard text only as length and keyed hash).
 *
 * @param type {@code input-action} for what changes the desktop, {@code clipboard-read}
 * for a read
 * @param outcome {@code ok} or the {@code E_*} code
 * @param actions per action its words, or for text a map of the tool and the text's
 * redaction
 * @param traceId the call's trace, {@code null} when it is not traced
 */
record AuditedAction(String type, String session, String tool, String outcome, Duration duration, List<Object> actions,
		String traceId) {

	static final String INPUT = "input-action";

	static final String CLIPBOARD_READ = "clipboard-read";

	AuditedAction {
		actions = List.copyOf(actions);
	}

	Map<String, Object> data() {
		Map<String, Object> data = new LinkedHashMap<>();
		data.put("session", this.session);
		data.put("tool", this.tool);
		data.put("outcome", this.outcome);
		data.put("duration_ms", this.duration.toMillis());
		data.put("actions", this.actions);
		if (this.traceId != null) {
			data.put(CallKeys.TRACE_ID, this.traceId);
		}
		return data;
	}

}
