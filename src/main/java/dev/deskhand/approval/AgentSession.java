package dev.deskhand.approval;

import java.time.Instant;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;

/**
 * One agent's session: the authenticated principal and its MCP session together, behind a
 * server-side handle. Grants and the app scope live here, so nothing depends on the MCP
 * session id alone (the newest MCP revision drops protocol sessions).
 */
public final class AgentSession {

	private final String handle;

	private final String principal;

	private final String client;

	private final Instant created;

	private volatile Instant lastSeen;

	// Guarded by this: grants are read by tool threads and revoked by operators.
	private final Map<Capability, Instant> grants = new EnumMap<>(Capability.class);

	private volatile List<String> apps;

	private volatile String reason;

	AgentSession(String handle, String principal, String client, Instant created) {
		this.handle = handle;
		this.principal = principal;
		this.client = client;
		this.created = created;
		this.lastSeen = created;
	}

	/** The opaque server-side id operators see and revoke by. */
	public String handle() {
		return this.handle;
	}

	public String principal() {
		return this.principal;
	}

	/** The MCP client's name, as it introduced itself; for humans only. */
	public String client() {
		return this.client;
	}

	public Instant created() {
		return this.created;
	}

	public Instant lastSeen() {
		return this.lastSeen;
	}

	void touch(Instant now) {
		this.lastSeen = now;
	}

	/**
	 * Apps input is restricted to ({@code request_access}), or {@code null} for no
	 * restriction.
	 */
	public List<String> apps() {
		return this.apps;
	}

	/**
	 * A session restricted to some apps may not bring up others
	 * ({@code open_application}).
	 * @throws DeskhandException E_NOT_GRANTED when {@code app} is outside them
	 */
	public void requireMayBringUp(String app) {
		List<String> allowed = this.apps;
		if (allowed != null && allowed.stream().noneMatch(app::equalsIgnoreCase)) {
			throw new DeskhandException(ErrorCode.E_NOT_GRANTED,
					"'" + app + "' is outside this session's apps " + allowed + "; request_access can widen the grant");
		}
	}

	public String reason() {
		return this.reason;
	}

	void restrictTo(List<String> apps, String reason) {
		this.apps = (apps != null) ? List.copyOf(apps) : null;
		this.reason = reason;
	}

	synchronized boolean hasGrant(Capability capability, Instant now) {
		Instant expiry = this.grants.get(capability);
		if (expiry == null) {
			return false;
		}
		if (!expiry.isAfter(now)) {
			this.grants.remove(capability);
			return false;
		}
		return true;
	}

	synchronized void grant(Set<Capability> capabilities, Instant expiry) {
		capabilities.forEach((capability) -> this.grants.put(capability, expiry));
	}

	/** Grants still valid at {@code now}, with their expiry. */
	public synchronized Map<Capability, Instant> grants(Instant now) {
		this.grants.values().removeIf((expiry) -> !expiry.isAfter(now));
		return Map.copyOf(this.grants);
	}

	synchronized void clearGrants() {
		this.grants.clear();
		this.apps = null;
		this.reason = null;
	}

}
