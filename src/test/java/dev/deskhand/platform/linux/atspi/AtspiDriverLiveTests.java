package dev.deskhand.platform.linux.atspi;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import dev.deskhand.platform.elements.AccessibilityProperties;
import dev.deskhand.platform.Point;
import dev.deskhand.platform.Rect;
import dev.deskhand.platform.WindowInfo;
import dev.deskhand.platform.elements.Element;
import dev.deskhand.platform.elements.ElementList;
import dev.deskhand.platform.elements.ElementQuery;
import dev.deskhand.platform.elements.ElementRole;
import dev.deskhand.platform.elements.ElementState;
import dev.deskhand.testing.AtspiDesktop;
import dev.deskhand.testing.AtspiWitness;
import dev.deskhand.testing.MixedText;
import dev.deskhand.testing.ScreenRect;

import static dev.deskhand.platform.linux.atspi.ElementLists.find;
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
				new AccessibilityProperties(Duration.ofSeconds(2), true));
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
		Map<String, ScreenRect> rects = witness.widgetRects();
		ElementList list = listWitness();
		assertThat(rect(find(list, ElementRole.PUSH_BUTTON, "Press me").bounds())).isEqualTo(rects.get("button"));
		assertThat(rect(find(list, ElementRole.TEXT, "Name field").bounds())).isEqualTo(rects.get("entry"));
		assertThat(rect(find(list, ElementRole.CHECK_BOX, "Remember me").bounds())).isEqualTo(rects.get("check"));
	}

	static ScreenRect rect(Rect bounds) {
		return new ScreenRect(bounds.x(), bounds.y(), bounds.width(), bounds.height());
	}

	static List<String> names(ElementList list) {
		return list.elements().stream().map(Element::name).toList();
	}

	@Test
	void theCheckBoxTogglesAndItsStateFollows() {
		Element check = find(listWitness(), ElementRole.CHECK_BOX, "Remember me");
		int mark = witness.mark();
		assertThat(driver.doAction(check, 0)).isTrue();
		witness.awaitAfter(mark, "toggled", (e) -> e.path("active").asBoolean(), EVENT);
		assertThat(driver.refresh(check)).get().satisfies((c) -> assertThat(c.states()).contains(ElementState.CHECKED));
		mark = witness.mark();
		assertThat(driver.doAction(check, 0)).isTrue();
		witness.awaitAfter(mark, "toggled", (e) -> !e.path("active").asBoolean(), EVENT);
		assertThat(driver.refresh(check)).get()
			.satisfies((c) -> assertThat(c.states()).doesNotContain(ElementState.CHECKED));
	}

	@Test
	void setTextThenReadTextRoundTripsMixedUnicode() {
		Element entry = find(listWitness(), ElementRole.TEXT, "Name field");
		for (long seed = 1; seed <= 3; seed++) {
			String text = MixedText.withEmoji(24, seed);
			int mark = witness.mark();
			assertThat(driver.setText(entry, text)).isTrue();
			witness.awaitAfter(mark, "changed", (e) -> e.path("text").asString().equals(text), EVENT);
			assertThat(driver.readText(entry)).contains(text);
			assertThat(find(listWitness(), ElementRole.TEXT, "Name field").value()).isEqualTo(text);
		}
	}

	@Test
	void readBackShowsWhatTheEntryMadeOfTheText() {
		Element entry = find(listWitness(), ElementRole.TEXT, "Name field");
		witness.upperCase(true);
		try {
			int mark = witness.mark();
			assertThat(driver.setText(entry, "grüße ok")).isTrue();
			witness.awaitAfter(mark, "changed", (e) -> e.path("text").asString().equals("GRÜSSE OK"), EVENT);
			assertThat(driver.readText(entry)).contains("GRÜSSE OK");
		}
		finally {
			witness.upperCase(false);
		}
	}

	@Test
	void aPasswordFieldsTextIsNeverRead() {
		Element password = find(listWitness(), ElementRole.PASSWORD_TEXT, "Password");
		int mark = witness.mark();
		assertThat(driver.setText(password, "hunter2")).isTrue();
		witness.awaitAfter(mark, "changed",
				(e) -> e.path("widget").asString().equals("password") && e.path("length").asInt() == 7, EVENT);
		assertThat(password.secret()).isTrue();
		assertThat(find(listWitness(), ElementRole.PASSWORD_TEXT, "Password").value()).isNull();
		assertThat(driver.readText(password)).isEmpty();
		assertThat(driver.refresh(password)).get().satisfies((p) -> assertThat(p.value()).isNull());
	}

	@Test
	void boundsAreXwininfosClientOriginPlusTheWidgetsOffset() {
		Map<String, ScreenRect> rects = witness.widgetRects();
		int[] toplevel = witness.origin().orElseThrow();
		int[] client = desktop.clientOrigin(witness.window().id());
		ScreenRect button = rects.get("button");
		ScreenRect expected = new ScreenRect(client[0] + (button.x() - toplevel[0]),
				client[1] + (button.y() - toplevel[1]), button.width(), button.height());
		assertThat(rect(find(listWitness(), ElementRole.PUSH_BUTTON, "Press me").bounds())).isEqualTo(expected);
	}

	@Test
	void elementAtTheButtonsCentreIsTheButton() {
		ScreenRect button = witness.widgetRects().get("button");
		Optional<Element> hit = driver
			.elementAt(new Point(button.x() + button.width() / 2, button.y() + button.height() / 2), witnessWindow());
		assertThat(hit).get().satisfies((e) -> {
			assertThat(e.role()).isEqualTo(ElementRole.PUSH_BUTTON);
			assertThat(e.name()).isEqualTo("Press me");
		});
		ScreenRect entry = witness.widgetRects().get("entry");
		assertThat(driver.elementAt(new Point(entry.x() + 5, entry.y() + entry.height() / 2), witnessWindow())).get()
			.satisfies((e) -> assertThat(e.name()).isEqualTo("Name field"));
	}

	@Test
	void listingEveryApplicationFindsTheWitnessToo() {
		ElementList all = driver.list(new ElementQuery(null, null, Set.of(), null, null, Set.of(), true, true, 200));
		find(all, ElementRole.PUSH_BUTTON, "Press me");
		ElementList byApp = driver.list(new ElementQuery(null, "deskhand-atspi-witness",
				Set.of(ElementRole.PUSH_BUTTON), null, null, Set.of(), true, false, 200));
		assertThat(byApp.elements()).extracting(Element::role).containsOnly(ElementRole.PUSH_BUTTON);
		find(byApp, ElementRole.PUSH_BUTTON, "Press me");
		ElementList cut = driver
			.list(new ElementQuery(witnessWindow(), null, Set.of(), null, null, Set.of(), true, true, 2));
		assertThat(cut.elements()).hasSize(2);
		assertThat(cut.truncated()).isTrue();
	}

	@Test
	void aWindowOutsideTheTreeIsANoteNotAnError() {
		WindowInfo xterm = new WindowInfo(1, "not an accessible window", "XTerm", "xterm", "xterm", 1,
				new Rect(5000, 5000, 10, 10), false);
		ElementList list = driver.list(new ElementQuery(xterm, null, Set.of(), null, null, Set.of(), true, true, 20));
		assertThat(list.elements()).isEmpty();
		assertThat(list.notes()).singleElement().asString().contains("not in the accessibility tree");
	}

	@Test
	void grabFocusMovesTheKeyboardFocus() {
		desktop.activate(witness.window().id(), EVENT);
		Element button = find(listWitness(), ElementRole.PUSH_BUTTON, "Press me");
		int mark = witness.mark();
		assertThat(driver.grabFocus(button)).isTrue();
		witness.awaitAfter(mark, "focus", (e) -> e.path("widget").asString().equals("button"), EVENT);
	}

}
