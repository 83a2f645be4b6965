package dev.deskhand.ops;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;

import dev.deskhand.approval.ApprovalService;
import dev.deskhand.input.Failsafe;
import dev.deskhand.input.InputLease;
import dev.deskhand.input.InputQueue;
import dev.deskhand.input.QueueState;
import dev.deskhand.platform.DesktopDriver;
import dev.deskhand.platform.DisplayInfo;

/** {@code /actuator/deskhand}: sessions, input lease holder, queue, displays, driver, failsafe. */
@Endpoint(id = "deskhand")
class DeskhandEndpoint {

	private final DesktopDriver driver;

	private final InputQueue queue;

	private final InputLease lease;

	private final ApprovalService approvals;

	private final Failsafe failsafe;

	DeskhandEndpoint(DesktopDriver driver, InputQueue queue, InputLease lease, ApprovalService approvals,
			Failsafe failsafe) {
		this.driver = driver;
		this.queue = queue;
		this.lease = lease;
		this.approvals = approvals;
		this.failsafe = failsafe;
	}

	@ReadOperation
	Map<String, Object> status() {
		Instant now = Instant.now();
		QueueState queueState = this.queue.state();
		Map<String, Object> queueFields = new LinkedHashMap<>();
		queueFields.put("waiting", queueState.waiting());
		queueFields.put("capacity", queueState.capacity());
		queueFields.put("running", queueState.running());
		queueFields.put("stuck", queueState.stuck());
		Map<String, Object> fields = new LinkedHashMap<>();
		fields.put("driver", this.driver.name());
		fields.put("display", this.driver.target());
		fields.put("displays", displays());
		fields.put("lease_holder", this.lease.holder());
		fields.put("queue", queueFields);
		fields.put("failsafe", FailsafeEndpoint.describe(this.failsafe.state(), this.failsafe));
		fields.put("sessions",
				this.approvals.sessions().all().stream().map((s) -> GrantsEndpoint.describe(s, now)).toList());
		fields.put("pending_approvals", this.approvals.pending().size());
		return fields;
	}

	private List<Map<String, Object>> displays() {
		return this.driver.displays().displays().stream().map(DeskhandEndpoint::describe).toList();
	}

	private static Map<String, Object> describe(DisplayInfo display) {
		Map<String, Object> fields = new LinkedHashMap<>();
		fields.put("id", display.id());
		fields.put("bounds", List.of(display.bounds().x(), display.bounds().y(), display.bounds().width(),
				display.bounds().height()));
		fields.put("primary", display.primary());
		return fields;
	}

}
