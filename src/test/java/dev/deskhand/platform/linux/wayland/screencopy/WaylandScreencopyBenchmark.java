package dev.deskhand.platform.linux.wayland.screencopy;

import dev.deskhand.platform.linux.wayland.wire.WaylandConnection;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import dev.deskhand.platform.Frame;
import dev.deskhand.platform.Rect;
import dev.deskhand.testing.SwaySession;
import dev.deskhand.testing.WaylandWitness;

/**
 * In-process screencopy against headless sway: a whole capture (waiting for the output's
 * next frame, copy, conversion), the conversion out of the mapping alone, a naive
 * per-pixel conversion for comparison, a cropped capture, and grim as a process for
 * reference. Not a test: run it with
 * {@code ./mvnw test -Pbench -Dtest=WaylandScreencopyBenchmark}
 * ({@code -Dbench.rounds=100} for more). It prints medians; nothing asserts a time.
 */
@Tag("benchmark")
class WaylandScreencopyBenchmark {

	private static final int WARMUP = Integer.getInteger("bench.warmup", 20);

	private static final int ROUNDS = Integer.getInteger("bench.rounds", 50);

	private static final int GRIM_ROUNDS = 10;

	@Test
	void screencopy() {
		SwaySession sway = SwaySession.shared();
		try (WaylandWitness witness = WaylandWitness.open(sway, SwaySession.WITNESS_APP_ID);
				WaylandConnection connection = WaylandConnection.open(sway.runtimeDir().resolve(sway.waylandDisplay()),
						Duration.ofSeconds(5));
				WaylandScreencopy screencopy = WaylandScreencopy.bind(connection)) {
			WaylandOutput output = screencopy.outputs().byName("HEADLESS-1").orElseThrow();
			int[] pixels = new int[1920 * 1080];
			screencopy.capture(output, null, pixels);
			WaylandShmBuffer buffer = screencopy.bufferOf(output);
			Rect whole = new Rect(0, 0, buffer.width(), buffer.height());
			Rect window = new Rect(250, 125, 1000, 625);
			Map<String, Supplier<Object>> cases = new LinkedHashMap<>();
			cases.put("capture HEADLESS-1 1920x1080 (reused int[])", () -> screencopy.capture(output, null, pixels));
			cases.put("capture HEADLESS-1 region 1000x625", () -> screencopy.capture(output, window, pixels));
			cases.put("capture HEADLESS-2 1280x1024 (new int[])", () -> screencopy.capture("HEADLESS-2", null, null));
			cases.put("conversion 1920x1080, bulk rows + mask", () -> WaylandScreencopyPixels.toFrame(buffer.bytes(),
					buffer.format(), buffer.width(), buffer.height(), buffer.stride(), false, whole, pixels));
			cases.put("conversion 1920x1080, getInt per pixel", () -> perPixel(buffer, pixels));
			cases.put("roundtrip (wl_display.sync)", () -> {
				connection.roundtrip();
				return null;
			});
			Map<String, List<Long>> samples = new LinkedHashMap<>();
			for (int round = -WARMUP; round < ROUNDS; round++) {
				for (Map.Entry<String, Supplier<Object>> entry : cases.entrySet()) {
					long start = System.nanoTime();
					entry.getValue().get();
					long elapsed = System.nanoTime() - start;
					if (round >= 0) {
						samples.computeIfAbsent(entry.getKey(), (key) -> new ArrayList<>()).add(elapsed);
					}
				}
			}
			for (int i = 0; i < GRIM_ROUNDS; i++) {
				long start = System.nanoTime();
				sway.grim("-o", "HEADLESS-1");
				samples.computeIfAbsent("grim -o HEADLESS-1 (process, PNG, decode)", (key) -> new ArrayList<>())
					.add(System.nanoTime() - start);
			}
			System.out.printf("%n%-48s %8s %8s %8s   (%d rounds after %d warm-up; grim %d; screencopy v%d, %s)%n",
					"case", "p50 ms", "min ms", "max ms", ROUNDS, WARMUP, GRIM_ROUNDS, screencopy.version(),
					WaylandShm.formatName(buffer.format()));
			samples.forEach((name, values) -> {
				values.sort(null);
				System.out.printf("%-48s %8.2f %8.2f %8.2f%n", name, values.get(values.size() / 2) / 1e6,
						values.get(0) / 1e6, values.get(values.size() - 1) / 1e6);
			});
		}
	}

	private static Frame perPixel(WaylandShmBuffer buffer, int[] pixels) {
		ByteBuffer bytes = buffer.bytes().order(ByteOrder.LITTLE_ENDIAN);
		int width = buffer.width();
		for (int y = 0; y < buffer.height(); y++) {
			int row = y * buffer.stride();
			for (int x = 0; x < width; x++) {
				pixels[y * width + x] = bytes.getInt(row + x * 4) & 0xFFFFFF;
			}
		}
		return new Frame(width, buffer.height(), pixels);
	}

}
