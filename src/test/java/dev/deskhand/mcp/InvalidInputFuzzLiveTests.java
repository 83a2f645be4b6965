package dev.deskhand.mcp;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.deskhand.testing.Pointer;
import dev.deskhand.testing.TestDesktop;
import dev.deskhand.testing.witness.WitnessWindow;

import static dev.deskhand.mcp.McpTestClients.call;
import static dev.deskhand.mcp.McpTestClients.text;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A thousand invalid input calls, each a valid call with one argument broken (seeded, so
 * a failure is reproducible), with every input capability allowed: each is refused with
 * an {@code E_*} code and none reaches the desktop. The witness window records no event,
 * the X server holds no key or button, the pointer has not moved (xdotool). A valid click
 * at the end proves the witness listens.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "management.server.port=0", "deskhand.display.managed=false", "deskhand.audit.enabled=false",
				"deskhand.approval.policies.pointer=allow", "deskhand.approval.policies.keyboard=allow",
				"deskhand.approval.policies.system-keys=allow", "deskhand.approval.policies.clipboard-write=allow" })
class InvalidInputFuzzLiveTests {

	private static final long SEED = 20261201L;

	private static final int CALLS = 1000;

	private static WitnessWindow witness;

	@LocalServerPort
	private int port;

	@DynamicPropertySource
	static void display(DynamicPropertyRegistry registry) {
		registry.add("deskhand.display.name", () -> TestDesktop.shared().display());
	}

	@BeforeAll
	static void openWitness() {
		witness = WitnessWindow.open(TestDesktop.shared(), "Deskhand fuzz witness", 200, 150, 900, 600);
	}

	@AfterAll
	static void closeWitness() {
		if (witness != null) {
			witness.close();
		}
	}

	/** A valid call of a tool, and the ways to break one of its arguments. */
	record Shape(String tool, Map<String, Object> valid, Map<String, List<Object>> broken) {

	}

	static List<Shape> shapes() {
		List<Object> badPoints = List.of(List.of(1280, 10), List.of(10, 720), List.of(-1, 5), List.of(5),
				List.of(1, 2, 3), List.of(1.5, 2), List.of("a", "b"));
		List<Object> badModifiers = List.of("ctrl+alt+l", "Return", "a", "super+l", "ctrl+nosuch", "ctrl+",
				"x".repeat(5000), "alt+F4");
		List<Object> badDurations = List.of(0, -1, 100.5, 1000, "soon");
		List<Shape> shapes = new ArrayList<>();
		Map<String, Object> point = Map.of("coordinate", List.of(400, 300));
		shapes.add(new Shape("mouse_move", point, Map.of("coordinate", badPoints, "display_id", List.of("nope"))));
		for (String click : List.of("left_click", "right_click", "middle_click", "double_click", "triple_click")) {
			shapes.add(new Shape(click, point, Map.of("coordinate", badPoints, "text", badModifiers, "display_id",
					List.of("nope", "x".repeat(3000)))));
		}
		shapes.add(new Shape("left_click_drag",
				Map.of("start_coordinate", List.of(300, 250), "coordinate", List.of(500, 400)),
				Map.of("start_coordinate", badPoints, "coordinate", badPoints, "text", badModifiers)));
		shapes.add(new Shape("left_mouse_down", point, Map.of("coordinate", badPoints)));
		shapes.add(new Shape("scroll", Map.of("coordinate", List.of(400, 300), "scroll_direction", "down"),
				Map.of("scroll_direction", List.of("sideways", "", "DOWNWARD"), "scroll_amount",
						List.of(0, 51, -3, 2.5), "coordinate", badPoints, "text", badModifiers)));
		shapes.add(new Shape("type", Map.of("text", "hello"),
				Map.of("text", List.of("", "\u0007bell", "a\u001bb", "x".repeat(20_001)))));
		shapes.add(new Shape("key", Map.of("text", "shift"),
				Map.of("text", List.of("", "ctrl+nosuchkey", "ctrl+", "x".repeat(3000), "F99", "\u0001"), "repeat",
						List.of(0, 101, -5))));
		shapes.add(new Shape("hold_key", Map.of("text", "shift", "duration", 0.05),
				Map.of("text", List.of("", "nosuchkey", "ctrl++x+"), "duration", badDurations)));
		shapes.add(new Shape("computer_batch",
				Map.of("actions", List.of(Map.of("action", "mouse_move", "coordinate", List.of(400, 300)))),
				Map.of("actions",
						List.of(List.of(), List.of(Map.of("action", "explode")),
								List.of(Map.of("action", "mouse_move", "coordinate", List.of(400, 300)),
										Map.of("action", "left_click", "coordinate", List.of(9999, 1))),
								List.of(Map.of("action", "key", "text", "shift"),
										Map.of("action", "type", "text", "ok", "bogus", 1))))));
		return shapes;
	}

	@Test
	void invalidCallsAreRefusedAndNothingReachesTheDesktop() throws Exception {
		McpSyncClient client = McpTestClients.streamable(this.port);
		try {
			witness.focus();
			Thread.sleep(300);
			witness.clearEvents();
			Pointer before = TestDesktop.shared().pointerLocation();
			Random random = new Random(SEED);
			List<Shape> shapes = shapes();
			List<String> accepted = new ArrayList<>();
			for (int i = 0; i < CALLS; i++) {
				Shape shape = shapes.get(random.nextInt(shapes.size()));
				List<String> arguments = new ArrayList<>(shape.broken().keySet());
				String argument = arguments.get(random.nextInt(arguments.size()));
				List<Object> values = shape.broken().get(argument);
				Map<String, Object> call = new HashMap<>(shape.valid());
				call.put(argument, values.get(random.nextInt(values.size())));
				CallToolResult result = call(client, shape.tool(), call);
				String text = text(result);
				if (!Boolean.TRUE.equals(result.isError()) || !text.matches("^E_(ARGS|NOT_FOUND): (?s).*")) {
					accepted.add(shape.tool() + " " + argument + "=" + abbreviate(call.get(argument)) + " -> "
							+ abbreviate(text));
				}
			}
			assertThat(accepted).as("invalid calls that were not refused as E_ARGS/E_NOT_FOUND").isEmpty();
			assertThat(TestDesktop.shared().keysDown()).isEmpty();
			assertThat(TestDesktop.shared().buttonsDownMask()).isZero();
			assertThat(TestDesktop.shared().pointerLocation()).isEqualTo(before);
			// Positive control, and a fence: every event the refused calls could have
			// caused is older.
			CallToolResult click = call(client, "left_click", Map.of("coordinate", List.of(400, 300)));
			assertThat(click.isError()).as(text(click)).isNotEqualTo(Boolean.TRUE);
			witness.awaitEvent((event) -> event.startsWith("RELEASE"), Duration.ofSeconds(10));
			assertThat(witness.events()).as("only the control click reached the witness")
				.noneMatch((event) -> event.startsWith("KEY") || event.startsWith("WHEEL") || event.startsWith("DRAG"))
				.filteredOn((event) -> event.startsWith("PRESS"))
				.hasSize(1);
		}
		finally {
			client.closeGracefully();
		}
	}

	private static String abbreviate(Object value) {
		String text = String.valueOf(value);
		return (text.length() > 60) ? text.substring(0, 60) + "…" : text;
	}

}
