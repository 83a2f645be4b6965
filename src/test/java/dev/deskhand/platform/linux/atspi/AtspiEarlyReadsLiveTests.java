package dev.deskhand.platform.linux.atspi;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import dev.deskhand.platform.WindowInfo;
import dev.deskhand.platform.elements.AccessibilityProperties;
import dev.deskhand.platform.elements.Element;
import dev.deskhand.platform.elements.ElementList;
import dev.deskhand.platform.elements.ElementQuery;
import dev.deskhand.testing.AtspiDesktop;
import dev.deskhand.testing.AtspiWitness;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The driver asks for a window's elements early, where the window was the last time it
 * was listed (its application's windows, the toolkit's search in it): those answers may
 * count only when the window is still that one. Two GTK witnesses that differ in one
 * widget, listed under one window id as if the id had passed from one to the other: each
 * list must be the elements of the window the query names now.
 */
class AtspiEarlyReadsLiveTests {

	private static final long SHARED_ID = 0x7e570001L;

	private static final String VANISHING = "Vanishing button";

	private static AtspiWitness without;

	private static AtspiWitness with;

	private static AtspiAccessibilityDriver driver;

	@BeforeAll
	static void start() {
		AtspiDesktop desktop = AtspiDesktop.shared();
		long pid = ProcessHandle.current().pid();
		without = AtspiWitness.open(desktop, "Deskhand early reads, without " + pid, false);
		with = AtspiWitness.open(desktop, "Deskhand early reads, with " + pid, false);
		without.destroyVanishingButton();
		driver = AtspiConfiguration.create(Map.of("DBUS_SESSION_BUS_ADDRESS", desktop.busAddress()),
				new AccessibilityProperties(Duration.ofSeconds(2), true));
	}

	@AfterAll
	static void stop() {
		if (driver != null) {
			driver.close();
		}
		if (without != null) {
			without.close();
		}
		if (with != null) {
			with.close();
		}
	}

	@Test
	void aWindowIdThatNowNamesAnotherApplicationsWindowListsThatWindow() {
		for (int round = 0; round < 3; round++) {
			ElementList first = list(without);
			assertThat(pids(first)).as("round %d", round).containsOnly(without.pid());
			assertThat(names(first)).as("round %d", round).contains("Press me").doesNotContain(VANISHING);
			ElementList second = list(with);
			assertThat(pids(second)).as("round %d", round).containsOnly(with.pid());
			// the same widgets and the one more: not the other window's list read here
			List<String> expected = new ArrayList<>(names(first));
			expected.add(VANISHING);
			assertThat(names(second)).as("round %d", round).containsExactlyInAnyOrderElementsOf(expected);
		}
	}

	@Test
	void aWindowListedAgainShowsWhatChangedMeanwhile() {
		try (AtspiWitness changing = AtspiWitness.open(AtspiDesktop.shared(),
				"Deskhand early reads, changing " + ProcessHandle.current().pid(), false)) {
			assertThat(names(list(changing))).contains(VANISHING);
			assertThat(names(list(changing))).contains(VANISHING);
			changing.destroyVanishingButton();
			assertThat(names(list(changing))).contains("Press me").doesNotContain(VANISHING);
		}
	}

	private static ElementList list(AtspiWitness witness) {
		WindowInfo window = new WindowInfo(SHARED_ID, witness.title(), "", "", "python3", witness.pid(), null, false);
		return driver.list(new ElementQuery(window, null, Set.of(), null, null, Set.of(), true, true, 200));
	}

	private static Set<Long> pids(ElementList list) {
		assertThat(list.elements()).as("elements, notes %s", list.notes()).isNotEmpty();
		return Set.copyOf(list.elements().stream().map((e) -> e.app().pid()).toList());
	}

	private static List<String> names(ElementList list) {
		return list.elements().stream().map(Element::name).toList();
	}

}
