package dev.deskhand.mcp;

import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicBoolean;

import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.ai.mcp.customizer.McpSyncServerCustomizer;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.ApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Primary;
import tools.jackson.databind.json.JsonMapper;

/**
 * MCP over the process's stdin and stdout, for clients that can only spawn a server
 * (profile {@code stdio}, which sets {@code spring.ai.mcp.server.stdio=true}; the HTTP
 * transports of {@link McpTransportConfiguration} are off then). The agent is whoever
 * started the process: it runs as {@code local}, with no token.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(name = "spring.ai.mcp.server.stdio", havingValue = "true")
class McpStdioConfiguration {

	private static final Logger logger = LoggerFactory.getLogger(McpStdioConfiguration.class);

	/*
	 * Replaces the auto-configured stdio transport (@ConditionalOnMissingBean) for two
	 * reasons. stdout belongs to JSON-RPC alone: the transport writes to file descriptor
	 * 1 directly, and System.out is pointed at stderr, so a stray print from any library
	 * cannot corrupt the stream. And MCP's stdio lifecycle ends the server when the
	 * client closes its stdin; Spring AI's transport only closes the session, leaving a
	 * headless process behind.
	 */
	@Bean
	StdioServerTransportProvider deskhandStdioTransport(@Qualifier("mcpServerJsonMapper") JsonMapper jsonMapper,
			ApplicationContext context) {
		OutputStream protocol = new BufferedOutputStream(new FileOutputStream(FileDescriptor.out), 1 << 16);
		System.setOut(new PrintStream(new FileOutputStream(FileDescriptor.err), true, StandardCharsets.UTF_8));
		InputStream requests = new EndOfInput(new FileInputStream(FileDescriptor.in), () -> exit(context));
		return new StdioServerTransportProvider(ByteFirstJsonMapper.forTransports(jsonMapper), requests, protocol);
	}

	/*
	 * Over HTTP every request has a servlet thread of its own, so the auto-config runs
	 * tools on it. Here one thread reads stdin: a tool run on it would block reading the
	 * client's answer to an approval it asks for (elicitation), and every ping meanwhile.
	 * Primary: it overrides the auto-config's servlet customizer, which sets the
	 * opposite.
	 */
	@Bean
	@Primary
	McpSyncServerCustomizer stdioToolsOffTheReaderThread() {
		return (server) -> server.immediateExecution(false);
	}

	private static void exit(ApplicationContext context) {
		if (context instanceof ConfigurableApplicationContext configurable && !configurable.isActive()) {
			// start-up failed (closing the context closed stdin) or shutdown is under
			// way:
			// the main thread ends the process, with the failure said on stderr
			return;
		}
		logger.info("stdin closed by the MCP client: shutting down");
		// Not on the reader thread: closing the context disposes the transport that owns
		// it.
		Thread exit = new Thread(() -> System.exit(SpringApplication.exit(context)), "deskhand-stdio-exit");
		exit.start();
	}

	/** Runs an action once, when the stream it wraps ends. */
	static final class EndOfInput extends FilterInputStream {

		private final Runnable onEnd;

		private final AtomicBoolean ended = new AtomicBoolean();

		EndOfInput(InputStream in, Runnable onEnd) {
			super(in);
			this.onEnd = onEnd;
		}

		@Override
		public int read() throws IOException {
			return ended(super.read());
		}

		@Override
		public int read(byte[] buffer, int offset, int length) throws IOException {
			return ended(super.read(buffer, offset, length));
		}

		private int ended(int result) {
			if (result < 0 && this.ended.compareAndSet(false, true)) {
				this.onEnd.run();
			}
			return result;
		}

	}

}
