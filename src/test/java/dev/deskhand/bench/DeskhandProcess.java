package dev.deskhand.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.concurrent.TimeUnit;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import dev.deskhand.testing.LocalJvm;
import dev.deskhand.testing.OperatorApi;
import dev.deskhand.testing.Pause;

/**
 * Deskhand in its own JVM, as in production:
 * {@code java <options> -cp <this test's classpath>
 * dev.deskhand.DeskhandApplication} on a free agents' port and a free operators' port.
 * The benchmark's clients, image checks and peers then share neither its heap, nor its
 * collector, nor its JIT, and {@code /proc/<pid>/status} is Deskhand's alone.
 * <p>
 * Its stdout and stderr (the log) go to a file in the build directory. It is stopped on
 * {@link #close()} and, should the benchmark's JVM end without that, by a shutdown hook.
 */
final class DeskhandProcess implements AutoCloseable {

	static final String OPERATOR_TOKEN = "bench-operator-token";

	private static final Duration START = Duration.ofMinutes(3);

	private static final Duration STOP = Duration.ofSeconds(30);

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private final Process process;

	private final int port;

	private final int managementPort;

	private final List<String> jvmOptions;

	private final Path log;

	private final OperatorApi operator;

	private final Thread reaper;

	private DeskhandProcess(Process process, int port, int managementPort, List<String> jvmOptions, Path log) {
		this.process = process;
		this.port = port;
		this.managementPort = managementPort;
		this.jvmOptions = jvmOptions;
		this.log = log;
		this.operator = new OperatorApi(managementPort, OPERATOR_TOKEN);
		this.reaper = new Thread(process::destroyForcibly, "deskhand-bench-reaper");
		Runtime.getRuntime().addShutdownHook(this.reaper);
	}

	/**
	 * Starts Deskhand on {@code display} and waits until its health endpoint answers UP.
	 * @param jvmOptions options for its JVM, separated by spaces (the pom's
	 * {@code deskhand.jvm})
	 * @param log where its stdout and stderr go
	 */
	static DeskhandProcess start(String display, String jvmOptions, Path log) {
		return start(List.of("--deskhand.display.name=" + display, "--deskhand.display.managed=false"), Map.of(),
				jvmOptions, log);
	}

	/**
	 * Starts Deskhand with arguments of the caller's choosing in place of the X11
	 * display's (e.g. a Wayland compositor's), and waits until its health endpoint
	 * answers UP.
	 * @param arguments Spring arguments added to the benchmark's own
	 * @param environment variables set in Deskhand's environment; a {@code null} value
	 * removes the variable
	 * @param jvmOptions options for its JVM, separated by spaces
	 * @param log where its stdout and stderr go
	 */
	static DeskhandProcess start(List<String> arguments, Map<String, String> environment, String jvmOptions, Path log) {
		List<String> options = (jvmOptions == null || jvmOptions.isBlank()) ? List.of()
				: Arrays.asList(jvmOptions.strip().split("\\s+"));
		int port = LocalJvm.freePort();
		int managementPort = LocalJvm.freePort();
		while (managementPort == port) {
			managementPort = LocalJvm.freePort();
		}
		List<String> command = new ArrayList<>();
		command.add(LocalJvm.tool("java"));
		command.addAll(options);
		command.addAll(List.of("-cp", System.getProperty("java.class.path"), "dev.deskhand.DeskhandApplication",
				"--server.port=" + port, "--management.server.port=" + managementPort));
		command.addAll(arguments);
		command
			.addAll(List.of("--deskhand.approval.policies.pointer=allow", "--deskhand.approval.policies.keyboard=allow",
					"--deskhand.audit.enabled=false", "--deskhand.security.operator-token=" + OPERATOR_TOKEN,
					// both clients send input; with no idle time the input lease never
					// makes
					// one wait for the other
					"--deskhand.input.lease-idle=0s",
					// the peers' xdotool moves and clicks would pass for the person at
					// the desk, and Deskhand would answer E_BUSY until they stopped
					"--deskhand.human.enabled=false"));
		try {
			Files.createDirectories(log.toAbsolutePath().getParent());
			ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
			// as ./mvnw spring-boot:run runs it (the pom's spring-boot-maven-plugin
			// configuration)
			builder.environment().putIfAbsent("MALLOC_ARENA_MAX", "2");
			environment.forEach((name, value) -> {
				if (value == null) {
					builder.environment().remove(name);
				}
				else {
					builder.environment().put(name, value);
				}
			});
			Process process = builder.start();
			DeskhandProcess deskhand = new DeskhandProcess(process, port, managementPort, options, log);
			try {
				deskhand.awaitHealthy();
			}
			catch (RuntimeException | Error ex) {
				deskhand.close();
				throw ex;
			}
			return deskhand;
		}
		catch (IOException ex) {
			throw new UncheckedIOException("could not start Deskhand: " + command.get(0), ex);
		}
	}

	private void awaitHealthy() {
		HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
		URI health = URI.create("http://127.0.0.1:" + this.managementPort + "/actuator/health");
		long deadline = System.nanoTime() + START.toNanos();
		String last = "no answer";
		while (System.nanoTime() < deadline) {
			if (!this.process.isAlive()) {
				throw new AssertionError(
						"Deskhand exited with " + this.process.exitValue() + " while starting" + tail());
			}
			try {
				HttpResponse<String> answer = http.send(
						HttpRequest.newBuilder(health).timeout(Duration.ofSeconds(5)).GET().build(),
						HttpResponse.BodyHandlers.ofString());
				if (answer.statusCode() == 200) {
					return;
				}
				last = "HTTP " + answer.statusCode() + " " + answer.body();
			}
			catch (IOException ex) {
				last = ex.toString();
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new IllegalStateException("interrupted", ex);
			}
			Pause.millis(200);
		}
		throw new AssertionError(
				"Deskhand's /actuator/health did not answer UP within " + START + ": " + last + tail());
	}

	int port() {
		return this.port;
	}

	boolean isAlive() {
		return this.process.isAlive();
	}

	long pid() {
		return this.process.pid();
	}

	List<String> jvmOptions() {
		return this.jvmOptions;
	}

	Path log() {
		return this.log;
	}

	/** The Java heap's committed size in MiB, from Deskhand's own metrics. */
	double heapCommittedMiB() {
		return heapMetric("jvm.memory.committed");
	}

	/**
	 * The Java heap's ceiling in MiB ({@code -Xmx}, or the JVM's default share of the
	 * RAM).
	 */
	double heapMaxMiB() {
		return heapMetric("jvm.memory.max");
	}

	/**
	 * A full collection in Deskhand ({@code jcmd <pid> GC.run}), then the heap in use:
	 * what the heap really holds, as opposed to what it has grown to.
	 * @return empty when jcmd is missing or fails (a JRE without it, attach disabled)
	 */
	OptionalDouble liveHeapMiBAfterFullGc() {
		return jcmd("GC.run").isPresent() ? OptionalDouble.of(heapMetric("jvm.memory.used")) : OptionalDouble.empty();
	}

	/**
	 * Where Deskhand's memory outside the heap goes, when its JVM runs with
	 * {@code -XX:NativeMemoryTracking=summary} (a diagnosis run: tracking costs some
	 * speed).
	 * @return {@code jcmd <pid> VM.native_memory summary}, empty without tracking or jcmd
	 */
	Optional<String> nativeMemorySummary() {
		boolean tracking = this.jvmOptions.stream()
			.anyMatch((option) -> option.startsWith("-XX:NativeMemoryTracking=") && !option.endsWith("=off"));
		return tracking ? jcmd("VM.native_memory", "summary") : Optional.empty();
	}

	/**
	 * @return the command's output, empty when jcmd is missing or fails (a bare JRE,
	 * attach disabled)
	 */
	private Optional<String> jcmd(String... command) {
		Path jcmd = Path.of(LocalJvm.tool("jcmd"));
		if (!Files.isExecutable(jcmd)) {
			return Optional.empty();
		}
		List<String> line = new ArrayList<>(List.of(jcmd.toString(), Long.toString(pid())));
		line.addAll(List.of(command));
		try {
			Process run = new ProcessBuilder(line).redirectErrorStream(true).start();
			byte[] output = run.getInputStream().readAllBytes();
			if (!run.waitFor(60, TimeUnit.SECONDS) || run.exitValue() != 0) {
				run.destroyForcibly();
				return Optional.empty();
			}
			return Optional.of(new String(output, StandardCharsets.UTF_8));
		}
		catch (IOException ex) {
			return Optional.empty();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return Optional.empty();
		}
	}

	private double heapMetric(String name) {
		HttpResponse<String> answer = this.operator.get("/actuator/metrics/" + name + "?tag=area:heap");
		if (answer.statusCode() != 200) {
			throw new AssertionError(name + ": HTTP " + answer.statusCode() + " " + answer.body());
		}
		for (JsonNode measurement : JSON.readTree(answer.body()).path("measurements")) {
			if ("VALUE".equals(measurement.path("statistic").asString())) {
				return measurement.path("value").asDouble() / 1048576.0;
			}
		}
		throw new AssertionError(name + ": no VALUE in " + answer.body());
	}

	/** The end of Deskhand's log, for a failure message. */
	String tail() {
		try {
			List<String> lines = Files.readAllLines(this.log, StandardCharsets.UTF_8);
			return "\n--- " + this.log + " (last 40 lines)\n"
					+ String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
		}
		catch (IOException | UncheckedIOException ex) {
			return "\n--- " + this.log + ": " + ex;
		}
	}

	/**
	 * Stops Deskhand as a service manager would (SIGTERM, then SIGKILL after 30 s) and
	 * waits for it.
	 */
	@Override
	public void close() {
		this.process.destroy();
		try {
			if (!this.process.waitFor(STOP.toMillis(), TimeUnit.MILLISECONDS)) {
				this.process.destroyForcibly().waitFor(STOP.toMillis(), TimeUnit.MILLISECONDS);
			}
		}
		catch (InterruptedException ex) {
			this.process.destroyForcibly();
			Thread.currentThread().interrupt();
		}
		try {
			Runtime.getRuntime().removeShutdownHook(this.reaper);
		}
		catch (IllegalStateException ex) {
			// the JVM is shutting down already: the hook runs anyway, on a process that
			// has ended
		}
	}

}
