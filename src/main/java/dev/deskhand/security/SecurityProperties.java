package dev.deskhand.security;

import java.util.List;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code deskhand.security.*}.
 *
 * @param allowedOrigins browser Origins allowed to call the MCP endpoints (DNS-rebinding
 * protection); exact ({@code http://localhost:6274}) or any port ({@code http://localhost:*}). A
 * request without an Origin header (every non-browser client) is always allowed; one with an
 * Origin not listed gets 403.
 * @param allowedHosts Host header values the MCP endpoints answer; empty means: when bound to
 * loopback, only loopback names ({@code localhost}, {@code 127.0.0.1}, {@code [::1]}, any port);
 * otherwise any
 */
@ConfigurationProperties("deskhand.security")
public record SecurityProperties(@DefaultValue List<String> allowedOrigins, @DefaultValue List<String> allowedHosts) {
}
