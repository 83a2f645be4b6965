package dev.deskhand.bench;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The fastest peer of the baseline measurements (notes/perf-baseline.md): Node with
 * robotjs to capture and sharp (libvips) to scale and encode, as a persistent worker so
 * that Node's start-up is not charged to it. Each call writes a line to the worker and
 * reads back one line of base64 PNG; the pipe transfer is part of the time, as it is for
 * the shell peers' stdout.
 * <p>
 * Optional: it needs {@code node} and the npm packages, which {@code bench/run} installs
 * into {@code ~/.cache/deskhand-bench/node}. Without them the benchmark says so and runs
 * the other peers.
 */
final class NodePeer implements AutoCloseable {

	static final String PACKAGES = "robotjs@0.9.1 sharp@0.35.5";

	/**
	 * robotjs gives BGRX rows (the pad byte mostly 0). Handing sharp those four channels
	 * makes it take the pad as alpha and produce black; so the worker swaps to RGB
	 * itself, the way an integrator who checked the output would, and sharp scales (its
	 * default Lanczos 3) and encodes: with its default PNG settings, or, for a line
	 * {@code jpeg Q}, with its default JPEG settings at quality Q (1-100; 4:2:0 chroma,
	 * as sharp does unless told otherwise).
	 */
	private static final String WORKER = """
			const robot = require('robotjs');
			const sharp = require('sharp');
			const readline = require('readline');
			readline.createInterface({ input: process.stdin }).on('line', async (line) => {
				const [format, quality] = line.trim().split(/\\s+/);
				const shot = robot.screen.capture();
				const src = shot.image;
				const rgb = Buffer.allocUnsafe(shot.width * shot.height * 3);
				for (let y = 0, j = 0; y < shot.height; y++) {
					for (let i = y * shot.byteWidth, end = i + shot.width * 4; i < end; i += 4, j += 3) {
						rgb[j] = src[i + 2];
						rgb[j + 1] = src[i + 1];
						rgb[j + 2] = src[i];
					}
				}
				const resized = sharp(rgb, { raw: { width: shot.width, height: shot.height, channels: 3 } })
					.resize(1280, 720, { fit: 'fill' });
				const image = await ((format === 'jpeg') ? resized.jpeg({ quality: Number(quality) }) : resized.png())
					.toBuffer();
				process.stdout.write(image.toString('base64') + '\\n');
			});
			""";

	private final NodeWorker worker;

	private NodePeer(NodeWorker worker) {
		this.worker = worker;
	}

	/**
	 * Where bench/run puts the packages; {@code -Ddeskhand.bench.node-modules} overrides
	 * it.
	 */
	static Path modules() {
		String configured = System.getProperty("deskhand.bench.node-modules");
		return (configured != null && !configured.isBlank()) ? Path.of(configured)
				: Path.of(System.getProperty("user.home"), ".cache", "deskhand-bench", "node", "node_modules");
	}

	/**
	 * @return the worker, or why there is none
	 */
	static Availability start(Map<String, String> environment, Path workDir) {
		Optional<File> node = BenchDesktop.onPath("node");
		Path modules = modules();
		if (node.isEmpty()) {
			return new Availability(null, "no node on PATH");
		}
		if (!Files.isDirectory(modules.resolve("robotjs")) || !Files.isDirectory(modules.resolve("sharp"))) {
			return new Availability(null, "robotjs and sharp are not in " + modules
					+ " (bench/run installs them: npm install --prefix " + modules.getParent() + " " + PACKAGES + ")");
		}
		NodeWorker worker = null;
		try {
			worker = NodeWorker.start(node.get().getPath(), "robotjs-sharp-worker", WORKER, List.of(), environment,
					workDir);
			NodePeer peer = new NodePeer(worker);
			// the first shot loads the native modules and opens the display: fail here,
			// not in a round
			peer.shot();
			return new Availability(peer, null);
		}
		catch (IOException | RuntimeException ex) {
			String errors = (worker != null) ? worker.errors() : "";
			if (worker != null) {
				worker.close();
			}
			return new Availability(null, "the robotjs + sharp worker failed: " + ex.getMessage() + " " + errors);
		}
	}

	/**
	 * @return the base64 PNG line the worker printed
	 */
	byte[] shot() {
		return shot("png");
	}

	/**
	 * @param request {@code png}, or {@code jpeg Q} with Q from 1 to 100
	 * @return the base64 line the worker printed
	 */
	byte[] shot(String request) {
		return this.worker.ask(request).getBytes(StandardCharsets.US_ASCII);
	}

	@Override
	public void close() {
		this.worker.close();
	}

	/**
	 * @param peer the running worker, or {@code null}
	 * @param reason why there is none, or {@code null}
	 */
	record Availability(NodePeer peer, String reason) {
	}

}
