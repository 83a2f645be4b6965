package dev.deskhand.platform.linux.wayland.input;

import dev.deskhand.platform.linux.wayland.layout.WaylandLayout;
import dev.deskhand.platform.linux.wayland.sway.SwayIpc;
import dev.deskhand.platform.linux.wayland.sway.SwayOutputs;
import dev.deskhand.platform.linux.wayland.wire.WaylandConnection;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import dev.deskhand.platform.HeldInputs;
import dev.deskhand.platform.MouseButton;
import dev.deskhand.platform.Point;
import dev.deskhand.platform.ScrollDirection;
import dev.deskhand.platform.linux.wayland.layout.WaylandLayout.LayoutPoint;
import dev.deskhand.testing.ScreenRect;
import dev.deskhand.testing.SwaySession;
import dev.deskhand.testing.WaylandWitness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The virtual pointer against headless sway, judged by the GTK witnesses on both outputs
 * (window-local layout coordinates as GTK reports them), never by the compositor's
 * answer.
 */
class WaylandPointerLiveTests {

	static final Duration WAIT = Duration.ofSeconds(10);

	static final Duration SETTLE = Duration.ofMillis(300);

	private static SwaySession sway;

	private static WaylandWitness witness;

	private static WaylandWitness witness2;

	private static WaylandConnection connection;

	private static WaylandPointer pointer;

	private static final HeldInputs held = new HeldInputs();

	@BeforeAll
	static void start() {
		sway = SwaySession.shared();
		witness = WaylandWitness.open(sway, SwaySession.WITNESS_APP_ID);
		witness2 = WaylandWitness.open(sway, SwaySession.WITNESS2_APP_ID);
		connection = WaylandConnection.open(sway.runtimeDir().resolve(sway.waylandDisplay()), Duration.ofSeconds(5));
		pointer = WaylandPointer.create(connection, WaylandPointerLiveTests::layout, held, SETTLE);
	}

	@AfterAll
	static void stop() {
		if (pointer != null) {
			pointer.close();
		}
		if (connection != null) {
			connection.close();
		}
		if (witness != null) {
			witness.close();
		}
		if (witness2 != null) {
			witness2.close();
		}
	}

	@BeforeEach
	void clear() {
		witness.clearEvents();
		witness2.clearEvents();
	}

	static WaylandLayout layout() {
		return SwayOutputs.parse(SwayIpc.JSON.readTree(sway.outputsJson()));
	}

	/** Where GTK should report a desktop point, window-local, in layout units. */
	static double[] expectedLocal(WaylandWitness target, Point device) {
		LayoutPoint point = layout().toLayout(device.x(), device.y()).orElseThrow();
		ScreenRect rect = target.layoutRect();
		return new double[] { point.x() - rect.x(), point.y() - rect.y() };
	}

	static void assertAt(JsonNode event, double[] expected) {
		assertThat(event.path("x").asDouble()).as("x of " + event).isCloseTo(expected[0], within(0.5));
		assertThat(event.path("y").asDouble()).as("y of " + event).isCloseTo(expected[1], within(0.5));
	}

	@Test
	void aClickLandsWhereTheDevicePointIsOnTheScaledOutput() {
		// device (638, 388) at scale 1.25 is layout (510.4, 310.4): window-local (310.4,
		// 210.4)
		Point device = new Point(638, 388);
		double[] expected = expectedLocal(witness, device);
		assertThat(expected[0]).isCloseTo(310.4, within(1e-9));
		pointer.click(device, MouseButton.LEFT);
		JsonNode press = witness.await(WaylandWitness.button("press", 1), WAIT);
		assertAt(press, expected);
		assertAt(witness.await(WaylandWitness.button("release", 1), WAIT), expected);
		assertThat(held.buttons()).isEmpty();
	}

	@Test
	void aClickLandsWhereTheDevicePointIsOnTheSecondOutput() {
		// HEADLESS-2 starts at device x 1920; witness2 at its local (240, 262)
		Point device = new Point(1920 + 240 + 300, 262 + 200);
		double[] expected = expectedLocal(witness2, device);
		assertThat(expected).containsExactly(300.0, 200.0);
		pointer.click(device, MouseButton.RIGHT);
		assertAt(witness2.await(WaylandWitness.button("press", 3), WAIT), expected);
		assertAt(witness2.await(WaylandWitness.button("release", 3), WAIT), expected);
		assertThat(witness.events("button")).isEmpty();
	}

	@Test
	void aDragHoldsTheButtonFromOnePointToAnother() {
		Point from = new Point(250 + 100, 125 + 100);
		Point to = new Point(250 + 500, 125 + 400);
		pointer.moveTo(from.x(), from.y());
		pointer.press(MouseButton.LEFT);
		assertThat(held.buttons()).containsExactly(WaylandPointer.BTN_LEFT);
		pointer.moveTo(to.x(), to.y());
		pointer.release(MouseButton.LEFT);
		assertAt(witness.await(WaylandWitness.button("press", 1), WAIT), expectedLocal(witness, from));
		JsonNode dragged = witness.await(
				(e) -> "motion".equals(e.path("ev").asString()) && e.path("mods").toString().contains("button1"), WAIT);
		assertAt(dragged, expectedLocal(witness, to));
		assertAt(witness.await(WaylandWitness.button("release", 1), WAIT), expectedLocal(witness, to));
		assertThat(held.buttons()).isEmpty();
	}

	@Test
	void quickClicksAreCountedAsDoubleAndTripleByGtk() {
		Point at = new Point(250 + 400, 125 + 250);
		pointer.click(at, MouseButton.LEFT);
		pointer.click(at, MouseButton.LEFT);
		pointer.click(at, MouseButton.LEFT);
		witness.await(WaylandWitness.button("triple", 1), WAIT);
		assertThat(witness.events("button").stream().map((e) -> e.path("kind").asString()).toList())
			.containsExactly("press", "release", "press", "double", "release", "press", "triple", "release");
	}

	@Test
	void wheelNotchesScrollInTheirDirection() {
		pointer.moveTo(250 + 400, 125 + 250);
		pointer.scroll(ScrollDirection.UP, 1);
		pointer.scroll(ScrollDirection.DOWN, 2);
		pointer.scroll(ScrollDirection.LEFT, 1);
		pointer.scroll(ScrollDirection.RIGHT, 1);
		// a click after them as a marker: once it arrived, every scroll event has too
		pointer.click(null, MouseButton.LEFT);
		witness.await(WaylandWitness.button("release", 1), WAIT);
		List<JsonNode> scrolls = witness.events("scroll");
		assertThat(scrolls.stream().map(WaylandPointerLiveTests::scrollDirection).toList()).containsExactly("up",
				"down", "down", "left", "right");
		// GTK 3 reports a wheel notch as a smooth scroll of 1.5
		assertThat(scrolls)
			.allSatisfy((e) -> assertThat(Math.abs(e.path("dx").asDouble() + e.path("dy").asDouble())).isEqualTo(1.5));
	}

	/**
	 * A smooth scroll by its deltas' signs (GTK reports 1.5 per notch), else its
	 * direction.
	 */
	static String scrollDirection(JsonNode event) {
		String direction = event.path("direction").asString();
		if (!"smooth".equals(direction)) {
			return direction;
		}
		double dx = event.path("dx").asDouble();
		double dy = event.path("dy").asDouble();
		return (dy < 0) ? "up" : (dy > 0) ? "down" : (dx < 0) ? "left" : (dx > 0) ? "right" : "none";
	}

	@Test
	void releaseAllLetsGoOfAHeldButton() {
		pointer.moveTo(250 + 300, 125 + 300);
		pointer.press(MouseButton.MIDDLE);
		witness.await(WaylandWitness.button("press", 2), WAIT);
		pointer.releaseAll();
		witness.await(WaylandWitness.button("release", 2), WAIT);
		assertThat(held.buttons()).isEmpty();
		// a button that is really up again: the next click is a plain press, not a drag
		pointer.click(new Point(250 + 310, 125 + 300), MouseButton.LEFT);
		JsonNode press = witness.await(WaylandWitness.button("press", 1), WAIT);
		assertThat(press.path("mods").toString()).doesNotContain("button2");
	}

	@Test
	void clickLatency() {
		Point at = new Point(250 + 200, 125 + 200);
		List<Long> api = new ArrayList<>();
		List<Long> delivered = new ArrayList<>();
		for (int i = 0; i < 20; i++) {
			witness.clearEvents();
			long start = System.nanoTime();
			pointer.click(new Point(at.x() + (i % 2) * 40, at.y()), MouseButton.LEFT);
			api.add(System.nanoTime() - start);
			while (witness.events("button").isEmpty()) {
				Thread.onSpinWait();
				if (System.nanoTime() - start > WAIT.toNanos()) {
					throw new AssertionError("click " + i + " never arrived");
				}
			}
			delivered.add(System.nanoTime() - start);
			// far apart in time, so GTK counts no double clicks
			dev.deskhand.testing.Pause.millis(450);
		}
		System.out.printf("wayland click latency: api median %.2f ms, at the witness median %.2f ms (n=%d)%n",
				median(api) / 1e6, median(delivered) / 1e6, api.size());
	}

	static double median(List<Long> values) {
		List<Long> sorted = new ArrayList<>(values);
		Collections.sort(sorted);
		return sorted.get(sorted.size() / 2);
	}

}
