package dev.deskhand.platform.linux.atspi;

import java.time.Duration;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

import dev.deskhand.platform.elements.AccessibilityProperties;
import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.WindowInfo;
import dev.deskhand.platform.elements.Element;
import dev.deskhand.platform.elements.ElementList;
import dev.deskhand.platform.elements.ElementQuery;
import dev.deskhand.platform.elements.ElementRole;
import dev.deskhand.testing.AtspiDesktop;
import dev.deskhand.testing.AtspiWitness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Elements and applications that go away or stop answering: a destroyed widget's ref is
 * stale, a hung application costs one timeout and a note, not the whole list.
 */
class AtspiStaleRefLiveTests {

	private static final Duration TIMEOUT = Duration.ofSeconds(2);

	private static AtspiAccessibilityDriver driver(AtspiDesktop desktop) {
		return AtspiConfiguration.create(Map.of("DBUS_SESSION_BUS_ADDRESS", desktop.busAddress()),
				new AccessibilityProperties(TIMEOUT, true));
	}

	private static WindowInfo window(AtspiWitness witness) {
		return new WindowInfo(witness.window().id(), witness.title(), "", "", "python3", witness.pid(), null, false);
	}

	private static ElementList list(AtspiAccessibilityDriver driver, WindowInfo window) {
		return driver.list(new ElementQuery(window, null, Set.of(), null, null, Set.of(), true, true, 200));
	}

	private static Element vanishing(ElementList list) {
		return list.elements()
			.stream()
			.filter((e) -> e.name().equals("Vanishing button"))
			.findFirst()
			.orElseThrow(() -> new AssertionError("no vanishing button in " + ElementLists.summary(list)));
	}

	@Test
	void aDestroyedButtonsRefIsStale() {
		AtspiDesktop desktop = AtspiDesktop.shared();
		try (AtspiWitness witness = AtspiWitness.open(desktop, "Deskhand AT-SPI stale " + System.nanoTime(), false);
				AtspiAccessibilityDriver driver = driver(desktop)) {
			Element button = vanishing(list(driver, window(witness)));
			assertThat(button.role()).isEqualTo(ElementRole.PUSH_BUTTON);
			assertThat(driver.refresh(button)).isPresent();
			witness.destroyVanishingButton();
			int mark = witness.mark();
			assertThat(driver.refresh(button)).isEmpty();
			assertThatThrownBy(() -> driver.doAction(button, 0)).isInstanceOfSatisfying(DeskhandException.class,
					(ex) -> {
						assertThat(ex.code()).isEqualTo(ErrorCode.E_NOT_FOUND);
						assertThat(ex.getMessage()).contains("stale ref, list again");
					});
			assertThat(witness.reportedAfter(mark, "clicked")).isFalse();
			assertThat(list(driver, window(witness)).elements()).noneMatch((e) -> e.name().equals("Vanishing button"));
		}
	}

	@Test
	void aHungApplicationIsANoteAndTheOthersAreStillListed() {
		AtspiDesktop desktop = AtspiDesktop.shared();
		try (AtspiWitness alive = AtspiWitness.open(desktop, "Deskhand AT-SPI alive " + System.nanoTime(), false);
				AtspiWitness hung = AtspiWitness.open(desktop, "Deskhand AT-SPI hung " + System.nanoTime(), false);
				AtspiAccessibilityDriver driver = driver(desktop)) {
			hung.freeze();
			try {
				long started = System.nanoTime();
				ElementList all = driver
					.list(new ElementQuery(null, null, Set.of(), null, null, Set.of(), true, true, 500));
				Duration took = Duration.ofNanos(System.nanoTime() - started);
				assertThat(all.elements()).anyMatch((e) -> e.app().pid() == alive.pid() && e.name().equals("Press me"));
				assertThat(all.elements()).noneMatch((e) -> e.app().pid() == hung.pid());
				assertThat(all.notes())
					.anySatisfy((note) -> assertThat(note).contains("pid " + hung.pid()).contains("did not answer"));
				// one timeout per call round, not one per element: generous bound
				assertThat(took).isLessThan(Duration.ofSeconds(15));
				assertThatThrownBy(() -> list(driver, window(hung))).isInstanceOfSatisfying(DeskhandException.class,
						(ex) -> {
							assertThat(ex.code()).isEqualTo(ErrorCode.E_TIMEOUT);
							assertThat(ex.getMessage()).contains("pid " + hung.pid());
						});
			}
			finally {
				hung.thaw();
			}
			// answering again, it is listed again
			assertThat(list(driver, window(hung)).elements()).anyMatch((e) -> e.name().equals("Press me"));
		}
	}

}
