package dev.deskhand.mcp;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import dev.deskhand.testing.LocalJvm;
import dev.deskhand.testing.OperatorApi;
import dev.deskhand.testing.Pause;
import dev.deskhand.testing.Pointer;
import dev.deskhand.testing.TestDesktop;

import static dev.deskhand.mcp.McpTestClients.call;
import static dev.deskhand.mcp.McpTestClients.text;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The stdio profile as a process-spawning client (Claude Desktop, an IDE) uses it: a
 * separate JVM started with {@code --spring.profiles.active=stdio}, spoken to over its
 * stdin and stdout only.
 */
class StdioTransportTests {

	private static final String OPERATOR_TOKEN = "stdio-test-operator-token";

	private static final Duration START = Duration.ofMinutes(3);

	private static final JsonMapper JSON = JsonMapper.builder().build();

	@TempDir
	Path work;

	@Test
	void theMcpJavaSdkClientListsToolsAndCallsThemAsTheLocalUser() throws Exception {
		int managementPort = LocalJvm.freePort();
		List<String> stderr = new CopyOnWriteArrayList<>();
		List<String> elicitations = new CopyOnWriteArrayList<>();
		StdioClientTransport transport = new StdioClientTransport(
				ServerParameters.builder(LocalJvm.tool("java")).args(deskhandArguments(managementPort)).build(),
				McpJsonDefaults.getMapper());
		transport.setStdErrorHandler(stderr::add);
		McpSyncClient client = McpClient.sync(transport)
			.clientInfo(new McpSchema.Implementation("deskhand-stdio-test", "1.0"))
			.initializationTimeout(START)
			.requestTimeout(START)
			.capabilities(McpSchema.ClientCapabilities.builder().elicitation().build())
			.elicitation((request) -> {
				elicitations.add(request.message());
				return McpTestClients.answer("approve", "once");
			})
			.build();
		try {
			McpSchema.InitializeResult initialized = client.initialize();
			assertThat(initialized.serverInfo().name()).isEqualTo("deskhand");

			assertThat(client.listTools().tools()).extracting(McpSchema.Tool::name)
				.contains("screenshot", "cursor_position", "mouse_move", "left_click", "type", "key");
			// structured results and icons over stdio too
			// (tools.StructuredResultsLiveTests)
			assertThat(initialized.serverInfo().icons()).isNotEmpty();
			assertThat(client.listTools().tools()).filteredOn((tool) -> tool.name().equals("cursor_position"))
				.singleElement()
				.satisfies((tool) -> assertThat(tool.outputSchema()).containsKey("properties"))
				.satisfies((tool) -> assertThat(tool.icons()).isNotEmpty());

			CallToolResult shot = call(client, "screenshot", Map.of());
			assertThat(shot.isError()).isNotEqualTo(Boolean.TRUE);
			assertThat(McpTestClients.image(shot).getWidth()).isEqualTo(1280);

			// Pointer input asks a human: the question travels to this client over stdio
			// while the tool waits, which deadlocks if tools run on the thread that reads
			// stdin.
			CallToolResult moved = call(client, "mouse_move", Map.of("coordinate", List.of(200, 100)));
			assertThat(moved.isError()).as(text(moved)).isNotEqualTo(Boolean.TRUE);
			assertThat(elicitations).singleElement().asString().contains("the agent (local via deskhand-stdio-test)");
			// 1920x1080 desktop, 1280x720 screenshots: image (200,100) is screen
			// (300,150).
			assertThat(TestDesktop.shared().pointerLocation()).isEqualTo(new Pointer(300, 150));

			CallToolResult position = call(client, "cursor_position", Map.of());
			assertThat(text(position)).contains("\"coordinate\":[200,100]");

			McpEndToEndTests.assertUnknownToolNamed(client);

			// The operators' port stays, behind the operator token. It opens when the
			// context has started, which can be after stdin already answers (the MCP
			// server starts with its bean).
			HttpResponse<String> deskhand = awaitOperatorPort(new OperatorApi(managementPort, OPERATOR_TOKEN))
				.get("/actuator/deskhand");
			assertThat(deskhand.statusCode()).isEqualTo(200);
			assertThat(deskhand.body()).contains("\"principal\":\"local\"", "\"client\":\"deskhand-stdio-test\"");
			// The start-up banner goes to the log file, never to stdout (the protocol) or
			// stderr (checked below).
			awaitLog("Deskhand is ready. MCP: stdio (this process's stdin and stdout)");
		}
		finally {
			client.closeGracefully();
		}
		// stderr is for the JVM's own complaints only; the log goes to its file.
		assertThat(stderr).noneMatch((line) -> line.contains(" INFO ") || line.contains(" WARN "));
	}

	@Test
	void stdoutCarriesOnlyJsonRpcAndClosingStdinEndsTheServer() throws Exception {
		List<String> command = new ArrayList<>();
		command.add(LocalJvm.tool("java"));
		command.addAll(deskhandArguments(0));
		Process server = new ProcessBuilder(command).redirectError(this.work.resolve("stderr.txt").toFile()).start();
		BlockingQueue<String> stdout = new LinkedBlockingQueue<>();
		Thread reader = new Thread(() -> readLines(server, stdout), "stdio-test-stdout");
		reader.start();
		try {
			talkThenCloseStdin(server, stdout, this::diagnostics);
			// stdin is closed: the MCP stdio lifecycle says the server exits now.
			assertThat(server.waitFor(60, TimeUnit.SECONDS)).as("server exits when stdin closes").isTrue();
			assertThat(server.exitValue()).isZero();
		}
		finally {
			server.destroyForcibly();
		}
		reader.join(10_000);
		// Every line the process wrote, start-up and shutdown included, was one JSON-RPC
		// message.
		for (String line : stdout) {
			assertThat(JSON.readTree(line).path("jsonrpc").asString()).as(line).isEqualTo("2.0");
		}
	}

	@Test
	void stdioStartsAndServesWhileTheConfiguredOperatorsPortIsTaken() throws Exception {
		// A second Deskhand, or anything else, on the operators' port that
		// config/application.yml names: stdio opens that port only when asked for.
		try (ServerSocket taken = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
			Path workingDirectory = configuredOperatorsPort(taken.getLocalPort());
			List<String> stderr = new CopyOnWriteArrayList<>();
			StdioClientTransport transport = new StdioClientTransport(
					ServerParameters.builder(LocalJvm.tool("java")).args(stdioArguments()).build(),
					McpJsonDefaults.getMapper()) {

				@Override
				protected ProcessBuilder getProcessBuilder() {
					return super.getProcessBuilder().directory(workingDirectory.toFile());
				}

			};
			transport.setStdErrorHandler(stderr::add);
			McpSyncClient client = McpClient.sync(transport)
				.clientInfo(new McpSchema.Implementation("deskhand-stdio-port-test", "1.0"))
				.initializationTimeout(START)
				.requestTimeout(START)
				.build();
			try {
				assertThat(client.initialize().serverInfo().name()).isEqualTo("deskhand");
				// stdin answers before the context has started (the MCP server starts
				// with its bean), and a port is bound only at the end of start-up: a
				// taken one ended the process seconds after it had answered initialize
				assertThat(startUpOutcome()).as(this::diagnostics).isEqualTo("Started DeskhandApplication");
				assertThat(client.listTools().tools()).extracting(McpSchema.Tool::name).contains("screenshot");
				CallToolResult shot = call(client, "screenshot", Map.of());
				assertThat(shot.isError()).as(() -> text(shot) + stderr + diagnostics()).isNotEqualTo(Boolean.TRUE);
				assertThat(McpTestClients.image(shot).getWidth()).isEqualTo(1280);
				assertThat(client.ping()).isNotNull();
			}
			finally {
				client.closeGracefully();
			}
			assertThat(stderr).as(this::diagnostics).noneMatch((line) -> line.contains("failed to start"));
		}
	}

	@Test
	void aStartUpFailureIsSaidOnStderrAndEndsTheProcessWithAnErrorCode() throws Exception {
		List<String> command = new ArrayList<>();
		command.add(LocalJvm.tool("java"));
		command.addAll(stdioArguments());
		command.add("--deskhand.input.action-timeout=tenseconds");
		Path stderr = this.work.resolve("stderr.txt");
		Process server = new ProcessBuilder(command).redirectError(stderr.toFile())
			.redirectOutput(this.work.resolve("stdout.txt").toFile())
			.start();
		// stdin stays open, as a client keeps it: closing it would end the server anyway
		try (OutputStream stdin = server.getOutputStream()) {
			assertThat(server.waitFor(START.toMillis(), TimeUnit.MILLISECONDS)).as(this::diagnostics).isTrue();
			assertThat(server.exitValue()).as(this::diagnostics).isNotZero();
		}
		finally {
			server.destroyForcibly();
		}
		// what the log file says, where the client that spawned it shows its stderr
		assertThat(Files.readString(stderr)).contains("Deskhand failed to start", "deskhand.input.action-timeout",
				"\"tenseconds\"", "Action: ", this.work.resolve("stdio.log").toString());
	}

	private static void talkThenCloseStdin(Process server, BlockingQueue<String> stdout, Supplier<String> diagnostics)
			throws Exception {
		try (OutputStream stdin = server.getOutputStream()) {
			send(stdin, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
					+ "\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"raw\",\"version\":\"1\"}}}");
			assertThat(response(stdout, START, diagnostics).path("result").path("serverInfo").path("name").asString())
				.isEqualTo("deskhand");
			send(stdin, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
			send(stdin, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":"
					+ "\"cursor_position\",\"arguments\":{}}}");
			JsonNode position = response(stdout, Duration.ofSeconds(60), diagnostics);
			assertThat(position.path("id").asInt()).isEqualTo(2);
			assertThat(position.path("result").path("content").get(0).path("text").asString()).contains("coordinate");
			assertThat(JSON.readTree(position.path("result").path("content").get(0).path("text").asString()))
				.isEqualTo(position.path("result").path("structuredContent"));
		}
	}

	private List<String> deskhandArguments(int managementPort) {
		List<String> arguments = new ArrayList<>(stdioArguments());
		arguments.addAll(List.of("--management.server.port=" + managementPort,
				"--deskhand.security.operator-token=" + OPERATOR_TOKEN));
		return arguments;
	}

	/** The stdio profile on the test's display; no operators' port asked for. */
	private List<String> stdioArguments() {
		return List.of("-cp", System.getProperty("java.class.path"), "dev.deskhand.DeskhandApplication",
				"--spring.profiles.active=stdio", "--deskhand.display.name=" + TestDesktop.shared().display(),
				"--deskhand.display.managed=false", "--deskhand.audit.enabled=false",
				"--logging.file.name=" + this.work.resolve("stdio.log"));
	}

	private void awaitLog(String expected) throws IOException {
		Path log = this.work.resolve("stdio.log");
		long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
		while (!(Files.exists(log) && Files.readString(log).contains(expected))) {
			if (System.nanoTime() > deadline) {
				throw new AssertionError("stdio.log never showed " + expected + diagnostics());
			}
			Pause.millis(100);
		}
	}

	/**
	 * Waits for the end of start-up as Spring Boot logs it.
	 * @return which of its two last words the log file has: started or failed
	 */
	private String startUpOutcome() throws IOException, InterruptedException {
		Path log = this.work.resolve("stdio.log");
		long deadline = System.nanoTime() + START.toNanos();
		while (System.nanoTime() < deadline) {
			String text = Files.exists(log) ? Files.readString(log) : "";
			for (String outcome : List.of("Started DeskhandApplication", "APPLICATION FAILED TO START")) {
				if (text.contains(outcome)) {
					return outcome;
				}
			}
			Thread.sleep(200);
		}
		return "neither started nor failed within " + START;
	}

	/**
	 * A working directory whose config/application.yml is the repository's, with the
	 * operators' port moved from 8081 (another Deskhand may well be there) to the given
	 * one: Deskhand reads ./config/application.yml as it does in the repository root.
	 */
	private Path configuredOperatorsPort(int port) throws IOException {
		String configuration = Files.readString(Path.of("config", "application.yml"));
		String operators = "management:\n  server:\n    port: 8081\n";
		assertThat(configuration).contains(operators);
		Path directory = Files.createDirectories(this.work.resolve("cwd"));
		Files.createDirectories(directory.resolve("config"));
		Files.writeString(directory.resolve("config").resolve("application.yml"),
				configuration.replace(operators, "management:\n  server:\n    port: " + port + "\n"));
		return directory;
	}

	/** The spawned server's stderr and log, for a failure message. */
	private String diagnostics() {
		StringBuilder text = new StringBuilder();
		for (String name : List.of("stderr.txt", "stdio.log")) {
			Path file = this.work.resolve(name);
			try {
				List<String> lines = Files.exists(file) ? Files.readAllLines(file) : List.of("(none)");
				text.append("\n--- ").append(name).append(" (last 40 lines)\n");
				lines.subList(Math.max(0, lines.size() - 40), lines.size()).forEach((l) -> text.append(l).append('\n'));
			}
			catch (IOException ex) {
				text.append("\n--- ").append(name).append(": ").append(ex);
			}
		}
		return text.toString();
	}

	private static OperatorApi awaitOperatorPort(OperatorApi operator) throws InterruptedException {
		long deadline = System.nanoTime() + START.toNanos();
		while (true) {
			try {
				operator.get("/actuator/health");
				return operator;
			}
			catch (UncheckedIOException ex) {
				if (System.nanoTime() > deadline) {
					throw ex;
				}
				Thread.sleep(200);
			}
		}
	}

	private static void send(OutputStream stdin, String message) throws IOException {
		stdin.write((message + "\n").getBytes(StandardCharsets.UTF_8));
		stdin.flush();
	}

	/**
	 * The next line on stdout, which must be a JSON-RPC message; fails on anything else.
	 */
	private static JsonNode response(BlockingQueue<String> stdout, Duration timeout, Supplier<String> diagnostics)
			throws InterruptedException {
		String line = stdout.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
		assertThat(line).as(() -> "a line on stdout within " + timeout + diagnostics.get()).isNotNull();
		JsonNode message = JSON.readTree(line);
		assertThat(message.path("jsonrpc").asString()).as(line).isEqualTo("2.0");
		return message;
	}

	private static void readLines(Process server, BlockingQueue<String> lines) {
		try (BufferedReader reader = new BufferedReader(
				new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8))) {
			String line;
			while ((line = reader.readLine()) != null) {
				lines.add(line);
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
