package dev.deskhand.platform.linux.wayland;

import dev.deskhand.platform.linux.wayland.sway.SwayIpc;
import dev.deskhand.platform.linux.wayland.sway.SwaySeats;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * own-seat's rules on GET_SEATS replies, without sway: where the agent's keys may go,
 * whether its devices are on its seat, where the focusing click lands.
 */
class SwayAgentSeatTests {

	// recorded from sway 1.7 (SwayOwnSeatLiveTests), devices shortened
	private static final String SEATS = """
			[ { "name": "deskhand-agent", "capabilities": 3, "focus": %d, "devices": [
			    { "identifier": "0:0:virtual_keyboard", "type": "keyboard" },
			    { "identifier": "0:0:virtual_pointer", "type": "pointer" } ] },
			  { "name": "seat0", "capabilities": 3, "focus": 7, "devices": [
			    { "identifier": "0:0:virtual_keyboard", "type": "keyboard" },
			    { "identifier": "0:0:virtual_pointer", "type": "pointer" } ] } ]
			""";

	private static List<SwaySeats.Seat> seats(long agentFocus) {
		return SwaySeats.parse(SwayIpc.JSON.readTree(SEATS.formatted(agentFocus)));
	}

	private static SwayAgentSeat seat() {
		// never asked: these rules read the seats they are given
		return new SwayAgentSeat(new SwayIpc(Path.of("/nonexistent"), Duration.ofMillis(1)));
	}

	@Test
	void parsesEachSeatsFocusAndDevices() {
		List<SwaySeats.Seat> seats = seats(9);
		assertThat(seats).extracting(SwaySeats.Seat::name).containsExactly("deskhand-agent", "seat0");
		assertThat(SwaySeats.named(seats, "deskhand-agent").orElseThrow().focus()).isEqualTo(9);
		assertThat(SwaySeats.named(seats, "seat0").orElseThrow().devices())
			.containsExactly("keyboard 0:0:virtual_keyboard", "pointer 0:0:virtual_pointer");
	}

	@Test
	void keysAreRefusedOnThePersonsWindowUntilTheAgentChoosesIt() {
		SwayAgentSeat seat = seat();
		assertThatThrownBy(() -> seat.requireTypingFocus(seats(7)))
			.isInstanceOfSatisfying(DeskhandException.class,
					(ex) -> assertThat(ex.code()).isEqualTo(ErrorCode.E_DENIED))
			.hasMessageContaining("focus_window");
		// a window the person does not have: the agent's
		seat.requireTypingFocus(seats(9));
		// the agent clicked: what its seat focused then is its choice, the person's too
		seat.clicked();
		seat.requireTypingFocus(seats(7));
		seat.requireTypingFocus(seats(7));
		// its choice moved elsewhere and back onto the person's window without a click
		seat.requireTypingFocus(seats(9));
		seat.chose(9);
		assertThatThrownBy(() -> seat.requireTypingFocus(seats(7))).isInstanceOf(DeskhandException.class);
	}

	@Test
	void theDevicesAreOnTheSeatOnlyWithAKeyboardAndAPointerThere() {
		assertThat(SwayAgentSeat.hasOwnDevices(seats(9))).isTrue();
		List<SwaySeats.Seat> moved = SwaySeats.parse(SwayIpc.JSON.readTree(
				"""
						[ { "name": "deskhand-agent", "focus": 9, "devices": [] },
						  { "name": "seat0", "focus": 7, "devices": [ { "identifier": "0:0:virtual_pointer", "type": "pointer" } ] } ]
						"""));
		assertThat(SwayAgentSeat.hasOwnDevices(moved)).isFalse();
	}

	@Test
	void theFocusingClickIsOnTheTitleBarWhenThereIsOneElseJustInsideTheTopEdge() {
		var titled = SwayIpc.JSON.readTree("""
				{ "rect": { "x": 100, "y": 50, "width": 400, "height": 324 },
				  "window_rect": { "x": 2, "y": 24, "width": 396, "height": 298 } }
				""");
		assertThat(SwayAgentSeat.clickPoint(titled)).containsExactly(300, 62);
		var bare = SwayIpc.JSON.readTree("""
				{ "rect": { "x": 200, "y": 100, "width": 800, "height": 500 },
				  "window_rect": { "x": 0, "y": 0, "width": 800, "height": 500 } }
				""");
		assertThat(SwayAgentSeat.clickPoint(bare)).containsExactly(600, 102);
	}

}
