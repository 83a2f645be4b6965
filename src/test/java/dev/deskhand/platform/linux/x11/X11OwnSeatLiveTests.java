package dev.deskhand.platform.linux.x11;

import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.InputStateSensor;
import dev.deskhand.platform.MouseButton;
import dev.deskhand.platform.Point;
import dev.deskhand.platform.Rect;
import dev.deskhand.platform.ScrollDirection;
import dev.deskhand.platform.WorkingMode;
import dev.deskhand.testing.GtkX11Witness;
import dev.deskhand.testing.Pause;
import dev.deskhand.testing.Pointer;
import dev.deskhand.testing.TestDesktop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The own-seat working mode on a real Xvfb + openbox: the agent types on a master
 * keyboard of its own ({@code deskhand-agent}) into the window it focused, while
 * {@code xdotool} plays the person on the core pointer and keyboard. Two GTK3 windows
 * witness whose keys reached them (by the XInput2 master device GTK reports);
 * {@code xdotool} and {@code xinput} witness the person's pointer and focus and the
 * device hierarchy. A desktop of the class's own: the tests add and remove master
 * devices.
 */
class X11OwnSeatLiveTests {

	private static final Duration BOUND = Duration.ofSeconds(10);

	private static final String AGENT_KEYBOARD = "deskhand-agent keyboard";

	private static final String CORE_KEYBOARD = "Virtual core keyboard";

	private static TestDesktop desktop;

	private static GtkX11Witness person;

	private static GtkX11Witness agent;

	@BeforeAll
	static void startDesktop() {
		desktop = TestDesktop.start("1280x800x24");
		person = GtkX11Witness.open(desktop, "own-seat-person");
		agent = GtkX11Witness.open(desktop, "own-seat-agent");
	}

	@AfterAll
	static void stopDesktop() {
		for (AutoCloseable closeable : new AutoCloseable[] { person, agent, desktop }) {
			try {
				if (closeable != null) {
					closeable.close();
				}
			}
			catch (Exception ex) {
				// the next one still closes
			}
		}
	}

	@BeforeEach
	void thePersonWorksInTheirWindow() {
		assertThat(masters()).as("no agent master before the test").doesNotContain("deskhand-agent pointer");
		// the person's own core focus, set directly: see the note at
		// activeWindowFollowsTheAgent
		desktop.run(BOUND, "xdotool", "windowfocus", "--sync", String.valueOf(person.xid()))
			.requireSuccess("xdotool windowfocus");
		desktop.run(BOUND, "xdotool", "mousemove", "60", "40").requireSuccess("xdotool mousemove");
		person.clear();
		agent.clear();
		personTypes("ab");
		person.awaitText("ab", BOUND);
	}

	@AfterEach
	void noMasterIsLeft() {
		assertThat(masters()).as("xinput list after the test").doesNotContain("deskhand-agent pointer");
		assertThat(person.isAlive()).as("the person's GTK3 window still runs").isTrue();
		assertThat(agent.isAlive()).as("the agent's GTK3 window still runs").isTrue();
	}

	@Test
	void theAgentTypesIntoItsWindowWhileThePersonKeepsTypingIntoTheirs() {
		Pointer pointer = desktop.pointerLocation();
		String focus = coreFocus();
		try (X11DesktopDriver driver = ownSeat()) {
			assertThat(masters()).contains("deskhand-agent pointer", AGENT_KEYBOARD, "deskhand-agent XTEST keyboard");
			assertThat(driver.windows().activate(agent.xid(), BOUND)).isTrue();
			assertThat(driver.windows().focusedWindow())
				.hasValueSatisfying((window) -> assertThat(window.id()).as("the agent's focus").isEqualTo(agent.xid()));
			driver.keyboard().typeText("agent ü€ж ");
			personTypes("cd");
			driver.keyboard().pressKey("Shift_L");
			driver.keyboard().pressKey("x");
			driver.keyboard().releaseKey("x");
			driver.keyboard().releaseKey("Shift_L");
			personTypes("ef");
			agent.awaitText("agent ü€ж X", BOUND);
			person.awaitText("abcdef", BOUND);
			assertThat(desktop.pointerLocation()).as("the person's pointer").isEqualTo(pointer);
			assertThat(coreFocus()).as("the person's keyboard focus (xdotool getwindowfocus)").isEqualTo(focus);
			assertThat(driver.injectedInput()).as("the person's input is not watched in own-seat").isEmpty();
			System.out.println("OWN-SEAT _NET_ACTIVE_WINDOW while the agent has focus: " + desktop.activeWindowTitle());
		}
		assertThat(coreFocus()).as("the person's keyboard focus after the agent's seat went").isEqualTo(focus);
		assertThat(desktop.pointerLocation()).isEqualTo(pointer);
		assertThat(agent.keyPresses()).isNotEmpty().allSatisfy((key) -> assertThat(key).endsWith("@" + AGENT_KEYBOARD));
		assertThat(person.keyPresses()).isNotEmpty().allSatisfy((key) -> assertThat(key).endsWith("@" + CORE_KEYBOARD));
		// nothing the agent sent stayed down on the person's keyboard
		assertThat(desktop.keysDown()).isEmpty();
	}

	@Test
	void pointerActionsAreRefusedAndMoveNothing() {
		Pointer pointer = desktop.pointerLocation();
		String focus = coreFocus();
		try (X11DesktopDriver driver = ownSeat()) {
			assertThat(driver.windows().activate(agent.xid(), BOUND)).isTrue();
			Rect bounds = driver.windows()
				.list()
				.stream()
				.filter((window) -> window.id() == agent.xid())
				.findFirst()
				.orElseThrow()
				.bounds();
			Point inAgentWindow = new Point(bounds.x() + bounds.width() / 2, bounds.y() + bounds.height() / 2);
			List<Runnable> actions = List.of(() -> driver.pointer().click(inAgentWindow, MouseButton.LEFT),
					() -> driver.pointer().moveTo(inAgentWindow.x(), inAgentWindow.y()),
					() -> driver.pointer().press(MouseButton.LEFT),
					() -> driver.pointer().scroll(ScrollDirection.DOWN, 2));
			for (Runnable action : actions) {
				assertThatExceptionOfType(DeskhandException.class).isThrownBy(action::run)
					.satisfies((ex) -> assertThat(ex.code()).isEqualTo(ErrorCode.E_UNSUPPORTED))
					.withMessageContaining("keyboard-only")
					.withMessageContaining("WM_TAKE_FOCUS")
					.withMessageContaining("own-display");
			}
			Pause.millis(300);
			assertThat(desktop.pointerLocation()).isEqualTo(pointer);
			assertThat(coreFocus()).isEqualTo(focus);
		}
		assertThat(agent.events()).noneMatch((e) -> e.path("ev").asString().startsWith("button-"));
		assertThat(person.events()).noneMatch((e) -> e.path("ev").asString().startsWith("button-"));
	}

	@Test
	void thePersonsChordTripsTheFailsafeSensorAndTheAgentsOwnKeysDoNot() {
		List<String> chord = List.of("Control_L", "Alt_L", "Escape");
		try (X11DesktopDriver driver = ownSeat(); InputStateSensor sensor = driver.openSensor(chord)) {
			assertThat(driver.windows().activate(agent.xid(), BOUND)).isTrue();
			for (String key : chord) {
				driver.keyboard().pressKey(key);
			}
			try {
				Pause.millis(100);
				assertThat(sensor.isHeld(chord)).as("the agent holding the chord on its own keyboard").isFalse();
			}
			finally {
				driver.releaseAll();
			}
			desktop.run(BOUND, "xdotool", "keydown", "Control_L", "Alt_L", "Escape").requireSuccess("xdotool keydown");
			try {
				long deadline = System.nanoTime() + BOUND.toNanos();
				while (!sensor.isHeld(chord) && System.nanoTime() < deadline) {
					Pause.millis(10);
				}
				assertThat(sensor.isHeld(chord)).as("the person holding the chord on theirs").isTrue();
			}
			finally {
				desktop.run(BOUND, "xdotool", "keyup", "Escape", "Alt_L", "Control_L").requireSuccess("xdotool keyup");
			}
		}
	}

	@Test
	void releaseAllLetsGoOfTheAgentsKeysAndLeavesThePersonsHeld() {
		try (X11DesktopDriver driver = ownSeat()) {
			assertThat(driver.windows().activate(agent.xid(), BOUND)).isTrue();
			desktop.run(BOUND, "xdotool", "keydown", "Shift_L").requireSuccess("xdotool keydown");
			try {
				driver.keyboard().pressKey("k");
				agent.await((e) -> "key-press".equals(e.path("ev").asString()) && "k".equals(e.path("key").asString()),
						BOUND);
				driver.releaseAll();
				agent.await(
						(e) -> "key-release".equals(e.path("ev").asString()) && "k".equals(e.path("key").asString()),
						BOUND);
				assertThat(desktop.keysDown()).as("the person's Shift is still down").hasSize(1);
			}
			finally {
				desktop.run(BOUND, "xdotool", "keyup", "Shift_L").requireSuccess("xdotool keyup");
			}
		}
	}

	@Test
	void aMasterACrashedServerLeftIsReleasedAndRemovedAtTheNextStart() {
		X11Connection crashed = X11Connection.open(desktop.display(), "crashed-server");
		X11AgentSeat leftover = X11AgentSeat.create(crashed);
		crashed.useSeat(leftover);
		leftover.focus(crashed, agent.xid());
		int q = crashed.keyboardMapping().find(0x71, 0, (keycode) -> false) >> 1;
		crashed.fakeKey(q, true);
		crashed.sync();
		agent.await((e) -> "key-press".equals(e.path("ev").asString()) && "q".equals(e.path("key").asString()), BOUND);
		// the process "crashes": its connection goes, the master and the held key stay
		crashed.close();
		assertThat(masters()).contains("deskhand-agent pointer");
		assertThat(desktop.run(BOUND, "xinput", "query-state", "deskhand-agent XTEST keyboard")
			.requireSuccess("xinput query-state")
			.stdout()).contains("key[" + q + "]=down");
		try (X11DesktopDriver driver = ownSeat()) {
			agent.await((e) -> "key-release".equals(e.path("ev").asString()) && "q".equals(e.path("key").asString()),
					BOUND);
			assertThat(masters()).filteredOn("deskhand-agent pointer"::equals).hasSize(1);
			// the server reuses the device ids: the key state tells the new master from
			// the old
			assertThat(driver.agentSeat()).isPresent();
			assertThat(desktop.run(BOUND, "xinput", "query-state", "deskhand-agent XTEST keyboard")
				.requireSuccess("xinput query-state")
				.stdout()).doesNotContain("=down");
		}
	}

	private static X11DesktopDriver ownSeat() {
		return X11DesktopDriver.connect(desktop.display(), null, true, X11DesktopDriver.DEFAULT_CALL_TIMEOUT,
				X11DesktopDriver.DEFAULT_WEDGED_AFTER, WorkingMode.OWN_SEAT);
	}

	private static void personTypes(String text) {
		desktop.run(BOUND, "xdotool", "type", "--delay", "20", text).requireSuccess("xdotool type");
	}

	private static String coreFocus() {
		return desktop.run(BOUND, "xdotool", "getwindowfocus")
			.requireSuccess("xdotool getwindowfocus")
			.stdout()
			.strip();
	}

	private static List<String> masters() {
		return desktop.run(BOUND, "xinput", "list", "--name-only")
			.requireSuccess("xinput list")
			.stdout()
			.lines()
			.map(String::strip)
			.map((line) -> line.replaceAll("^[^A-Za-z]+", ""))
			.toList();
	}

}
