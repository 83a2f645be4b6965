package dev.deskhand.container;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;

import dev.deskhand.mcp.McpTestClients;

/**
 * One container of the Deskhand image, run as an operator would: {@code --network host}
 * on free loopback ports of its own, the agent token from a mounted file, the operator
 * token from the environment, the state directory on a named volume. Its name and its
 * volume's carry a random suffix; {@link #close()} removes both, whatever happened.
 */
final class DesktopContainer implements AutoCloseable {

	static final String AGENT = "container-agent";

	private static final Duration COMMAND = Duration.ofSeconds(60);

	private static final SecureRandom random = new SecureRandom();

	private final Podman podman;

	private final String name;

	private final String volume;

	private final int port;

	private final int managementPort;

	private final String agentToken;

	private final String operatorToken;

	private final long started = System.nanoTime();

	private DesktopContainer(Podman podman, String name, int port, int managementPort, String agentToken,
			String operatorToken) {
		this.podman = podman;
		this.name = name;
		this.volume = name + "-state";
		this.port = port;
		this.managementPort = managementPort;
		this.agentToken = agentToken;
		this.operatorToken = operatorToken;
	}

	/**
	 * Starts a container of {@code image} (detached) and returns at once; see
	 * {@link #awaitReady(Duration)}.
	 * @param secrets a directory for the agent token file (mounted read-only)
	 * @param startUrl what open_application("chromium") opens
	 * @param startUrlMount a host file mounted read-only at the same path, or null
	 */
	static DesktopContainer start(Podman podman, String image, Path secrets, String screen, String startUrl,
			Path startUrlMount) {
		String suffix = HexFormat.of().formatHex(bytes(4));
		DesktopContainer container = new DesktopContainer(podman, "deskhand-test-" + suffix, freePort(), freePort(),
				token(), token());
		try {
			Path tokenFile = secrets.resolve(container.name + "-agent-token");
			Files.writeString(tokenFile, container.agentToken + "\n");
			// the container's user (uid 1000) reads it, as a Secret mounted with mode
			// 0444 would be
			Files.setPosixFilePermissions(tokenFile, PosixFilePermissions.fromString("rw-r--r--"));
			List<String> run = new ArrayList<>(List.of("run", "--detach", "--name", container.name, "--network", "host",
					"--volume", container.volume + ":/var/lib/deskhand", "--volume",
					tokenFile + ":/run/secrets/deskhand/agent-token:ro", "--env",
					"DESKHAND_AGENT_TOKEN_FILE=/run/secrets/deskhand/agent-token", "--env",
					"DESKHAND_AGENT_NAME=" + AGENT, "--env", "DESKHAND_OPERATOR_TOKEN=" + container.operatorToken,
					// host network: loopback only, never the machine's other interfaces
					"--env", "SERVER_ADDRESS=127.0.0.1", "--env", "SERVER_PORT=" + container.port, "--env",
					"MANAGEMENT_SERVER_ADDRESS=127.0.0.1", "--env",
					"MANAGEMENT_SERVER_PORT=" + container.managementPort, "--env", "DESKHAND_SCREEN=" + screen, "--env",
					"DESKHAND_START_URL=" + startUrl));
			if (startUrlMount != null) {
				run.addAll(List.of("--volume", startUrlMount + ":" + startUrlMount + ":ro"));
			}
			run.add(image);
			podman.podman(COMMAND, run.toArray(String[]::new)).requireSuccess("podman run");
			return container;
		}
		catch (IOException ex) {
			container.close();
			throw new UncheckedIOException(ex);
		}
		catch (RuntimeException | Error ex) {
			container.close();
			throw ex;
		}
	}

	String name() {
		return this.name;
	}

	String volume() {
		return this.volume;
	}

	int port() {
		return this.port;
	}

	int managementPort() {
		return this.managementPort;
	}

	String operatorToken() {
		return this.operatorToken;
	}

	/**
	 * Waits until the operators' port answers readiness UP (what a Kubernetes readiness
	 * probe asks).
	 * @return how long it took from just before {@code podman run}
	 * @throws AssertionError with the container's log when it exits or does not get ready
	 */
	Duration awaitReady(Duration timeout) {
		long start = System.nanoTime();
		long deadline = start + timeout.toNanos();
		HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
		URI readiness = URI.create("http://127.0.0.1:" + this.managementPort + "/actuator/health/readiness");
		while (System.nanoTime() < deadline) {
			try {
				HttpResponse<String> response = http.send(
						HttpRequest.newBuilder(readiness).timeout(Duration.ofSeconds(2)).build(),
						HttpResponse.BodyHandlers.ofString());
				if (response.statusCode() == 200 && response.body().contains("\"UP\"")) {
					return sinceRun();
				}
			}
			catch (IOException ex) {
				// not listening yet
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new IllegalStateException(ex);
			}
			if (!running()) {
				throw new AssertionError("container " + this.name + " exited before it was ready:\n" + logs());
			}
			sleep(Duration.ofMillis(100));
		}
		throw new AssertionError(
				"container " + this.name + " not ready within " + timeout + " (" + readiness + "):\n" + logs());
	}

	/** The time since just before {@code podman run}. */
	Duration sinceRun() {
		return Duration.ofNanos(System.nanoTime() - this.started);
	}

	/**
	 * An MCP client of the agent the token belongs to: the official SDK, Streamable HTTP.
	 */
	McpSyncClient agentClient(String clientName) {
		return McpTestClients.streamableWithToken(this.port, clientName, this.agentToken,
				(request) -> new McpSchema.ElicitResult(McpSchema.ElicitResult.Action.DECLINE, null));
	}

	/**
	 * A command run inside the container, as its user, on its display: an independent
	 * witness.
	 */
	Podman.Result exec(String shellCommand) {
		return this.podman.podman(COMMAND, "exec", this.name, "sh", "-c",
				"export DISPLAY=:$(ls /tmp/.X11-unix | sed -n 's/^X//p' | head -n 1); " + shellCommand);
	}

	boolean running() {
		Podman.Result state = this.podman.podman(COMMAND, "inspect", "--format", "{{.State.Running}}", this.name);
		return state.exit() == 0 && state.stdout().strip().equals("true");
	}

	/** The main process's PID on the host: its cgroup is the container's. */
	long hostPid() {
		return Long.parseLong(this.podman.podman(COMMAND, "inspect", "--format", "{{.State.Pid}}", this.name)
			.requireSuccess("podman inspect")
			.stdout()
			.strip());
	}

	String logs() {
		Podman.Result logs = this.podman.podman(COMMAND, "logs", "--tail", "80", this.name);
		return logs.stdout() + logs.stderr();
	}

	/**
	 * podman stop: SIGTERM to tini, which passes it to Deskhand; SIGKILL after the grace.
	 */
	void stop() {
		this.podman.podman(COMMAND, "stop", "--time", "30", this.name).requireSuccess("podman stop");
	}

	/** Where the volume's files are on this machine (rootful podman: readable here). */
	Path volumeDirectory() {
		return Path.of(this.podman.podman(COMMAND, "volume", "inspect", "--format", "{{.Mountpoint}}", this.volume)
			.requireSuccess("podman volume inspect")
			.stdout()
			.strip());
	}

	@Override
	public void close() {
		this.podman.podman(COMMAND, "rm", "--force", "--time", "5", this.name);
		this.podman.podman(COMMAND, "volume", "rm", "--force", this.volume);
	}

	private static int freePort() {
		try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			return socket.getLocalPort();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static String token() {
		return HexFormat.of().formatHex(bytes(24));
	}

	private static byte[] bytes(int count) {
		byte[] bytes = new byte[count];
		random.nextBytes(bytes);
		return bytes;
	}

	static void sleep(Duration duration) {
		try {
			Thread.sleep(duration.toMillis());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

}
