package dev.deskhand.platform.linux.atspi;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.deskhand.platform.elements.AccessibilityProperties;
import dev.deskhand.platform.Rect;
import dev.deskhand.platform.WindowInfo;
import dev.deskhand.platform.elements.Element;
import dev.deskhand.platform.elements.ElementList;
import dev.deskhand.platform.elements.ElementQuery;
import dev.deskhand.platform.elements.ElementRole;
import dev.deskhand.platform.elements.ElementState;
import dev.deskhand.testing.A11yQt;
import dev.deskhand.testing.AtspiDesktop;
import dev.deskhand.testing.ManagedWindow;
import dev.deskhand.testing.Pause;
import dev.deskhand.testing.ScreenRect;

import static dev.deskhand.platform.linux.atspi.ElementLists.find;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The AT-SPI driver against the Qt 5 witness ({@code a11y/qtwitness.py}) on a desktop
 * with its own session bus. Qt offers no {@code Collection} and no peer-to-peer socket,
 * so this is the walked path; its text offsets are UTF-16 units. The evidence is what the
 * witness logged and the rectangles Qt itself reported.
 */
class QtDriverLiveTests {

	private static final Duration EVENT = Duration.ofSeconds(10);

	/** Below the GTK witness (100,80 420x320) and left of Chromium's place. */
	private static final int X = 100;

	private static final int Y = 560;

	/**
	 * Beyond the Basic Multilingual Plane too: UTF-16 offsets differ from code points.
	 */
	private static final String MIXED = "Grüße 日本 😀 𝄞 ok";

	private static AtspiDesktop desktop;

	private static AtspiAccessibilityDriver driver;

	private A11yQt qt;

	@BeforeAll
	static void start() {
		desktop = AtspiDesktop.shared();
		driver = AtspiConfiguration.create(Map.of("DBUS_SESSION_BUS_ADDRESS", desktop.busAddress()),
				new AccessibilityProperties(Duration.ofSeconds(2), true));
	}

	@AfterAll
	static void stop() {
		if (driver != null) {
			driver.close();
		}
	}

	@BeforeEach
	void openTheWitness() {
		// one per test: a test destroys a widget
		this.qt = A11yQt.open(desktop.environment(), X, Y);
	}

	@AfterEach
	void closeTheWitness() {
		this.qt.close();
	}

	private WindowInfo window() {
		ManagedWindow window = desktop.awaitWindow(A11yQt.WINDOW_TITLE, EVENT);
		return new WindowInfo(window.id(), window.title(), "qtwitness", "qtwitness.py", "python3", this.qt.pid(), null,
				true);
	}

	private ElementList list() {
		return driver.list(new ElementQuery(window(), null, Set.of(), null, null, Set.of(), true, true, 200));
	}

	@Test
	void listsTheWitnessWidgetsWithTheirRolesNamesAndActions() {
		ElementList list = list();
		assertThat(list.truncated()).isFalse();
		Element field = find(list, ElementRole.TEXT, "Qt name field");
		Element button = find(list, ElementRole.PUSH_BUTTON, "Qt press me");
		Element check = find(list, ElementRole.CHECK_BOX, "Qt remember");
		find(list, ElementRole.LABEL, "Qt status: idle");
		assertThat(field.editableText()).isTrue();
		assertThat(field.states()).contains(ElementState.SHOWING, ElementState.EDITABLE);
		assertThat(button.actions()).first().isEqualTo("Press");
		assertThat(check.actions()).first().isEqualTo("Toggle");
		assertThat(list.elements()).allSatisfy((e) -> assertThat(e.app().pid()).isEqualTo(this.qt.pid()));
	}

	@Test
	void boundsAreTheRectanglesQtReports() {
		ElementList list = list();
		// the field and the button: Qt's accessible rectangle of a check box is its
		// indicator and text only, not the widget
		assertThat(rect(find(list, ElementRole.TEXT, "Qt name field").bounds())).isEqualTo(this.qt.widgetRect("field"));
		assertThat(rect(find(list, ElementRole.PUSH_BUTTON, "Qt press me").bounds()))
			.isEqualTo(this.qt.widgetRect("button"));
	}

	@Test
	void pressingTheButtonReachesTheWitness() {
		Element button = find(list(), ElementRole.PUSH_BUTTON, "Qt press me");
		this.qt.events().clear();
		assertThat(driver.doAction(button, 0)).isTrue();
		// Qt's Press is animateClick: clicked comes about 100 ms later
		this.qt.await((e) -> "clicked".equals(e.path("event").asString()), EVENT);
		Element check = find(list(), ElementRole.CHECK_BOX, "Qt remember");
		assertThat(driver.doAction(check, 0)).isTrue();
		this.qt.await((e) -> "toggled".equals(e.path("event").asString()) && e.path("checked").asBoolean(), EVENT);
	}

	@Test
	void setTextThenReadTextRoundTripsTextBeyondTheBasicPlane() {
		Element field = find(list(), ElementRole.TEXT, "Qt name field");
		this.qt.events().clear();
		assertThat(driver.setText(field, MIXED)).isTrue();
		this.qt.await((e) -> "text".equals(e.path("event").asString()) && MIXED.equals(e.path("value").asString()),
				EVENT);
		assertThat(driver.readText(field)).contains(MIXED);
		assertThat(driver.setText(field, "")).isTrue();
		assertThat(driver.readText(field)).contains("");
	}

	@Test
	void grabbingTheFocusMovesItToTheButton() {
		Element button = find(list(), ElementRole.PUSH_BUTTON, "Qt press me");
		this.qt.events().clear();
		assertThat(driver.grabFocus(button)).isTrue();
		this.qt.await((e) -> "focus".equals(e.path("event").asString()) && "button".equals(e.path("widget").asString()),
				EVENT);
	}

	@Test
	void aReferenceToADestroyedWidgetIsStale() {
		Element button = find(list(), ElementRole.PUSH_BUTTON, "Qt press me");
		assertThat(driver.refresh(button)).isPresent();
		this.qt.destroy("button");
		assertThat(awaitGone(button)).isEmpty();
		assertThat(list().elements()).noneMatch((e) -> e.name().equals("Qt press me"));
	}

	private static Optional<Element> awaitGone(Element element) {
		long deadline = System.nanoTime() + EVENT.toNanos();
		Optional<Element> fresh = driver.refresh(element);
		while (fresh.isPresent() && System.nanoTime() < deadline) {
			Pause.millis(50);
			fresh = driver.refresh(element);
		}
		return fresh;
	}

	private static ScreenRect rect(Rect bounds) {
		return new ScreenRect(bounds.x(), bounds.y(), bounds.width(), bounds.height());
	}

}
