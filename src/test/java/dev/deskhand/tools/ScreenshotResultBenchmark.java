package dev.deskhand.tools;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.function.Supplier;

import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.json.jackson3.JacksonMcpJsonMapper;
import io.modelcontextprotocol.json.schema.JsonSchemaValidator;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import tools.jackson.databind.json.JsonMapper;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.deskhand.platform.Rect;
import dev.deskhand.screen.ImageFormat;
import dev.deskhand.screen.ScreenGeometry;
import dev.deskhand.screen.Screenshot;

/**
 * Where a {@code screenshot} call's server time goes once the image is encoded: each step
 * Deskhand's MCP path takes with the encoded bytes, in-process and one at a time, on an
 * image of the size the bench desktop's PNG has (the steps do not look at the pixels, so
 * the bytes are random). The capture and the encoding are
 * {@code screen.ScreenPipelineBenchmark}'s. Prints p50/min/max per step; asserts no time.
 * Run with {@code ./mvnw -B test -Pbench -Dtest=ScreenshotResultBenchmark}; see
 * docs/performance.md.
 */
@Tag("benchmark")
class ScreenshotResultBenchmark {

	private static final int ITERATIONS = Integer.getInteger("deskhand.bench.result-iterations", 400);

	private static final int WARMUP = Integer.getInteger("deskhand.bench.result-warmup", 300);

	/** The bench desktop's PNG at 1280x720 (docs/performance.md): 671,215 bytes. */
	private static final int IMAGE_BYTES = Integer.getInteger("deskhand.bench.result-bytes", 671_215);

	private final JacksonMcpJsonMapper json = new JacksonMcpJsonMapper(JsonMapper.builder().build());

	@TempDir
	Path dir;

	@Test
	void stepsOfAScreenshotResult() throws Exception {
		byte[] image = new byte[IMAGE_BYTES];
		new Random(1).nextBytes(image);
		Screenshot shot = new Screenshot(image, ImageFormat.PNG, 1280, 720,
				new ScreenGeometry(":0", new Rect(0, 0, 1920, 1080), 1280, 720));
		CallToolResult result = ToolResults.image(shot, Map.of());
		String data = ((McpSchema.ImageContent) result.content().get(0)).data();
		McpSchema.JSONRPCResponse response = new McpSchema.JSONRPCResponse(McpSchema.JSONRPC_VERSION, 7, result, null);
		JsonSchemaValidator validator = McpJsonDefaults.getSchemaValidator();
		Map<String, Object> schema = ToolCatalog.TOOLS.get("screenshot").outputSchema();
		MessageDigest sha = MessageDigest.getInstance("SHA-256");

		List<Step> steps = new ArrayList<>();
		steps.add(new Step("base64 of the image (ToolResults.imageContent)",
				() -> Base64.getEncoder().encodeToString(image)));
		steps.add(new Step("the whole CallToolResult: image block, geometry text, structuredContent",
				() -> ToolResults.image(shot, Map.of())));
		steps.add(new Step("outputSchema check of structuredContent (the SDK's, after the tool)",
				() -> validator.validate(schema, result.structuredContent())));
		steps.add(new Step("base64 decode of the image again, for the trajectory (ToolRunner.imagesOf)",
				() -> Base64.getDecoder().decode(data)));
		steps.add(new Step("trajectory writer: SHA-256 of the image", () -> sha.digest(image)));
		steps.add(new Step("trajectory writer: SHA-256 + the image file written",
				() -> writeImage(sha.digest(image), image)));
		byte[] png = realPng();
		steps.add(new Step("trajectory writer: the PNG's size from its header, ImageIO's stream (a temporary file)",
				() -> headerSize(png, true)));
		steps.add(new Step("trajectory writer: the same from memory (MemoryCacheImageInputStream)",
				() -> headerSize(png, false)));
		steps.add(new Step("JSON of the JSONRPCResponse to bytes (the JSON answer's body)",
				() -> bytes(() -> this.json.writeValueAsBytes(response))));
		steps.add(new Step("the same to a String (Spring AI's SSE path, ByteFirstJsonMapper)", () -> bytes(
				() -> new String(this.json.writeValueAsBytes(response), java.nio.charset.StandardCharsets.UTF_8))));

		for (int i = 0; i < WARMUP; i++) {
			steps.forEach(Step::once);
		}
		for (int i = 0; i < ITERATIONS; i++) {
			// interleaved, so a burst of load elsewhere spreads over every step
			steps.forEach(Step::measure);
		}
		System.out.printf(Locale.ROOT, "%nScreenshot result steps, %,d-byte image, %d iterations (load %s)%n%n",
				IMAGE_BYTES, ITERATIONS, Files.readString(Path.of("/proc/loadavg")).strip());
		System.out.println("| step | p50 ms | min ms | max ms |");
		System.out.println("|---|---:|---:|---:|");
		for (Step step : steps) {
			System.out.println(step.row());
		}
	}

	/** A real PNG of the screenshot's size, for the steps that read its header. */
	private static byte[] realPng() throws IOException {
		java.awt.image.BufferedImage picture = new java.awt.image.BufferedImage(1280, 720,
				java.awt.image.BufferedImage.TYPE_INT_RGB);
		java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
		javax.imageio.ImageIO.write(picture, "png", bytes);
		return bytes.toByteArray();
	}

	private static Object headerSize(byte[] png, boolean imageIoStream) {
		java.io.ByteArrayInputStream source = new java.io.ByteArrayInputStream(png);
		try (javax.imageio.stream.ImageInputStream in = imageIoStream
				? javax.imageio.ImageIO.createImageInputStream(source)
				: new javax.imageio.stream.MemoryCacheImageInputStream(source)) {
			javax.imageio.ImageReader reader = javax.imageio.ImageIO.getImageReaders(in).next();
			try {
				reader.setInput(in);
				return reader.getWidth(0) * 10_000 + reader.getHeight(0);
			}
			finally {
				reader.dispose();
			}
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

	private Object writeImage(byte[] digest, byte[] image) {
		try {
			return Files.write(this.dir.resolve(HexFormat.of().formatHex(digest) + ".png"), image);
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

	private static Object bytes(ThrowingSupplier supplier) {
		try {
			return supplier.get();
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

	@FunctionalInterface
	private interface ThrowingSupplier {

		Object get() throws IOException;

	}

	private static final class Step {

		private final String name;

		private final Supplier<Object> action;

		private final List<Long> nanos = new ArrayList<>();

		/** Keeps each result reachable, so the JIT cannot drop the work. */
		private Object last;

		Step(String name, Supplier<Object> action) {
			this.name = name;
			this.action = action;
		}

		void once() {
			this.last = this.action.get();
		}

		void measure() {
			long start = System.nanoTime();
			this.last = this.action.get();
			this.nanos.add(System.nanoTime() - start);
		}

		String row() {
			double[] ms = this.nanos.stream().mapToDouble((n) -> n / 1e6).sorted().toArray();
			int n = ms.length;
			double median = (n % 2 == 1) ? ms[n / 2] : (ms[n / 2 - 1] + ms[n / 2]) / 2;
			return String.format(Locale.ROOT, "| %s | %.2f | %.2f | %.2f |%s", this.name, median, ms[0], ms[n - 1],
					(this.last == null) ? " (no result)" : "");
		}

	}

}
