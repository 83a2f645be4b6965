package dev.deskhand.ops;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.Selector;
import org.springframework.boot.actuate.endpoint.annotation.WriteOperation;
import org.springframework.boot.actuate.endpoint.web.WebEndpointResponse;
import org.springframework.lang.Nullable;

import dev.deskhand.approval.ApprovalService;
import dev.deskhand.approval.ApprovalTarget;
import dev.deskhand.approval.Approver;
import dev.deskhand.approval.Capability;
import dev.deskhand.approval.Decision;
import dev.deskhand.approval.PendingApproval;

/**
 * {@code /actuator/approvals}: the requests waiting for a human, and the operator's
 * answer to one. {@link ConsoleApprovalsExtension} adds {@code GET
 * /actuator/approvals/{id}} with a crop of the screen where the request will act.
 */
@Endpoint(id = "approvals")
class ApprovalsEndpoint {

	private final ApprovalService approvals;

	ApprovalsEndpoint(ApprovalService approvals) {
		this.approvals = approvals;
	}

	@ReadOperation
	Map<String, Object> pending() {
		return Map.of("pending", this.approvals.pending().stream().map(ApprovalsEndpoint::describe).toList());
	}

	/**
	 * @param decision {@code approve} or {@code deny}
	 * @param scope {@code once} (default) or {@code session}
	 */
	@WriteOperation
	WebEndpointResponse<Map<String, Object>> decide(@Selector String id, String decision, @Nullable String scope) {
		boolean approve;
		if ("approve".equalsIgnoreCase(decision)) {
			approve = true;
		}
		else if ("deny".equalsIgnoreCase(decision)) {
			approve = false;
		}
		else {
			return new WebEndpointResponse<>(Map.of("error", "decision must be approve or deny"), 400);
		}
		Decision.Scope parsedScope;
		try {
			parsedScope = (scope == null) ? Decision.Scope.ONCE
					: Decision.Scope.valueOf(scope.toUpperCase(Locale.ROOT));
		}
		catch (IllegalArgumentException ex) {
			return new WebEndpointResponse<>(Map.of("error", "scope must be once or session"), 400);
		}
		if (!this.approvals.decide(id, new Decision(approve, parsedScope, Approver.OPERATOR.key()))) {
			return new WebEndpointResponse<>(Map.of("error", "no pending approval " + id), 404);
		}
		return new WebEndpointResponse<>(Map.of("id", id, "decision", approve ? "approve" : "deny", "scope",
				parsedScope.name().toLowerCase(Locale.ROOT)), 200);
	}

	static Map<String, Object> describe(PendingApproval pending) {
		Map<String, Object> fields = new LinkedHashMap<>();
		fields.put("id", pending.id());
		fields.put("session", pending.request().session().handle());
		fields.put("principal", pending.request().session().principal());
		fields.put("client", pending.request().session().client());
		fields.put("capabilities", pending.request().capabilities().stream().map(Capability::key).sorted().toList());
		fields.put("tool", pending.request().tool());
		fields.put("summary", pending.request().summary());
		fields.put("requested_at", pending.requestedAt().toString());
		// Who may answer: "operator" alone, or also "elicitation" (the agent's own
		// client,
		// for agents in deskhand.approval.elicitation-agents).
		fields.put("approvers", pending.approvers().stream().map(Approver::key).sorted().toList());
		ApprovalTarget target = pending.request().target();
		if (target != null) {
			// The desktop's logical coordinates, like the summary's "at (x, y)".
			fields.put("target",
					Map.of("display_id", target.displayId(), "point", List.of(target.point().x(), target.point().y())));
		}
		return fields;
	}

}
