package dev.deskhand.screen;

import java.time.Clock;
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
import dev.deskhand.testing.TestDesktop;

/**
 * The in-process screenshot pipeline, step by step, on a 1920x1080 Xvfb with realistic content:
 * capture, scale, encode, the frame comparison, and the whole {@link ScreenService#screenshot}
 * call with an unchanged and with a changed screen. Cases run interleaved, shuffled per round,
 * after a JIT warm-up. Not a test: run it with
 * {@code ./mvnw test -Pbench -Dtest=ScreenPipelineBenchmark}. It prints medians; nothing asserts
 * a time.
 */
@Tag("benchmark")
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.NONE,
		properties = { "deskhand.display.managed=false", "deskhand.audit.enabled=false" })
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
	void measure() {
		Rect full = new Rect(0, 0, 1920, 1080);
		Frame frame = this.driver.capture().capture(full);
		AreaAverageScaler scaler = new AreaAverageScaler();
		int[] destination = new int[1280 * 720];
		Frame scaled = scaler.scale(frame, 1280, 720);
		PngEncoder png = new PngEncoder();
		ImageEncoders encoders = new ImageEncoders();
		int[] copy = frame.pixels().clone();
		// a filter that changes one pixel per call: every capture differs from the last one
		int[] counter = { 0 };
		ScreenService changing = new ScreenService(this.driver, this.properties, Clock.systemUTC(),
				List.of((f, region) -> f.pixels()[0] = ++counter[0] & 0xFFFFFF));
		String display = this.screen.displays().get(0).id();

		Map<String, Supplier<Object>> cases = new LinkedHashMap<>();
		Map<String, Long> bytes = new LinkedHashMap<>();
		cases.put("capture 1920x1080 (driver)", () -> this.driver.capture().capture(full));
		cases.put("scale to 1280x720, new array", () -> scaler.scale(frame, 1280, 720));
		cases.put("scale to 1280x720, reused array", () -> scaler.scale(frame, 1280, 720, destination));
		cases.put("png encode 1280x720", () -> record(bytes, "png encode 1280x720", png.encode(scaled)));
		cases.put("jpeg q0.8 encode 1280x720",
				() -> record(bytes, "jpeg q0.8 encode 1280x720", encoders.encode(scaled, ImageFormat.JPEG, 0.8f)));
		cases.put("Arrays.equals 1920x1080 frames", () -> Arrays.equals(frame.pixels(), copy));
		cases.put("screenshot png, unchanged screen", () -> record(bytes, "screenshot png, unchanged screen",
				this.screen.screenshot("bench", display, ImageFormat.PNG).image()));
		cases.put("screenshot png, changed screen", () -> record(bytes, "screenshot png, changed screen",
				changing.screenshot("bench", display, ImageFormat.PNG).image()));
		cases.put("screenshot jpeg, changed screen", () -> record(bytes, "screenshot jpeg, changed screen",
				changing.screenshot("bench", display, ImageFormat.JPEG).image()));
		Map<String, List<Double>> samples = run(cases);
		System.out.printf("%n%-40s %8s %8s %10s   (%d rounds after %d warm-up, %d cores)%n", "case", "p50 ms",
				"p95 ms", "bytes", ROUNDS, WARMUP, Runtime.getRuntime().availableProcessors());
		samples.forEach((name, values) -> System.out.printf("%-40s %8.2f %8.2f %10s%n", name, percentile(values, 0.5),
				percentile(values, 0.95), bytes.containsKey(name) ? String.valueOf(bytes.get(name)) : ""));
	}

	private static Map<String, List<Double>> run(Map<String, Supplier<Object>> cases) {
		Map<String, List<Double>> samples = new LinkedHashMap<>();
		cases.keySet().forEach((name) -> samples.put(name, new ArrayList<>()));
		Object sink = null;
		for (int round = 0; round < WARMUP + ROUNDS; round++) {
			List<String> order = new ArrayList<>(cases.keySet());
			Collections.shuffle(order);
			for (String name : order) {
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
