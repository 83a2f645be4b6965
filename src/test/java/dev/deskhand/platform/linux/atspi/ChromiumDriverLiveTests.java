package dev.deskhand.platform.linux.atspi;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

import javax.imageio.ImageIO;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.deskhand.platform.elements.AccessibilityProperties;
import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.Rect;
import dev.deskhand.platform.WindowInfo;
import dev.deskhand.platform.elements.Element;
import dev.deskhand.platform.elements.ElementList;
import dev.deskhand.platform.elements.ElementQuery;
import dev.deskhand.platform.elements.ElementRole;
import dev.deskhand.platform.elements.ElementState;
import dev.deskhand.testing.A11yChromium;
import dev.deskhand.testing.AtspiDesktop;
import dev.deskhand.testing.Pause;
import dev.deskhand.testing.Pointer;
import dev.deskhand.testing.ScreenRect;

import static dev.deskhand.platform.linux.atspi.ElementLists.find;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The AT-SPI driver against a real Chromium showing {@code a11y/page.html}, started with
 * accessibility on, on a desktop with its own session bus. The evidence is the page's
 * own: what it logged on the console (clicks, input, focus, its elements'
 * {@code getBoundingClientRect}), where the pointer landed in it, and a screenshot.
 */
class ChromiumDriverLiveTests {

	private static final Duration EVENT = Duration.ofSeconds(10);

	/** Right of the GTK witness (100,80 420x320) and above the Qt witness's place. */
	private static final ScreenRect WINDOW = new ScreenRect(600, 60, 1200, 700);

	private static AtspiDesktop desktop;

	private static A11yChromium chromium;

	private static AtspiAccessibilityDriver driver;

	@BeforeAll
	static void start() {
		desktop = AtspiDesktop.shared();
		chromium = A11yChromium.open(desktop.environment(), A11yChromium.TEST_PAGE, WINDOW);
		driver = AtspiConfiguration.create(Map.of("DBUS_SESSION_BUS_ADDRESS", desktop.busAddress()),
				new AccessibilityProperties(Duration.ofSeconds(2), true));
	}

	@AfterAll
	static void stop() {
		if (driver != null) {
			driver.close();
		}
		if (chromium != null) {
			chromium.close();
		}
	}

	@BeforeEach
	void activateTheBrowser() {
		// focus and the focused state need the active window
		desktop.run(EVENT, "wmctrl", "-i", "-a", "0x" + Long.toHexString(chromium.windowId()))
			.requireSuccess("wmctrl -a");
		chromium.events().clear();
	}

	static WindowInfo browserWindow() {
		ScreenRect r = chromium.windowRect();
		return new WindowInfo(chromium.windowId(), chromium.windowTitle(), "Chromium", "chromium", "chromium",
				chromium.pid(), new Rect(r.x(), r.y(), r.width(), r.height()), true);
	}

	static ElementList listPage() {
		return driver.list(new ElementQuery(browserWindow(), null, Set.of(), null, null, Set.of(), true, true, 500));
	}

	@Test
	void listsThePageControlsWithTheirRolesAndNames() {
		ElementList list = listPage();
		assertThat(list.truncated()).isFalse();
		for (String link : List.of("Link one", "Link two", "Link three")) {
			assertThat(find(list, ElementRole.LINK, link).actions()).first().isEqualTo("jump");
		}
		Element search = find(list, ElementRole.ENTRY, "Search");
		find(list, ElementRole.CHECK_BOX, "Agree");
		find(list, ElementRole.COMBO_BOX, "Choice");
		Element go = find(list, ElementRole.PUSH_BUTTON, "Go");
		find(list, ElementRole.PUSH_BUTTON, "Cancel");
		find(list, ElementRole.ENTRY, "Shout field");
		Element password = find(list, ElementRole.PASSWORD_TEXT, "Password");
		assertThat(search.states()).contains(ElementState.SHOWING, ElementState.FOCUSABLE, ElementState.EDITABLE);
		assertThat(search.text()).isTrue();
		// web fields have Text but no EditableText
		assertThat(search.editableText()).isFalse();
		assertThat(go.actions()).first().isEqualTo("press");
		assertThat(password.secret()).isTrue();
		assertThat(password.value()).isNull();
		assertThat(list.elements()).allSatisfy((e) -> assertThat(e.app().pid()).isEqualTo(chromium.pid()));
		// the log pane is aria-hidden, the browser's own toolbar is part of the window
		assertThat(list.elements()).noneMatch((e) -> e.name().contains("\"event\""));
		find(list, ElementRole.PUSH_BUTTON, "Reload");
	}

	@Test
	void boundsAreWhereThePageLaidOutEachControl() {
		// the page's content area: where the pointer landed minus where the page saw it
		Pointer origin = chromium.contentOrigin();
		ScreenRect window = chromium.windowRect();
		// xwininfo's window origin + the content area's offset in the window (under the
		// tab strip and toolbar) + the element's offset in the page
		assertThat(origin.x() - window.x()).isBetween(0, 20);
		assertThat(origin.y() - window.y()).isBetween(40, 200);
		ElementList list = listPage();
		Map<String, Element> byId = Map.of("go", find(list, ElementRole.PUSH_BUTTON, "Go"), "cancel",
				find(list, ElementRole.PUSH_BUTTON, "Cancel"), "search", find(list, ElementRole.ENTRY, "Search"),
				"agree", find(list, ElementRole.CHECK_BOX, "Agree"), "link1", find(list, ElementRole.LINK, "Link one"),
				"choice", find(list, ElementRole.COMBO_BOX, "Choice"));
		byId.forEach(
				(id, element) -> assertThat(rect(element.bounds())).as(id).isEqualTo(chromium.elementRect(origin, id)));
	}

	@Test
	void boundsLieOnTheControlsInAScreenshot() {
		ElementList list = listPage();
		BufferedImage screen = screenshot();
		// the page paints Go magenta, Cancel cyan, Search yellow, flat and without
		// borders
		assertFilled(screen, find(list, ElementRole.PUSH_BUTTON, "Go").bounds(), 0xFF00FF, "Go");
		assertFilled(screen, find(list, ElementRole.PUSH_BUTTON, "Cancel").bounds(), 0x00FFFF, "Cancel");
		assertFilled(screen, find(list, ElementRole.ENTRY, "Search").bounds(), 0xFFFF00, "Search");
	}

	@Test
	void theDefaultActionOfGoReachesThePage() {
		Element go = find(listPage(), ElementRole.PUSH_BUTTON, "Go");
		assertThat(driver.doAction(go, 0)).isTrue();
		chromium.await(A11yChromium.event("click", "go"), EVENT);
		Element link = find(listPage(), ElementRole.LINK, "Link two");
		assertThat(driver.doAction(link, 0)).isTrue();
		chromium.await(A11yChromium.event("click", "link2"), EVENT);
	}

	@Test
	void checkingTheCheckBoxShowsInThePageAndInItsState() {
		Element agree = find(listPage(), ElementRole.CHECK_BOX, "Agree");
		boolean before = agree.has(ElementState.CHECKED);
		assertThat(driver.doAction(agree, 0)).isTrue();
		chromium.await((e) -> A11yChromium.event("change", "agree").test(e) && e.path("checked").asBoolean() != before,
				EVENT);
		assertThat(awaitRefreshed(agree, (e) -> e.has(ElementState.CHECKED) != before)).isPresent();
	}

	@Test
	void grabbingTheFocusFocusesTheEntry() {
		Element search = find(listPage(), ElementRole.ENTRY, "Search");
		assertThat(driver.grabFocus(search)).isTrue();
		chromium.await(A11yChromium.event("focus", "search"), EVENT);
		assertThat(awaitRefreshed(search, (e) -> e.has(ElementState.FOCUSED))).isPresent();
	}

	@Test
	void settingTheTextOfAWebFieldIsUnsupportedSoTheToolsTypeInstead() {
		Element search = find(listPage(), ElementRole.ENTRY, "Search");
		assertThatThrownBy(() -> driver.setText(search, "not like this")).isInstanceOf(DeskhandException.class)
			.satisfies((ex) -> assertThat(((DeskhandException) ex).code()).isEqualTo(ErrorCode.E_UNSUPPORTED));
		// the fallback the tool layer takes: focus, type, read back
		assertThat(driver.grabFocus(search)).isTrue();
		chromium.await(A11yChromium.event("focus", "search"), EVENT);
		desktop.run(EVENT, "xdotool", "key", "--clearmodifiers", "ctrl+a", "BackSpace").requireSuccess("xdotool key");
		desktop.run(EVENT, "xdotool", "type", "--delay", "20", "--", "hello web").requireSuccess("xdotool type");
		chromium.await(
				(e) -> A11yChromium.event("input", "search").test(e) && "hello web".equals(e.path("value").asString()),
				EVENT);
		assertThat(awaitText(search, "hello web")).isEqualTo("hello web");
		assertThat(chromium.events().events("input")).noneMatch((e) -> e.path("value").asString().contains("not like"));
	}

	@Test
	void readingBackShowsWhatTheRewritingFieldMadeOfTheTyping() {
		Element shout = find(listPage(), ElementRole.ENTRY, "Shout field");
		assertThat(driver.grabFocus(shout)).isTrue();
		chromium.await(A11yChromium.event("focus", "shout"), EVENT);
		desktop.run(EVENT, "xdotool", "key", "--clearmodifiers", "ctrl+a", "BackSpace").requireSuccess("xdotool key");
		desktop.run(EVENT, "xdotool", "type", "--delay", "20", "--", "quiet").requireSuccess("xdotool type");
		chromium.await(
				(e) -> A11yChromium.event("input", "shout").test(e) && "QUIET".equals(e.path("value").asString()),
				EVENT);
		// what arrived is not what was typed: a verifying set_value must see the mismatch
		assertThat(awaitText(shout, "QUIET")).isEqualTo("QUIET");
	}

	@Test
	void aReferenceToAReplacedNodeIsStale() {
		ElementList before = listPage();
		Element victim = find(before, ElementRole.PUSH_BUTTON, "Victim");
		assertThat(driver.refresh(victim)).isPresent();
		assertThat(driver.doAction(find(before, ElementRole.PUSH_BUTTON, "Replace victim"), 0)).isTrue();
		chromium.await(A11yChromium.event("replaced", "victim"), EVENT);
		// the tree follows the DOM a moment later; refresh must then say the old node is
		// gone
		// rather than find the new button of the same role and name
		assertThat(awaitRefreshed(victim, (e) -> false)).isEmpty();
		Element fresh = find(listPage(), ElementRole.PUSH_BUTTON, "Victim");
		assertThat(fresh.handle()).isNotEqualTo(victim.handle());
	}

	/**
	 * Refreshes until the element passes the test or is gone (then empty), for up to
	 * {@link #EVENT}: Chromium updates its tree shortly after the DOM.
	 */
	private static Optional<Element> awaitRefreshed(Element element, Predicate<Element> test) {
		long deadline = System.nanoTime() + EVENT.toNanos();
		while (true) {
			Optional<Element> fresh = driver.refresh(element);
			if (fresh.isEmpty() || test.test(fresh.get())) {
				return fresh;
			}
			if (System.nanoTime() > deadline) {
				return fresh;
			}
			Pause.millis(50);
		}
	}

	private static String awaitText(Element element, String expected) {
		long deadline = System.nanoTime() + EVENT.toNanos();
		String text = driver.readText(element).orElse(null);
		while (!expected.equals(text) && System.nanoTime() < deadline) {
			Pause.millis(50);
			text = driver.readText(element).orElse(null);
		}
		return text;
	}

	private static ScreenRect rect(Rect bounds) {
		return new ScreenRect(bounds.x(), bounds.y(), bounds.width(), bounds.height());
	}

	private static BufferedImage screenshot() {
		try {
			Path file = Files.createTempFile("deskhand-chromium-", ".png");
			try {
				desktop.run(Duration.ofSeconds(30), "import", "-window", "root", file.toString())
					.requireSuccess("import -window root");
				return ImageIO.read(file.toFile());
			}
			finally {
				Files.deleteIfExists(file);
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * The element's colour at its four corners, 3 pixels in (AT-SPI rounds the box
	 * outward to whole pixels, the label sits in the middle).
	 */
	private static void assertFilled(BufferedImage screen, Rect bounds, int rgb, String what) {
		int inset = 3;
		int[][] points = { { bounds.x() + inset, bounds.y() + inset },
				{ bounds.x() + bounds.width() - 1 - inset, bounds.y() + inset },
				{ bounds.x() + inset, bounds.y() + bounds.height() - 1 - inset },
				{ bounds.x() + bounds.width() - 1 - inset, bounds.y() + bounds.height() - 1 - inset } };
		for (int[] p : points) {
			assertThat(String.format("%06X", screen.getRGB(p[0], p[1]) & 0xFFFFFF))
				.as("%s at (%d,%d) of %s", what, p[0], p[1], bounds)
				.isEqualTo(String.format("%06X", rgb));
		}
		// and just outside the box it is not the element's colour any more
		assertThat(screen.getRGB(bounds.x() - 2, bounds.y() + bounds.height() / 2) & 0xFFFFFF).as("%s left of", what)
			.isNotEqualTo(rgb);
	}

}
