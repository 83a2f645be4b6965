package dev.deskhand.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A persistent {@code node} script that answers each line written to it with one line, so
 * that Node's start-up is not charged to what a benchmark times: the peers'
 * {@link NodePeer} and the {@link TypeScriptSdkClient}.
 */
final class NodeWorker implements AutoCloseable {

	private final Process process;

	private final OutputStream requests;

	private final BufferedReader replies;

	private final Path stderr;

	private NodeWorker(Process process, Path stderr) {
		this.process = process;
		this.stderr = stderr;
		this.requests = process.getOutputStream();
		// a line can be a whole base64 screenshot
		this.replies = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.US_ASCII),
				1 << 20);
	}

	/**
	 * Writes {@code script} to {@code workDir/name.js} and runs it with {@code node}, its
	 * packages from {@link NodePeer#modules()} and its errors in
	 * {@code workDir/name-stderr.log}.
	 */
	static NodeWorker start(String node, String name, String script, List<String> arguments,
			Map<String, String> environment, Path workDir) throws IOException {
		Path file = Files.writeString(workDir.resolve(name + ".js"), script);
		Path stderr = workDir.resolve(name + "-stderr.log");
		List<String> command = new ArrayList<>(List.of(node, file.toString()));
		command.addAll(arguments);
		ProcessBuilder builder = new ProcessBuilder(command).redirectError(stderr.toFile());
		builder.environment().putAll(environment);
		builder.environment().put("NODE_PATH", NodePeer.modules().toString());
		return new NodeWorker(builder.start(), stderr);
	}

	/** The next line the worker prints, without asking. */
	String read() {
		try {
			String line = this.replies.readLine();
			if (line == null) {
				throw new IllegalStateException("the node worker exited: " + errors());
			}
			return line;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** Writes a line and reads the worker's answer. */
	String ask(String line) {
		try {
			this.requests.write((line + "\n").getBytes(StandardCharsets.US_ASCII));
			this.requests.flush();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		return read();
	}

	/** What the worker wrote to its standard error so far, for a failure's message. */
	String errors() {
		try {
			return Files.readString(this.stderr).strip();
		}
		catch (IOException ex) {
			return "";
		}
	}

	@Override
	public void close() {
		this.process.destroy();
		try {
			if (!this.process.waitFor(3, TimeUnit.SECONDS)) {
				this.process.destroyForcibly();
			}
		}
		catch (InterruptedException ex) {
			this.process.destroyForcibly();
			Thread.currentThread().interrupt();
		}
	}

}
