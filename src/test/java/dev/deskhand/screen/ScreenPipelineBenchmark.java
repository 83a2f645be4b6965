package dev.deskhand.screen;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.deskhand.platform.DesktopDriver;
import dev.deskhand.platform.Frame;
import dev.deskhand.platform.Rect;
import dev.deskhand.screen.codec.AreaAverageScaler;
import dev.deskhand.screen.codec.PngEncoder;
import dev.deskhand.screen.codec.ScreenWorkers;
import dev.deskhand.testing.TestDesktop;

/**
 * The in-process screenshot pipeline, step by step, on a 1920x1080 Xvfb with realistic
 * content: capture, scale, encode, the frame comparison, the whole
 * {@link ScreenService#screenshot} call with an unchanged and with a changed screen, with
 * damage tracking on and off, zoom, and the pipeline as it was before the fast path.
 * Cases run interleaved, shuffled per round, after a JIT warm-up. Not a test: run it with
 * {@code ./mvnw test -Pbench -Dtest=ScreenPipelineBenchmark} ({@code -Dbench.rounds=80}
 * for more rounds). It prints medians and allocations; nothing asserts a time.
 */
@Tag("benchmark")
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "management.server.port=0", "deskhand.display.managed=false", "deskhand.audit.enabled=false" })
class ScreenPipelineBenchmark {

	private static final int WARMUP = Integer.getInteger("bench.warmup", 30);

	private static final int ROUNDS = Integer.getInteger("bench.rounds", 60);

	private static TestDesktop desktop;

	private static RealisticDesktop content;

	@Autowired
	private DesktopDriver driver;

	@Autowired
	private ScreenService screen;

	@Autowired
	private ScreenshotProperties properties;

	@DynamicPropertySource
	static void display(DynamicPropertyRegistry registry) {
		desktop = TestDesktop.start("1920x1080x24");
		content = RealisticDesktop.show(desktop);
		registry.add("deskhand.display.name", desktop::display);
	}

	@AfterAll
	static void stop() {
		if (content != null) {
			content.close();
		}
		if (desktop != null) {
			desktop.close();
		}
	}

	@Test
	void measure() throws IOException {
		Rect full = new Rect(0, 0, 1920, 1080);
		Frame frame = this.driver.capture().capture(full);
		AreaAverageScaler scaler = new AreaAverageScaler();
		int[] destination = new int[1280 * 720];
		Frame scaled = scaler.scale(frame, 1280, 720);
		PngEncoder png = new PngEncoder();
		ImageEncoders encoders = new ImageEncoders();
		int[] copy = frame.pixels().clone();
		// a filter that changes the last pixel per call: every capture differs from the
		// last one, found only at the end of the comparison (its worst case)
		int[] counter = { 0 };
		ScreenService changing = new ScreenService(this.driver, this.properties, Clock.systemUTC(),
				List.of((f, region) -> f.pixels()[f.width() * f.height() - 1] = ++counter[0] & 0xFFFFFF));
		// a filter that changes the first pixel of every row: no tile of the last image
		// can be reused
		int[] rows = { 0 };
		ScreenService everyRow = new ScreenService(this.driver, this.properties, Clock.systemUTC(),
				List.of((f, region) -> {
					rows[0]++;
					for (int y = 0; y < f.height(); y++) {
						f.pixels()[y * f.width()] = (rows[0] + y) & 0xFFFFFF;
					}
				}));
		String display = this.screen.displays().get(0).id();
		// damage tracking on and off, after a line was added to a small terminal (a real
		// X client drawing, so that the server reports damage)
		ScreenService tracked = new ScreenService(this.driver, withDamageTracking(true), Clock.systemUTC());
		ScreenService untracked = new ScreenService(this.driver, withDamageTracking(false), Clock.systemUTC());
		Path log = Files.createTempFile("deskhand-bench-log", ".txt");
		Process terminal = startLogTerminal(log);
		int[] lines = { 0 };
		Runnable addLine = () -> {
			try {
				Files.writeString(log, "line " + ++lines[0] + " of the log terminal\n", StandardOpenOption.APPEND);
				Thread.sleep(30);
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new IllegalStateException(ex);
			}
		};

		Map<String, Supplier<Object>> cases = new LinkedHashMap<>();
		Map<String, Long> bytes = new LinkedHashMap<>();
		cases.put("capture 1920x1080 (driver)", () -> this.driver.capture().capture(full));
		cases.put("scale to 1280x720, new array", () -> scaler.scale(frame, 1280, 720));
		cases.put("scale to 1280x720, reused array", () -> scaler.scale(frame, 1280, 720, destination));
		AreaAverageScaler banded = new AreaAverageScaler(ScreenWorkers.perCore());
		cases.put("scale to 1280x720, reused array, bands", () -> banded.scale(frame, 1280, 720, destination));
		cases.put("png encode 1280x720, 1 stripe",
				() -> record(bytes, "png encode 1280x720, 1 stripe", png.encode(scaled)));
		ScreenWorkers workers = ScreenWorkers.perCore();
		for (int stripes : new int[] { 2, 3, 4 }) {
			PngEncoder striped = new PngEncoder(workers, stripes);
			String name = "png encode 1280x720, " + stripes + " stripes";
			cases.put(name, () -> record(bytes, name, striped.encode(scaled)));
		}
		cases.put("jpeg q0.8 encode 1280x720",
				() -> record(bytes, "jpeg q0.8 encode 1280x720", encoders.encode(scaled, ImageFormat.JPEG, 0.8f)));
		cases.put("64-bit hash of 1920x1080 ints", () -> hash(frame.pixels()));
		cases.put("Arrays.equals 1920x1080 frames", () -> Arrays.equals(frame.pixels(), copy));
		// the pipeline as it was before the fast path: capture, scale into a new array,
		// one stripe
		String old = "old pipeline: capture+scale+png 1 stripe";
		cases.put(old,
				() -> record(bytes, old, png.encode(scaler.scale(this.driver.capture().capture(full), 1280, 720))));
		cases.put("screenshot png, unchanged screen", () -> record(bytes, "screenshot png, unchanged screen",
				this.screen.screenshot("bench", display, ImageFormat.PNG).image()));
		cases.put("screenshot png, last pixel changed", () -> record(bytes, "screenshot png, last pixel changed",
				changing.screenshot("bench", display, ImageFormat.PNG).image()));
		cases.put("screenshot png, every row changed", () -> record(bytes, "screenshot png, every row changed",
				everyRow.screenshot("bench", display, ImageFormat.PNG).image()));
		cases.put("screenshot jpeg, every row changed", () -> record(bytes, "screenshot jpeg, every row changed",
				everyRow.screenshot("bench", display, ImageFormat.JPEG).image()));
		Map<String, Runnable> setups = new LinkedHashMap<>();
		String lineOn = "screenshot png, a terminal line, damage on";
		String lineOff = "screenshot png, a terminal line, damage off";
		cases.put(lineOn, () -> record(bytes, lineOn, tracked.screenshot("bench", display, ImageFormat.PNG).image()));
		setups.put(lineOn, addLine);
		cases.put(lineOff,
				() -> record(bytes, lineOff, untracked.screenshot("bench", display, ImageFormat.PNG).image()));
		setups.put(lineOff, addLine);
		String stillOff = "screenshot png, unchanged screen, damage off";
		cases.put(stillOff,
				() -> record(bytes, stillOff, untracked.screenshot("still", display, ImageFormat.PNG).image()));
		cases.put("damage fetch alone (driver)", () -> this.driver.capture().takeDamage("bench-probe", full));
		cases.put("zoom 480x270, cropped from cached frame",
				() -> this.screen.zoom("zoomer", display, List.of(200, 100, 520, 280), ImageFormat.PNG));
		setups.put("zoom 480x270, cropped from cached frame",
				() -> this.screen.screenshot("zoomer", display, ImageFormat.PNG));
		cases.put("zoom 480x270, new capture",
				() -> this.screen.zoom("no-screenshot", display, List.of(200, 100, 520, 280), ImageFormat.PNG));
		Map<String, List<Double>> samples;
		Map<String, Long> allocated = new LinkedHashMap<>();
		try {
			samples = run(cases, setups);
			for (String name : List.of(old, "screenshot png, unchanged screen", "screenshot png, last pixel changed",
					"screenshot png, every row changed", "capture 1920x1080 (driver)")) {
				allocated.put(name, allocatedBy(cases.get(name)));
			}
		}
		finally {
			terminal.destroy();
			Files.deleteIfExists(log);
		}
		String dump = System.getProperty("bench.dump");
		if (dump != null) {
			Files.write(Path.of(dump), png.encode(scaled));
		}
		System.out.printf("%n%-44s %8s %8s %10s   (%d rounds after %d warm-up, %d cores)%n", "case", "p50 ms", "p95 ms",
				"bytes", ROUNDS, WARMUP, Runtime.getRuntime().availableProcessors());
		samples.forEach((name, values) -> System.out.printf("%-44s %8.2f %8.2f %10s%n", name, percentile(values, 0.5),
				percentile(values, 0.95), bytes.containsKey(name) ? String.valueOf(bytes.get(name)) : ""));
		System.out.printf("%nbytes allocated per call on the calling thread (median of 20, after warm-up)%n");
		allocated.forEach((name, value) -> System.out.printf("%-44s %,12d%n", name, value));
	}

	private ScreenshotProperties withDamageTracking(boolean on) {
		ScreenshotProperties p = this.properties;
		return new ScreenshotProperties(p.maxWidth(), p.maxHeight(), p.maxPixels(), p.format(), p.jpegQuality(),
				p.settle(), on);
	}

	/** A small xterm that shows every line appended to {@code log}. */
	private static Process startLogTerminal(Path log) throws IOException {
		ProcessBuilder builder = new ProcessBuilder("xterm", "-T", "bench-log", "-geometry", "70x10+40+820", "-e",
				"tail", "-f", log.toString())
			.redirectErrorStream(true)
			.redirectOutput(ProcessBuilder.Redirect.DISCARD);
		builder.environment().putAll(desktop.environment());
		Process terminal = builder.start();
		desktop.awaitWindow("bench-log", Duration.ofSeconds(10));
		return terminal;
	}

	private static Map<String, List<Double>> run(Map<String, Supplier<Object>> cases, Map<String, Runnable> setups) {
		Map<String, List<Double>> samples = new LinkedHashMap<>();
		cases.keySet().forEach((name) -> samples.put(name, new ArrayList<>()));
		Object sink = null;
		for (int round = 0; round < WARMUP + ROUNDS; round++) {
			List<String> order = new ArrayList<>(cases.keySet());
			Collections.shuffle(order);
			for (String name : order) {
				setups.getOrDefault(name, () -> {
				}).run();
				long start = System.nanoTime();
				sink = cases.get(name).get();
				double millis = (System.nanoTime() - start) / 1e6;
				if (round >= WARMUP) {
					samples.get(name).add(millis);
				}
			}
		}
		if (sink == null) {
			throw new IllegalStateException("no result");
		}
		return samples;
	}

	/**
	 * A 64-bit multiply-xor hash in four independent lanes, so the multiplies overlap.
	 */
	static long hash(int[] pixels) {
		long a = 0x9E3779B97F4A7C15L;
		long b = 0xC2B2AE3D27D4EB4FL;
		long c = 0x165667B19E3779F9L;
		long d = 0xD6E8FEB86659FD93L;
		int i = 0;
		for (int end = pixels.length & ~3; i < end; i += 4) {
			a = (a ^ pixels[i]) * 0x9E3779B97F4A7C15L;
			b = (b ^ pixels[i + 1]) * 0x9E3779B97F4A7C15L;
			c = (c ^ pixels[i + 2]) * 0x9E3779B97F4A7C15L;
			d = (d ^ pixels[i + 3]) * 0x9E3779B97F4A7C15L;
		}
		for (; i < pixels.length; i++) {
			a = (a ^ pixels[i]) * 0x9E3779B97F4A7C15L;
		}
		long h = a ^ Long.rotateLeft(b, 17) ^ Long.rotateLeft(c, 31) ^ Long.rotateLeft(d, 47);
		return h ^ (h >>> 29);
	}

	private static long allocatedBy(Supplier<Object> action) {
		com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
		List<Double> values = new ArrayList<>();
		for (int i = 0; i < 20; i++) {
			long before = threads.getCurrentThreadAllocatedBytes();
			action.get();
			values.add((double) (threads.getCurrentThreadAllocatedBytes() - before));
		}
		return (long) percentile(values, 0.5);
	}

	private static Object record(Map<String, Long> bytes, String name, byte[] image) {
		bytes.put(name, (long) image.length);
		return image;
	}

	private static double percentile(List<Double> values, double p) {
		List<Double> sorted = new ArrayList<>(values);
		Collections.sort(sorted);
		return sorted.get((int) Math.min(sorted.size() - 1, Math.floor(p * sorted.size())));
	}

}
