package dev.deskhand.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
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
		try {
			Path log = Files.createTempFile("deskhand-ts-client", ".log");
			ProcessBuilder builder = new ProcessBuilder(List.of("node", "deskhand-client.mjs"))
				.directory(CLIENT.toFile())
				.redirectErrorStream(true)
				.redirectOutput(log.toFile());
			builder.environment().put("DESKHAND_URL", url);
			builder.environment().put("DESKHAND_TRANSPORT", transport);
			Process node = builder.start();
			if (!node.waitFor(RUN.toSeconds(), TimeUnit.SECONDS)) {
				node.destroyForcibly();
				throw new AssertionError("the TypeScript client did not finish within " + RUN + ": "
						+ Files.readString(log, StandardCharsets.UTF_8));
			}
			String output = Files.readString(log, StandardCharsets.UTF_8);
			Files.delete(log);
			assertThat(node.exitValue()).as(url + " over " + transport + "\n" + output).isZero();
			return output;
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
