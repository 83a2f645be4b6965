package dev.deskhand.mcp;

import java.util.function.Predicate;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.web.server.context.WebServerGracefulShutdownLifecycle;
import org.springframework.context.SmartLifecycle;

/**
 * Closes the MCP streams clients left open ({@code GET /mcp}, legacy {@code GET /sse})
 * before the web server shuts down gracefully, and says so in one line. Left to the web
 * server, each open stream is a request it waits for until
 * {@code spring.lifecycle.timeout-per-shutdown-phase} and then cuts, and the cut streams
 * leave a few warnings each (86 lines on one stop): the SDK clients open a stream per
 * session and few end their sessions.
 */
final class McpStreamsShutdown implements SmartLifecycle {

	private static final Logger logger = LoggerFactory.getLogger(McpStreamsShutdown.class);

	private final McpStreamableSessions sessions;

	private final Predicate<String> inFlight;

	private final ObjectProvider<McpTransportConfiguration.LegacySseServer> legacy;

	private volatile boolean running;

	McpStreamsShutdown(McpStreamableSessions sessions, Predicate<String> inFlight,
			ObjectProvider<McpTransportConfiguration.LegacySseServer> legacy) {
		this.sessions = sessions;
		this.inFlight = inFlight;
		this.legacy = legacy;
	}

	@Override
	public void start() {
		this.running = true;
	}

	@Override
	public void stop() {
		this.running = false;
		McpStreamableSessions.Ended ended = this.sessions.endAllIdle(this.inFlight);
		if (ended.sessions() > 0) {
			logger.info("Stopping: closed {} MCP sessions, {} of them with a GET /mcp stream open", ended.sessions(),
					ended.streams());
		}
		// Its answers go on the stream: nothing in flight survives its closing anyway.
		this.legacy.ifAvailable(McpTransportConfiguration.LegacySseServer::close);
	}

	@Override
	public boolean isRunning() {
		return this.running;
	}

	/**
	 * Stops just before the web server's graceful shutdown, which would wait for them.
	 */
	@Override
	public int getPhase() {
		return WebServerGracefulShutdownLifecycle.SMART_LIFECYCLE_PHASE + 1;
	}

}
