package dev.deskhand.ops;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

import org.springframework.boot.actuate.endpoint.annotation.DeleteOperation;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.Selector;
import org.springframework.boot.actuate.endpoint.web.WebEndpointResponse;

import dev.deskhand.approval.AgentSession;
import dev.deskhand.approval.ApprovalService;
import dev.deskhand.input.InputLease;

/**
 * {@code /actuator/grants}: what each session may do; {@code DELETE
 * /actuator/grants/{session}} revokes a session's grants and app restriction and takes
 * its input lease.
 */
@Endpoint(id = "grants")
class GrantsEndpoint {

	private final ApprovalService approvals;

	private final InputLease lease;

	GrantsEndpoint(ApprovalService approvals, InputLease lease) {
		this.approvals = approvals;
		this.lease = lease;
	}

	@ReadOperation
	Map<String, Object> grants() {
		Instant now = Instant.now();
		return Map.of("sessions", this.approvals.sessions().all().stream().map((s) -> describe(s, now)).toList());
	}

	@DeleteOperation
	WebEndpointResponse<Map<String, Object>> revoke(@Selector String session) {
		if (!this.approvals.revoke(session, "operator")) {
			return new WebEndpointResponse<>(Map.of("error", "no session " + session), 404);
		}
		boolean leaseReleased = this.lease.release(session);
		return new WebEndpointResponse<>(Map.of("session", session, "revoked", true, "lease_released", leaseReleased),
				200);
	}

	static Map<String, Object> describe(AgentSession session, Instant now) {
		Map<String, Object> fields = new LinkedHashMap<>();
		fields.put("session", session.handle());
		fields.put("principal", session.principal());
		fields.put("client", session.client());
		fields.put("created", session.created().toString());
		fields.put("last_seen", session.lastSeen().toString());
		fields.put("apps", session.apps());
		Map<String, String> grants = new TreeMap<>();
		session.grants(now).forEach((capability, expiry) -> grants.put(capability.key(), expiry.toString()));
		fields.put("grants", grants);
		return fields;
	}

}
