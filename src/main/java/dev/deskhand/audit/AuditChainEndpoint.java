package dev.deskhand.audit;

import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;

import dev.deskhand.audit.AuditChainVerifier.Verification;

/**
 * {@code GET /actuator/auditchain}: verifies the configured audit file's hash chain.
 * Reads the whole file on every call, so it is an operator's check, not a health probe.
 */
@Endpoint(id = "auditchain")
class AuditChainEndpoint {

	private final AuditTrail trail;

	private final boolean enabled;

	AuditChainEndpoint(AuditTrail trail, AuditProperties properties) {
		this.trail = trail;
		this.enabled = properties.enabled();
	}

	@ReadOperation
	public AuditChain chain() {
		Verification verification = this.trail.verify();
		return new AuditChain(this.trail.file().toString(), this.enabled, verification.valid(), verification.records(),
				verification.firstBadLine(), verification.reason());
	}

	/**
	 * The endpoint's answer: the file and its {@link Verification}, flattened for
	 * {@code jq}.
	 *
	 * @param file the audit file's absolute path
	 * @param enabled whether Deskhand is appending to it ({@code deskhand.audit.enabled})
	 * @param valid whether the chain checks out
	 * @param records records that check out
	 * @param firstBadLine 1-based line of the first failure, 0 when valid
	 * @param reason what failed, or a summary
	 */
	record AuditChain(String file, boolean enabled, boolean valid, long records, long firstBadLine, String reason) {

	}

}
