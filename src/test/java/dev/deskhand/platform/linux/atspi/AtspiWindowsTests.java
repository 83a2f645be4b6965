package dev.deskhand.platform.linux.atspi;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.deskhand.platform.Rect;
import dev.deskhand.platform.WindowInfo;

import static org.assertj.core.api.Assertions.assertThat;

class AtspiWindowsTests {

	private static final AtspiApp GEDIT = new AtspiApp(":1.4", "gedit", 100, "GTK");

	private static final AtspiApp CHROMIUM = new AtspiApp(":1.9", "Chromium", 200, "Chromium");

	// GTK's frame includes the window manager's decorations: 1 px sides, 20 px title
	private static final AtspiFrame NOTES = new AtspiFrame(GEDIT, "/a/1", "notes.txt - gedit",
			new Rect(100, 80, 422, 285), true);

	private static final AtspiFrame TODO = new AtspiFrame(GEDIT, "/a/2", "todo.txt - gedit",
			new Rect(600, 80, 422, 285), true);

	private static final AtspiFrame BROWSER = new AtspiFrame(CHROMIUM, "/c/1", "Page - Chromium",
			new Rect(100, 80, 1000, 700), true);

	private static final List<AtspiFrame> ALL = List.of(NOTES, TODO, BROWSER);

	private static WindowInfo window(String title, long pid, Rect bounds) {
		return new WindowInfo(7, title, "", "", "", pid, bounds, true);
	}

	@Test
	void theOnlyWindowOfTheProcessIsIt() {
		assertThat(AtspiWindows.match(window("whatever the title", 200, null), ALL)).contains(BROWSER);
	}

	@Test
	void amongTheProcesssWindowsTheTitleDecides() {
		assertThat(AtspiWindows.match(window("todo.txt - gedit", 100, new Rect(101, 100, 420, 260)), ALL))
			.contains(TODO);
	}

	@Test
	void withoutATitleMatchTheClientAreaInsideTheFrameDecides() {
		assertThat(AtspiWindows.match(window("renamed meanwhile", 100, new Rect(601, 100, 420, 260)), ALL))
			.contains(TODO);
	}

	@Test
	void anUnknownOrForeignPidFallsBackToTitleThenPlace() {
		// a Flatpak app's pid is in its own namespace: not the window's
		assertThat(AtspiWindows.match(window("notes.txt - gedit", 4242, null), ALL)).contains(NOTES);
		assertThat(AtspiWindows.match(window("", 0, new Rect(601, 100, 420, 260)), ALL)).contains(TODO);
	}

	@Test
	void aWindowNoFrameOverlapsIsNotInTheTree() {
		assertThat(AtspiWindows.match(window("xterm", 4242, new Rect(3000, 3000, 400, 300)), ALL)).isEmpty();
		assertThat(AtspiWindows.match(window("xterm", 0, null), ALL)).isEmpty();
		assertThat(AtspiWindows.match(window("notes.txt - gedit", 100, null), List.of())).isEmpty();
	}

}
