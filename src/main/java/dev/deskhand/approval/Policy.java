package dev.deskhand.approval;

/** What happens when a tool needs a capability. */
public enum Policy {

	/** Go ahead. */
	ALLOW,
	/**
	 * Ask a human once per session (and cache the answer for the grant TTL when they say
	 * so).
	 */
	ASK,
	/** Refuse with E_DENIED. */
	DENY

}
