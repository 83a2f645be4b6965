package dev.deskhand.approval;

import java.util.Set;
import java.util.function.Supplier;

import org.springframework.core.env.Environment;

/**
 * Where an operator answers approval requests: the console and the operator API on the
 * operators' (management) port. Read when a request waits, not at start-up: the port is
 * known only once the management server listens ({@code management.server.port=0} picks
 * one). A waiting agent and the log name these, so whoever watches either knows where to
 * go.
 */
public final class OperatorUrls {

	private static final String DEFAULT_BASE_PATH = "/actuator";

	private static final Set<String> WILDCARDS = Set.of("0.0.0.0", "::", "[::]", "0:0:0:0:0:0:0:0");

	private final Supplier<String> actuator;

	private OperatorUrls(Supplier<String> actuator) {
		this.actuator = actuator;
	}

	/**
	 * The URLs under a fixed actuator base ({@code http://127.0.0.1:8081/actuator}), or
	 * none when {@code actuator} is {@code null}.
	 */
	public static OperatorUrls at(String actuator) {
		return new OperatorUrls(() -> actuator);
	}

	/**
	 * The URLs of the running server: its management port and address, or the agents'
	 * when the actuator shares that port; none when the operators' port is off
	 * ({@code management.server.port=-1}).
	 */
	public static OperatorUrls of(Environment environment) {
		return new OperatorUrls(() -> actuatorOf(environment));
	}

	/**
	 * {@code http://127.0.0.1:8081/actuator/console}, or {@code null} when there is no
	 * operators' port.
	 */
	public String console() {
		String base = this.actuator.get();
		return (base != null) ? base + "/console" : null;
	}

	/**
	 * {@code http://127.0.0.1:8081/actuator/approvals}, or {@code null} when there is no
	 * operators' port.
	 */
	public String approvals() {
		String base = this.actuator.get();
		return (base != null) ? base + "/approvals" : null;
	}

	/**
	 * Where an operator answers request {@code id}, as a phrase that ends a sentence: "on
	 * the console ... or with POST .../approvals/a3 (operator token)".
	 */
	public String whereToAnswer(String id) {
		String base = this.actuator.get();
		if (base == null) {
			return "nowhere: the operators' port is off (management.server.port=-1), so no operator can answer";
		}
		return "on the console " + base + "/console or with POST " + base + "/approvals/" + id
				+ " (operator token, deskhand.security.operator-token)";
	}

	private static String actuatorOf(Environment environment) {
		String configured = environment.getProperty("management.server.port");
		if (configured != null && configured.strip().startsWith("-")) {
			return null;
		}
		String port = firstOf(environment, "local.management.port", "management.server.port");
		String address = environment.getProperty("management.server.address");
		String basePath = environment.getProperty("management.server.base-path", "");
		if (port == null) {
			// The actuator shares the agents' port.
			port = firstOf(environment, "local.server.port", "server.port");
			address = environment.getProperty("server.address");
			basePath = environment.getProperty("server.servlet.context-path", "");
		}
		if (port == null || port.startsWith("-")) {
			return null;
		}
		return "http://" + host(address) + ":" + port + trimmed(basePath)
				+ trimmed(environment.getProperty("management.endpoints.web.base-path", DEFAULT_BASE_PATH));
	}

	private static String firstOf(Environment environment, String... keys) {
		for (String key : keys) {
			String value = environment.getProperty(key);
			if (value != null && !value.isBlank()) {
				return value.trim();
			}
		}
		return null;
	}

	/**
	 * How a URL names a bound address: a server bound to every interface is reachable on
	 * loopback, where a browser on this machine finds it; an IPv6 literal needs its
	 * brackets. No name is resolved.
	 */
	public static String host(String address) {
		String stripped = (address != null) ? address.strip() : "";
		if (stripped.isEmpty() || WILDCARDS.contains(stripped)) {
			return "127.0.0.1";
		}
		return (stripped.contains(":") && !stripped.startsWith("[")) ? "[" + stripped + "]" : stripped;
	}

	private static String trimmed(String path) {
		if (path == null || path.isBlank() || "/".equals(path)) {
			return "";
		}
		String withSlash = path.startsWith("/") ? path : "/" + path;
		return withSlash.endsWith("/") ? withSlash.substring(0, withSlash.length() - 1) : withSlash;
	}

}
