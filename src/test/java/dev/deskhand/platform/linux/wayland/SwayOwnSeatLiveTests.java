package dev.deskhand.platform.linux.wayland;

import dev.deskhand.platform.linux.wayland.input.WaylandInput;
import dev.deskhand.platform.linux.wayland.sway.SwayIpc;
import dev.deskhand.platform.linux.wayland.sway.SwayOutputs;
import dev.deskhand.platform.linux.wayland.sway.SwaySeats;

import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import tools.jackson.databind.json.JsonMapper;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.InputStateSensor;
import dev.deskhand.platform.MouseButton;
import dev.deskhand.platform.Point;
import dev.deskhand.platform.Rect;
import dev.deskhand.platform.WorkingMode;
import dev.deskhand.testing.Pause;
import dev.deskhand.testing.SwayDriverWitness;
import dev.deskhand.testing.SwaySession;
import dev.deskhand.testing.WaylandWitness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * own-seat on sway, judged by two GTK3 witnesses and sway's own GET_SEATS: the person is
 * a client with a virtual pointer and keyboard bound to {@code seat0} by name (the
 * driver's own device code, not wtype, which types on the last seat announced); they
 * focus witness A and keep typing there while the agent's driver, in own-seat, clicks and
 * types into witness B. A sway of the test's own: the agent seat outlives the driver.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class SwayOwnSeatLiveTests {

	private static final Duration WAIT = Duration.ofSeconds(10);

	private static final Duration TIMEOUT = Duration.ofSeconds(5);

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private static SwaySession sway;

	private static WaylandWitness a;

	private static WaylandWitness b;

	private static SwayIpc personIpc;

	private static SwayOutputs personOutputs;

	private static WaylandInput person;

	private static WaylandDesktopDriver agent;

	@BeforeAll
	static void start() {
		sway = SwaySession.startPrivate();
		personIpc = new SwayIpc(sway.swaySocket(), TIMEOUT);
		personOutputs = new SwayOutputs(personIpc).watch();
		person = WaylandInput.open(waylandSocket(), TIMEOUT, personOutputs::layout, "seat0");
		// what docs/wayland.md tells the operator to put in sway's config (exec swaymsg
		// ...): GTK3 applications started before the agent's seat existed never get its
		// input
		sway.ipcOrFail("seat seat0 fallback true; seat " + SwayAgentSeat.NAME + " fallback false");
		a = WaylandWitness.open(sway, SwaySession.WITNESS_APP_ID);
		b = WaylandWitness.open(sway, SwaySession.WITNESS2_APP_ID);
		// the person clicks into A: seat0's focus and cursor are there from now on
		person.pointer().click(personPoint(), MouseButton.LEFT);
		awaitSeatFocus("seat0", a.conId());
		// the agent's seat's focus on the person's window, where a new seat starts (and
		// where a window that opens may take every seat's focus)
		agentSeatClick(layoutPoint(a));
		awaitSeatFocus(SwayAgentSeat.NAME, a.conId());
		agent = WaylandDesktopDriver.connect(sway.environment(), TIMEOUT, WorkingMode.OWN_SEAT);
	}

	/** A click of the agent seat's cursor by sway itself, not by Deskhand. */
	private static void agentSeatClick(Point layout) {
		String seat = "seat " + SwayAgentSeat.NAME + " cursor ";
		sway.ipcOrFail(seat + "set " + layout.x() + " " + layout.y() + "; " + seat + "press button1; " + seat
				+ "release button1");
	}

	@AfterAll
	static void stop() {
		for (AutoCloseable resource : new AutoCloseable[] { agent, person, personOutputs::close, personIpc, a, b }) {
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

	@BeforeEach
	void clear() {
		a.clearText();
		b.clearText();
	}

	private static Path waylandSocket() {
		return sway.runtimeDir().resolve(sway.waylandDisplay());
	}

	/** Witness-local (400,300) layout units: clear of the painted squares. */
	private static Point inside(WaylandWitness window) {
		Rect content = SwayDriverWitness.of(sway, window).contentBounds();
		return new Point(content.x() + content.width() / 2, content.y() + content.height() * 3 / 5);
	}

	private static Point personPoint() {
		return inside(a);
	}

	private static List<SwaySeats.Seat> seats() {
		return SwaySeats.parse(JSON.readTree(sway.seatsJson()));
	}

	private static SwaySeats.Seat seat(String name) {
		return SwaySeats.named(seats(), name).orElseThrow(() -> new AssertionError("no seat " + name + ": " + seats()));
	}

	private static void awaitSeatFocus(String name, long conId) {
		long deadline = System.nanoTime() + WAIT.toNanos();
		while (seat(name).focus() != conId) {
			if (System.nanoTime() > deadline) {
				throw new AssertionError(name + "'s focus is not " + conId + ": " + seats());
			}
			Pause.millis(10);
		}
	}

	@Test
	@Order(1)
	void theAgentSeatStartsOnThePersonsWindowAndItsKeysAreRefusedThere() {
		SwaySeats.Seat own = seat(SwayAgentSeat.NAME);
		assertThat(own.devices()).as("the agent's virtual pointer and keyboard").hasSize(2);
		assertThat(seat("seat0").devices()).as("the person's devices stay on seat0").hasSize(2);
		assertThat(own.focus()).isEqualTo(a.conId());
		assertThatThrownBy(() -> agent.parts().keyboard().typeText("zz")).isInstanceOfSatisfying(
				DeskhandException.class, (ex) -> assertThat(ex.code()).isEqualTo(ErrorCode.E_DENIED));
		person.keyboard().typeText("q");
		a.awaitText("q", WAIT);
		assertThat(a.text()).isEqualTo("q");
	}

	@Test
	@Order(2)
	void theAgentClicksAndTypesIntoBWhileThePersonKeepsTypingIntoA() throws Exception {
		long personsWindow = a.conId();
		a.clearEvents();
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
			Pause.millis(100);
			agent.parts().pointer().click(inside(b), MouseButton.LEFT);
			agent.parts().keyboard().typeText("agent says hi");
			agent.parts().pointer().click(inside(b), MouseButton.LEFT);
			agent.parts().keyboard().typeText(" twice");
			Pause.millis(100);
		}
		finally {
			typing.set(false);
			personTyping.join();
		}
		assertThat(b.awaitText("agent says hi twice", WAIT)).isEqualTo("agent says hi twice");
		String persons = "p".repeat(typed.get());
		assertThat(a.awaitText(persons, WAIT)).as("A gets the person's keys only").isEqualTo(persons);
		assertThat(typed.get()).isGreaterThan(3);
		assertThat(b.events("button")).as("B got the agent's clicks").isNotEmpty();
		// seat0's focus and cursor never moved: A saw neither a leave nor a motion
		assertThat(seat("seat0").focus()).isEqualTo(personsWindow);
		assertThat(seat(SwayAgentSeat.NAME).focus()).isEqualTo(b.conId());
		assertThat(a.events("leave")).isEmpty();
		assertThat(a.events("motion")).isEmpty();
		assertThat(a.events("button")).isEmpty();
	}

	@Test
	@Order(3)
	void grimShowsTwoCursorsEachWhereItsSeatLeftIt() {
		agent.parts().pointer().moveTo(inside(b).x(), inside(b).y());
		// layout units for grim -g; the cursor's arrow hangs down and right from its tip
		assertThat(hasCursor(layoutPoint(a))).as("the person's cursor in A").isTrue();
		assertThat(hasCursor(layoutPoint(b))).as("the agent's cursor in B").isTrue();
		assertThat(hasCursor(new Point(layoutPoint(a).x() - 120, layoutPoint(a).y()))).as("control: no cursor there")
			.isFalse();
	}

	static Point layoutPoint(WaylandWitness window) {
		var rect = window.layoutRect();
		return new Point(rect.x() + rect.width() / 2, rect.y() + rect.height() * 3 / 5);
	}

	/** Whether grim (with cursors) shows anything but the witness's grey there. */
	private static boolean hasCursor(Point layout) {
		BufferedImage image = sway.grim("-c", "-g", layout.x() + "," + layout.y() + " 12x12");
		for (int y = 0; y < image.getHeight(); y++) {
			for (int x = 0; x < image.getWidth(); x++) {
				if ((image.getRGB(x, y) & 0xffffff) != 0x808080) {
					return true;
				}
			}
		}
		return false;
	}

	@Test
	@Order(4)
	void focusWindowFocusesTheAgentSeatByAClickAndLeavesThePersonsFocus() {
		// sway's own cursor of the agent's seat (not Deskhand) puts its focus on A
		agentSeatClick(layoutPoint(a));
		awaitSeatFocus(SwayAgentSeat.NAME, a.conId());
		assertThatThrownBy(() -> agent.parts().keyboard().typeText("x")).isInstanceOfSatisfying(DeskhandException.class,
				(ex) -> assertThat(ex.code()).isEqualTo(ErrorCode.E_DENIED));
		assertThat(agent.parts().windows().activate(b.conId(), TIMEOUT)).isTrue();
		assertThat(seat(SwayAgentSeat.NAME).focus()).isEqualTo(b.conId());
		assertThat(seat("seat0").focus()).isEqualTo(a.conId());
		assertThat(agent.parts().windows().focusedWindow().orElseThrow().id()).as("the agent's focus")
			.isEqualTo(b.conId());
		agent.parts().keyboard().typeText("focused");
		b.awaitText("focused", WAIT);
		assertThat(a.text()).isEmpty();
	}

	@Test
	@Order(5)
	void theClipboardIsTheAgentSeatsOwn() {
		sway.run(List.of("wl-copy", "--seat", "seat0", "the person's")).requireSuccess();
		agent.parts().clipboard().write("the agent's");
		assertThat(agent.parts().clipboard().read(TIMEOUT)).isEqualTo("the agent's");
		assertThat(sway.run(List.of("wl-paste", "--no-newline", "--seat", SwayAgentSeat.NAME)).stdout())
			.isEqualTo("the agent's");
		assertThat(sway.run(List.of("wl-paste", "--no-newline", "--seat", "seat0")).stdout()).isEqualTo("the person's");
	}

	@Test
	@Order(6)
	void theFailsafeChordOnThePersonsKeyboardTripsTheFailsafe() {
		List<String> chord = List.of("Super_L", "Control_L", "Escape");
		try (InputStateSensor sensor = agent.openSensor(chord)) {
			assertThat(sensor.isHeld(chord)).isFalse();
			person.keyboard().pressKey("Super_L");
			person.keyboard().pressKey("Control_L");
			person.keyboard().pressKey("Escape");
			person.keyboard().releaseKey("Escape");
			person.keyboard().releaseKey("Control_L");
			person.keyboard().releaseKey("Super_L");
			long deadline = System.nanoTime() + WAIT.toNanos();
			while (!sensor.isHeld(chord) && System.nanoTime() < deadline) {
				Pause.millis(5);
			}
			assertThat(sensor.isHeld(chord)).as("the chord pressed on seat0's keyboard").isTrue();
		}
	}

	@Test
	@Order(7)
	void aSeatCommandThatMovesTheAgentsDevicesToThePersonsSeatDoesNotLetTheAgentDriveIt() {
		// any seat command re-sorts the devices: the agent's virtual ones go to the
		// fallback seat, the person's
		sway.ipcOrFail("seat seat0 fallback true");
		assertThat(seat(SwayAgentSeat.NAME).devices()).isEmpty();
		a.clearEvents();
		agent.parts().pointer().click(inside(b), MouseButton.LEFT);
		b.await(WaylandWitness.button("press", 1), WAIT);
		agent.parts().keyboard().typeText("moved");
		b.awaitText("moved", WAIT);
		assertThat(seat("seat0").focus()).as("the person's focus").isEqualTo(a.conId());
		assertThat(a.events("leave")).as("the person's cursor left A").isEmpty();
		assertThat(a.events("button")).isEmpty();
		assertThat(seat(SwayAgentSeat.NAME).devices()).hasSize(2);
		assertThat(a.text()).isEmpty();
	}

	@Test
	@Order(8)
	void closingReleasesWhatTheAgentHeldAndLeavesTheSeatWithoutDevicesForTheNextStart() {
		assertThat(agent.parts().windows().activate(b.conId(), TIMEOUT)).isTrue();
		b.clearEvents();
		agent.parts().keyboard().pressKey("a");
		b.await(WaylandWitness.key("press", "a"), WAIT);
		agent.close();
		agent = null;
		b.await(WaylandWitness.key("release", "a"), WAIT);
		// sway 1.7 has no command that removes a seat: it stays, without devices
		assertThat(seat(SwayAgentSeat.NAME).devices()).isEmpty();
		assertThat(seat("seat0").devices()).hasSize(2);
		assertThat(seat("seat0").focus()).isEqualTo(a.conId());
		agent = WaylandDesktopDriver.connect(sway.environment(), TIMEOUT, WorkingMode.OWN_SEAT);
		assertThat(seats().stream().filter((s) -> s.name().equals(SwayAgentSeat.NAME))).hasSize(1);
		assertThat(seat(SwayAgentSeat.NAME).devices()).hasSize(2);
		assertThat(agent.parts().windows().activate(b.conId(), TIMEOUT)).isTrue();
		b.clearText();
		agent.parts().keyboard().typeText("again");
		b.awaitText("again", WAIT);
	}

	@Test
	@Order(9)
	void aSecondServerInOwnSeatIsRefusedWhileTheFirstHoldsTheSeat() {
		assertThatThrownBy(() -> WaylandDesktopDriver.connect(sway.environment(), TIMEOUT, WorkingMode.OWN_SEAT))
			.isInstanceOfSatisfying(DeskhandException.class,
					(ex) -> assertThat(ex.getMessage()).contains("another Deskhand server"));
	}

}
