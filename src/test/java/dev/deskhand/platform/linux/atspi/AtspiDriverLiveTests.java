package dev.deskhand.platform.linux.atspi;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import dev.deskhand.platform.Rect;
import dev.deskhand.platform.WindowInfo;
import dev.deskhand.platform.elements.Element;
import dev.deskhand.platform.elements.ElementList;
import dev.deskhand.platform.elements.ElementQuery;
import dev.deskhand.platform.elements.ElementRole;
import dev.deskhand.platform.elements.ElementState;
import dev.deskhand.testing.AtspiDesktop;
import dev.deskhand.testing.AtspiWitness;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The AT-SPI driver against the GTK witness on a desktop with its own session bus: what
 * it lists is what the witness built, and what it presses the witness receives.
 */
class AtspiDriverLiveTests {

	private static final Duration EVENT = Duration.ofSeconds(10);

	private static AtspiDesktop desktop;

	private static AtspiWitness witness;

	private static AtspiAccessibilityDriver driver;

	@BeforeAll
	static void start() {
		desktop = AtspiDesktop.shared();
		witness = AtspiWitness.open(desktop, "Deskhand AT-SPI witness " + ProcessHandle.current().pid(), false);
		driver = AtspiConfiguration.create(Map.of("DBUS_SESSION_BUS_ADDRESS", desktop.busAddress()),
				new AccessibilityProperties(Duration.ofSeconds(2)));
	}

	@AfterAll
	static void stop() {
		if (driver != null) {
			driver.close();
		}
		if (witness != null) {
			witness.close();
		}
	}

	static WindowInfo witnessWindow() {
		return new WindowInfo(witness.window().id(), witness.title(), "", "", "python3", witness.pid(), null, false);
	}

	static ElementList listWitness() {
		return driver.list(new ElementQuery(witnessWindow(), null, Set.of(), null, null, Set.of(), true, true, 200));
	}

	static Element find(ElementList list, ElementRole role, String name) {
		return list.elements()
			.stream()
			.filter((e) -> e.role() == role && e.name().equals(name))
			.findFirst()
			.orElseThrow(() -> new AssertionError("no " + role.spelling() + " '" + name + "' in " + summary(list)));
	}

	static String summary(ElementList list) {
		return list.elements()
			.stream()
			.map((e) -> e.role().spelling() + " '" + e.name() + "' " + e.states() + " " + e.bounds())
			.collect(Collectors.joining("\n", "\n", "\nnotes: " + list.notes()));
	}

	@Test
	void listsTheWitnessWidgetsWithTheirRolesNamesAndStates() {
		ElementList list = listWitness();
		assertThat(list.truncated()).isFalse();
		Element entry = find(list, ElementRole.TEXT, "Name field");
		Element button = find(list, ElementRole.PUSH_BUTTON, "Press me");
		Element check = find(list, ElementRole.CHECK_BOX, "Remember me");
		Element label = find(list, ElementRole.LABEL, "Status: idle");
		find(list, ElementRole.MENU, "File");
		Element password = find(list, ElementRole.PASSWORD_TEXT, "Password");
		assertThat(entry.states()).contains(ElementState.SHOWING, ElementState.EDITABLE, ElementState.FOCUSABLE)
			.doesNotContain(ElementState.DISABLED);
		assertThat(entry.editableText()).isTrue();
		assertThat(button.actions()).first().isEqualTo("click");
		assertThat(check.states()).doesNotContain(ElementState.CHECKED);
		assertThat(label.actions()).isEmpty();
		assertThat(password.value()).isNull();
		assertThat(list.elements()).allSatisfy((e) -> assertThat(e.app().pid()).isEqualTo(witness.pid()));
		// closed menu items are not showing
		assertThat(list.elements()).noneMatch((e) -> e.name().equals("Open"));
	}

	@Test
	void pressingTheButtonByItsActionReachesTheWitness() {
		Element button = find(listWitness(), ElementRole.PUSH_BUTTON, "Press me");
		int mark = witness.mark();
		assertThat(driver.doAction(button, 0)).isTrue();
		witness.awaitAfter(mark, "clicked", (e) -> e.path("widget").asString().equals("button"), EVENT);
	}

	@Test
	void boundsAreTheWitnessOwnRectangles() {
		Map<String, dev.deskhand.testing.ScreenRect> rects = witness.widgetRects();
		ElementList list = listWitness();
		assertThat(rect(find(list, ElementRole.PUSH_BUTTON, "Press me").bounds())).isEqualTo(rects.get("button"));
		assertThat(rect(find(list, ElementRole.TEXT, "Name field").bounds())).isEqualTo(rects.get("entry"));
		assertThat(rect(find(list, ElementRole.CHECK_BOX, "Remember me").bounds())).isEqualTo(rects.get("check"));
	}

	static dev.deskhand.testing.ScreenRect rect(Rect bounds) {
		return new dev.deskhand.testing.ScreenRect(bounds.x(), bounds.y(), bounds.width(), bounds.height());
	}

	static List<String> names(ElementList list) {
		return list.elements().stream().map(Element::name).toList();
	}

}
