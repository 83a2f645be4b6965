package dev.deskhand.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.opentest4j.TestAbortedException;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The repository's TypeScript example client ({@code clients/typescript}, the MCP
 * TypeScript SDK from npm), run with node against a live Deskhand. Needs {@code node} and
 * {@code npm install} in {@code clients/typescript} (.ci/run does both): a test that uses
 * it is skipped without them on a developer machine and fails on CI (environment variable
 * {@code CI} set).
 */
public final class TypeScriptClient {

	private static final Path CLIENT = Path.of("clients", "typescript");

	private static final Duration RUN = Duration.ofSeconds(60);

	private TypeScriptClient() {
	}

	/** Aborts (locally) or fails (on CI) when node or the SDK is missing. */
	public static void require() {
		if (!Files.isDirectory(CLIENT.resolve("node_modules/@modelcontextprotocol/sdk")) || !nodeRuns()) {
			String message = "the TypeScript client tests need node and `npm install` in " + CLIENT;
			if (System.getenv("CI") == null) {
				throw new TestAbortedException("skipping: " + message);
			}
			throw new IllegalStateException(message);
		}
	}

	/**
	 * Runs the client against {@code url} on {@code transport} ({@code http} or
	 * {@code sse}) and returns what it printed; fails unless it exits 0 within a minute.
	 */
	public static String run(String url, String transport) {
		Run run = node("deskhand-client.mjs", Map.of("DESKHAND_URL", url, "DESKHAND_TRANSPORT", transport));
		assertThat(run.exitCode()).as(url + " over " + transport + "\n" + run.output()).isZero();
		return run.output();
	}

	/**
	 * Runs {@code one-shot.mjs}: a process that initializes a Streamable HTTP session at
	 * {@code url}, makes one tool call and exits, as the MCP Inspector's CLI does; with
	 * {@code delete}, it ends its session ({@code DELETE /mcp}) before exiting.
	 * @return its exit code (0 when the call ran, 1 when it answered an error) and what
	 * it printed
	 */
	public static Run oneShot(String url, String tool, String argumentsJson, boolean delete) {
		return node("one-shot.mjs", Map.of("DESKHAND_URL", url, "DESKHAND_TOOL", tool, "DESKHAND_ARGUMENTS",
				argumentsJson, "DESKHAND_DELETE", Boolean.toString(delete)));
	}

	/** A client process that has exited: its exit code and everything it printed. */
	public record Run(int exitCode, String output) {
	}

	private static Run node(String script, Map<String, String> environment) {
		try {
			Path log = Files.createTempFile("deskhand-ts-client", ".log");
			ProcessBuilder builder = new ProcessBuilder(List.of("node", script)).directory(CLIENT.toFile())
				.redirectErrorStream(true)
				.redirectOutput(log.toFile());
			builder.environment().putAll(environment);
			Process node = builder.start();
			if (!node.waitFor(RUN.toSeconds(), TimeUnit.SECONDS)) {
				node.destroyForcibly();
				throw new AssertionError("the TypeScript client did not finish within " + RUN + ": "
						+ Files.readString(log, StandardCharsets.UTF_8));
			}
			String output = Files.readString(log, StandardCharsets.UTF_8);
			Files.delete(log);
			return new Run(node.exitValue(), output);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	private static boolean nodeRuns() {
		try {
			Process node = new ProcessBuilder("node", "--version").redirectErrorStream(true).start();
			return node.waitFor(10, TimeUnit.SECONDS) && node.exitValue() == 0;
		}
		catch (IOException ex) {
			return false;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return false;
		}
	}

}
