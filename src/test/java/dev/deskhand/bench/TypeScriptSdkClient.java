package dev.deskhand.bench;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Deskhand as a TypeScript agent sees it: a persistent {@code node} worker with the
 * official MCP TypeScript SDK ({@code @modelcontextprotocol/sdk}, its {@code Client} over
 * {@code StreamableHTTPClientTransport}), one MCP session per model profile, each set
 * with {@code set_profile}. Each look writes a line to the worker and reads back one
 * short line once {@code callTool} has resolved, that is after the SDK has read the
 * response, parsed its JSON and validated it against its schema (including its base64
 * check of the image data), as in any TypeScript agent loop. The image itself is fetched
 * afterwards, untimed, for the checks.
 * <p>
 * Optional, like {@link NodePeer}: it needs {@code node} and the SDK in the same
 * {@code node_modules} ({@code bench/run} installs it).
 */
final class TypeScriptSdkClient implements AutoCloseable {

	static final String PACKAGE = "@modelcontextprotocol/sdk@1.32.2";

	/**
	 * Lines in: {@code shot PROFILE} (timed by the caller) answers
	 * {@code ok MIME BASE64-LENGTH}; {@code last} answers the last image's base64. The
	 * profiles' sessions connect before {@code ready}.
	 */
	private static final String WORKER = """
			const { Client } = require('@modelcontextprotocol/sdk/client/index.js');
			const { StreamableHTTPClientTransport } = require('@modelcontextprotocol/sdk/client/streamableHttp.js');
			const readline = require('readline');
			const url = new URL(process.env.DESKHAND_URL);
			const clients = {};
			let last = '';
			async function main() {
				for (const profile of process.argv.slice(2)) {
					const client = new Client({ name: 'deskhand-bench-typescript', version: '1.0.0' });
					await client.connect(new StreamableHTTPClientTransport(url));
					const set = await client.callTool({ name: 'set_profile', arguments: { profile } });
					if (set.isError) {
						throw new Error('set_profile ' + profile + ': ' + JSON.stringify(set.content));
					}
					clients[profile] = client;
				}
				process.stdout.write('ready\\n');
				const lines = readline.createInterface({ input: process.stdin });
				for await (const line of lines) {
					const [command, profile] = line.trim().split(' ');
					if (command === 'last') {
						process.stdout.write(last + '\\n');
						continue;
					}
					if (command === 'cursor') {
						const position = await clients[profile].callTool({ name: 'cursor_position', arguments: {} });
						process.stdout.write((position.isError ? 'error ' : 'ok text ') + position.content.length + '\\n');
						continue;
					}
					const result = await clients[profile].callTool({ name: 'screenshot', arguments: {} });
					const image = result.content.find((block) => block.type === 'image');
					if (result.isError || !image) {
						process.stdout.write('error ' + JSON.stringify(result.content).replace(/\\n/g, ' ') + '\\n');
						continue;
					}
					last = image.data;
					process.stdout.write('ok ' + image.mimeType + ' ' + image.data.length + '\\n');
				}
			}
			main().catch((error) => {
				process.stderr.write(String(error && error.stack || error) + '\\n');
				process.exit(1);
			});
			""";

	private final NodeWorker worker;

	private TypeScriptSdkClient(NodeWorker worker) {
		this.worker = worker;
	}

	/**
	 * @param port Deskhand's MCP port
	 * @param profiles the profiles to open a session with each
	 * @return the worker, or why there is none
	 */
	static Availability start(int port, List<String> profiles, Map<String, String> environment, Path workDir) {
		Optional<File> node = BenchDesktop.onPath("node");
		Path modules = NodePeer.modules();
		if (node.isEmpty()) {
			return new Availability(null, "no node on PATH");
		}
		if (!Files.isDirectory(modules.resolve("@modelcontextprotocol").resolve("sdk"))) {
			return new Availability(null, "the MCP TypeScript SDK is not in " + modules
					+ " (bench/run installs it: npm install --prefix " + modules.getParent() + " " + PACKAGE + ")");
		}
		NodeWorker worker = null;
		try {
			Map<String, String> withUrl = new HashMap<>(environment);
			withUrl.put("DESKHAND_URL", "http://127.0.0.1:" + port + "/mcp");
			worker = NodeWorker.start(node.get().getPath(), "typescript-sdk-worker", WORKER, profiles, withUrl,
					workDir);
			String ready = worker.read();
			if (!"ready".equals(ready)) {
				throw new IllegalStateException("it answered " + ready);
			}
			return new Availability(new TypeScriptSdkClient(worker), null);
		}
		catch (IOException | RuntimeException ex) {
			String errors = (worker != null) ? worker.errors() : "";
			if (worker != null) {
				worker.close();
			}
			return new Availability(null, "the TypeScript SDK worker failed: " + ex.getMessage() + " " + errors);
		}
	}

	/**
	 * One screenshot in the session of {@code profile}: returns once the SDK has parsed
	 * and validated the result.
	 * @return the worker's answer, {@code ok MIME BASE64-LENGTH}
	 */
	String screenshot(String profile) {
		String answer = ask("shot " + profile);
		if (!answer.startsWith("ok ")) {
			throw new AssertionError("the TypeScript SDK's screenshot in profile " + profile + ": " + answer);
		}
		return answer;
	}

	/**
	 * A {@code cursor_position} call: the floor under every tool call through the SDK and
	 * Deskhand's transport.
	 */
	String cursorPosition(String profile) {
		String answer = ask("cursor " + profile);
		if (!answer.startsWith("ok ")) {
			throw new AssertionError("the TypeScript SDK's cursor_position: " + answer);
		}
		return answer;
	}

	/** The last screenshot's base64 image data. */
	String lastImage() {
		return ask("last");
	}

	private String ask(String line) {
		return this.worker.ask(line);
	}

	@Override
	public void close() {
		this.worker.close();
	}

	/**
	 * @param client the running worker, or {@code null}
	 * @param reason why there is none, or {@code null}
	 */
	record Availability(TypeScriptSdkClient client, String reason) {
	}

}
