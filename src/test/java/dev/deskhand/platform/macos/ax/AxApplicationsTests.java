package dev.deskhand.platform.macos.ax;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.deskhand.platform.macos.ax.AxApplications.WindowRow;

import static org.assertj.core.api.Assertions.assertThat;

/** Which applications a listing reads, from a recorded window list (front to back). */
class AxApplicationsTests {

	@Test
	void theOwnersOfNormalWindowsFrontToBackOnceEachWithoutDeskhand() {
		List<WindowRow> rows = List.of(new WindowRow(301, 25), // the menu bar's status
																// items
				new WindowRow(88, 0), new WindowRow(500, 0), new WindowRow(88, 0), new WindowRow(999, 0),
				new WindowRow(120, 20), // the Dock
				new WindowRow(0, 0), new WindowRow(77, 0));
		assertThat(AxApplications.pids(rows, 999)).containsExactly(88L, 500L, 77L);
	}

}
