package dev.deskhand.security;

import dev.deskhand.platform.OperatingSystem;

/**
 * How the agents' port tells that a client without an agent token is the desktop's own
 * user, per OS. Every OS has a rule: the switch has no default, so a new
 * {@link OperatingSystem} does not compile until it gets one, and
 * {@code TokenlessRouteTests} lists every OS.
 */
enum TokenlessRoute {

	/**
	 * Linux: the uid of the client's socket in {@code /proc/net/tcp{,6}}
	 * ({@code LinuxConnectionOwners}).
	 */
	PROC_NET,

	/**
	 * Windows: the user SID of the process {@code GetExtendedTcpTable} names for the
	 * client's socket ({@code WindowsConnectionOwners}).
	 */
	TCP_TABLE,

	/**
	 * Where the OS cannot say: the client sends the token Deskhand generated into
	 * {@code deskhand.security.agent-token-file}, which only the desktop's user can read,
	 * and is the agent {@code local}; a client without it is refused.
	 */
	GENERATED_TOKEN,

	/**
	 * Nothing to check: configured agent tokens say who every client is (a client without
	 * one gets 401), or {@code allow-other-users} serves every local process as
	 * {@code local}.
	 */
	ALLOW;

	/**
	 * @param os the OS the platform beans were chosen for
	 * @param allowOtherUsers {@code deskhand.security.allow-other-users}
	 * @param agentTokens whether {@code deskhand.security.agent-tokens} is set
	 */
	static TokenlessRoute of(OperatingSystem os, boolean allowOtherUsers, boolean agentTokens) {
		if (agentTokens || allowOtherUsers) {
			return ALLOW;
		}
		return switch (os) {
			case LINUX -> PROC_NET;
			case WINDOWS -> TCP_TABLE;
			// macOS has a socket's uid in the kernel's pcblist (sysctl
			// net.inet.tcp.pcblist_n), in structures the SDK does not promise to keep;
			// libproc would mean walking every process's descriptors per connection. A
			// token in a file only the user can read needs neither.
			case MACOS, OTHER -> GENERATED_TOKEN;
		};
	}

	/** Whether this route asks a {@code ConnectionOwners} bean. */
	boolean looksUpOwners() {
		return this == PROC_NET || this == TCP_TABLE;
	}

}
