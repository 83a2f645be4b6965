package dev.deskhand.audit;

import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;

import dev.deskhand.audit.AuditTrail.Outage;

/**
 * The {@code audit} health component: DOWN while the audit file cannot be written, UP
 * otherwise (also when the file is disabled). DOWN, not OUT_OF_SERVICE: the failsafe's
 * OUT_OF_SERVICE is a pause someone chose, this is a fault (a full disk, lost
 * permissions) that needs an operator. Input is refused meanwhile and observation still
 * works; the readiness group includes this component, as it does {@code deskhand}, so a
 * load balancer stops sending agents that come to act. Liveness does not: a restart frees
 * no disk space and would lose the records held in memory. Each check may try the file
 * again, at most every {@code deskhand.audit.retry-interval}, so health turns UP by
 * itself once the disk has room even when no agent calls.
 */
class AuditHealthIndicator implements HealthIndicator {

	private final AuditTrail trail;

	AuditHealthIndicator(AuditTrail trail) {
		this.trail = trail;
	}

	@Override
	public Health health() {
		if (!this.trail.enabled()) {
			return Health.up().withDetail("file", "disabled").withDetail("input", "accepted").build();
		}
		Outage outage = this.trail.outage();
		if (outage == null) {
			return Health.up()
				.withDetail("file", this.trail.file().toString())
				.withDetail("writable", true)
				.withDetail("input", "accepted")
				.build();
		}
		return Health.down()
			.withDetail("file", this.trail.file().toString())
			.withDetail("writable", false)
			.withDetail("input", "refused")
			.withDetail("reason", outage.reason())
			.withDetail("unwritableSince", outage.since().toString())
			.withDetail("heldRecords", outage.held())
			.withDetail("droppedRecords", outage.dropped())
			.build();
	}

}
