package dev.deskhand.mcp;

import dev.deskhand.platform.linux.wayland.input.WaylandInput;
import dev.deskhand.platform.linux.wayland.sway.SwayIpc;
import dev.deskhand.platform.linux.wayland.sway.SwayOutputs;
import dev.deskhand.platform.linux.wayland.sway.SwaySeats;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import dev.deskhand.platform.MouseButton;
import dev.deskhand.platform.Point;
import dev.deskhand.platform.Rect;
import dev.deskhand.testing.Pause;
import dev.deskhand.testing.SwayDriverWitness;
import dev.deskhand.testing.SwaySession;
import dev.deskhand.testing.WaylandWitness;

import static dev.deskhand.mcp.McpTestClients.call;
import static dev.deskhand.mcp.McpTestClients.text;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Deskhand in own-seat on sway, end to end through a real MCP client: the person, a
 * client with a virtual pointer and keyboard bound to seat0, keeps typing into witness A
 * while the agent clicks and types into witness B. Their input neither pre-empts the
 * agent nor gets mixed into B, and seat0's focus stays on A. A sway of the test's own
 * (the agent's seat outlives the server).
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "management.server.port=0", "deskhand.platform.os=linux", "deskhand.screenshot.settle=50ms",
				"deskhand.working-mode=own-seat", "deskhand.approval.policies.pointer=allow",
				"deskhand.approval.policies.keyboard=allow", "deskhand.audit.enabled=false" })
class WaylandOwnSeatMcpTests {

	private static final Duration WAIT = Duration.ofSeconds(10);

	private static final Duration TIMEOUT = Duration.ofSeconds(5);

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private static final String AGENT_SEAT = "deskhand-agent";

	private static SwaySession sway;

	private static SwayIpc personIpc;

	private static SwayOutputs personOutputs;

	private static WaylandInput person;

	private static WaylandWitness a;

	private static WaylandWitness b;

	@LocalServerPort
	private int port;

	@DynamicPropertySource
	static void session(DynamicPropertyRegistry registry) {
		startDesk();
		Map<String, String> environment = sway.environment();
		registry.add("deskhand.platform.display-server", () -> "wayland");
		for (String name : List.of("WAYLAND_DISPLAY", "XDG_RUNTIME_DIR", "SWAYSOCK")) {
			registry.add(name, () -> environment.get(name));
		}
	}

	/**
	 * The person's desk, before Deskhand starts: their devices, the seat, two windows.
	 */
	private static synchronized void startDesk() {
		if (sway != null) {
			return;
		}
		sway = SwaySession.startPrivate();
		personIpc = new SwayIpc(sway.swaySocket(), TIMEOUT);
		personOutputs = new SwayOutputs(personIpc).watch();
		person = WaylandInput.open(sway.runtimeDir().resolve(sway.waylandDisplay()), TIMEOUT, personOutputs::layout,
				"seat0");
		// the line docs/wayland.md asks for in sway's config: the seat exists before the
		// applications start (GTK3 ones started earlier never get its input)
		sway.ipcOrFail("seat seat0 fallback true; seat " + AGENT_SEAT + " fallback false");
		a = WaylandWitness.open(sway, SwaySession.WITNESS_APP_ID);
		b = WaylandWitness.open(sway, SwaySession.WITNESS2_APP_ID);
		Rect inA = SwayDriverWitness.of(sway, a).contentBounds();
		person.pointer().click(new Point(inA.x() + inA.width() / 2, inA.y() + inA.height() / 2), MouseButton.LEFT);
		long deadline = System.nanoTime() + WAIT.toNanos();
		while (seatFocus("seat0") != a.conId() && System.nanoTime() < deadline) {
			Pause.millis(10);
		}
	}

	@AfterAll
	static void stop() {
		for (AutoCloseable resource : new AutoCloseable[] { person, personOutputs::close, personIpc, a, b }) {
			try {
				if (resource != null) {
					resource.close();
				}
			}
			catch (Exception ex) {
				// the next one still closes
			}
		}
		if (sway != null) {
			sway.close();
		}
	}

	private static long seatFocus(String name) {
		return SwaySeats.named(SwaySeats.parse(JSON.readTree(sway.seatsJson())), name)
			.map(SwaySeats.Seat::focus)
			.orElse(-1L);
	}

	@Test
	void theAgentClicksAndTypesIntoBWhileThePersonKeepsTypingIntoAWithoutPreemptingIt() throws Exception {
		assertThat(seatFocus("seat0")).isEqualTo(a.conId());
		a.clearText();
		b.clearText();
		McpSyncClient client = McpTestClients.streamable(this.port);
		AtomicBoolean typing = new AtomicBoolean(true);
		AtomicInteger typed = new AtomicInteger();
		Thread personTyping = new Thread(() -> {
			while (typing.get()) {
				person.keyboard().typeText("p");
				typed.incrementAndGet();
				Pause.millis(15);
			}
		}, "the-person");
		personTyping.start();
		try {
			// B: output-local layout (240,262) on HEADLESS-2 at scale 1; its middle
			CallToolResult click = call(client, "left_click",
					Map.of("coordinate", List.of(240 + 400, 262 + 250), "display_id", "HEADLESS-2"));
			assertThat(click.isError()).as(text(click)).isNotEqualTo(Boolean.TRUE);
			CallToolResult typed1 = call(client, "type", Map.of("text", "agent via mcp"));
			assertThat(typed1.isError()).as(text(typed1)).isNotEqualTo(Boolean.TRUE);
			CallToolResult typed2 = call(client, "type", Map.of("text", " still"));
			assertThat(typed2.isError()).as("the person's typing in A does not pre-empt: " + text(typed2))
				.isNotEqualTo(Boolean.TRUE);
		}
		finally {
			typing.set(false);
			personTyping.join();
			client.closeGracefully();
		}
		assertThat(b.awaitText("agent via mcp still", WAIT)).isEqualTo("agent via mcp still");
		String persons = "p".repeat(typed.get());
		assertThat(a.awaitText(persons, WAIT)).isEqualTo(persons);
		assertThat(typed.get()).isGreaterThan(3);
		assertThat(seatFocus("seat0")).as("the person's focus").isEqualTo(a.conId());
		assertThat(seatFocus(AGENT_SEAT)).as("the agent's focus").isEqualTo(b.conId());
		assertThat(a.events("leave")).as("seat0's cursor stayed in A").isEmpty();
	}

}
