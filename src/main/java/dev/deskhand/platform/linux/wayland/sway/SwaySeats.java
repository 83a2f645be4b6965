package dev.deskhand.platform.linux.wayland.sway;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import tools.jackson.databind.JsonNode;

/**
 * The seats in a GET_SEATS reply: each seat's name, the node its keyboard focus is on and
 * its input devices. sway keeps a focus per seat, and GET_TREE's {@code focused} flag is
 * the default seat's ({@code seat0}) only, so the agent's own seat is read here.
 */
public final class SwaySeats {

	private SwaySeats() {
	}

	/**
	 * One seat.
	 *
	 * @param name e.g. {@code seat0}
	 * @param focus the con id of the node its focus is on (a window, or a workspace when
	 * no window has it), 0 for none
	 * @param devices its devices' identifiers with their type, e.g.
	 * {@code keyboard 0:0:virtual_keyboard}
	 */
	public record Seat(String name, long focus, List<String> devices) {

	}

	public static List<Seat> parse(JsonNode reply) {
		List<Seat> seats = new ArrayList<>();
		for (JsonNode seat : reply) {
			List<String> devices = new ArrayList<>();
			for (JsonNode device : seat.path("devices")) {
				devices.add(device.path("type").asString("?") + " " + device.path("identifier").asString("?"));
			}
			seats.add(new Seat(seat.path("name").asString(""), seat.path("focus").asLong(0), List.copyOf(devices)));
		}
		return List.copyOf(seats);
	}

	public static Optional<Seat> named(List<Seat> seats, String name) {
		return seats.stream().filter((seat) -> seat.name().equals(name)).findFirst();
	}

}
