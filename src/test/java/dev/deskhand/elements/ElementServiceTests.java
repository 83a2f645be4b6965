package dev.deskhand.elements;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.fake.FakeAccessibilityDriver;
import dev.deskhand.fake.FakeDesktopDriver;
import dev.deskhand.platform.Rect;
import dev.deskhand.platform.WindowInfo;
import dev.deskhand.platform.elements.AccessibilityStatus;
import dev.deskhand.platform.elements.Element;
import dev.deskhand.platform.elements.ElementApp;
import dev.deskhand.platform.elements.ElementHandle;
import dev.deskhand.platform.elements.ElementRole;
import dev.deskhand.platform.elements.ElementState;
import dev.deskhand.screen.ScreenService;
import dev.deskhand.screen.ScreenshotProperties;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Refs, masking and coordinates over an in-memory tree: the rules above the driver.
 * Whether a real tree is read right is the AT-SPI live tests' business.
 */
class ElementServiceTests {

	private static final WindowInfo MAIL = new WindowInfo(0x400001, "Inbox", "thunderbird", "Mail", "thunderbird", 42,
			new Rect(0, 0, 1920, 1080), true);

	private static final WindowInfo BANK = new WindowInfo(0x500001, "Bank", "keepassxc", "keepassxc", "keepassxc", 77,
			new Rect(100, 100, 400, 300), false);

	private final FakeDesktopDriver desktop = new FakeDesktopDriver();

	private final FakeAccessibilityDriver tree = new FakeAccessibilityDriver();

	// 1920x1080 under a 1280x800 budget: images are 1280x720, two thirds of the screen.
	private final ScreenService screen = new ScreenService(this.desktop,
			new ScreenshotProperties(1280, 800, 1_150_000, "png", 0.8f, Duration.ofMillis(300), true),
			Clock.systemUTC());

	private final ElementService service = new ElementService(this.tree, this.desktop.windows(), this.screen,
			List.of("keepassxc"), new ElementsProperties(200, 2000, true, Duration.ofMillis(200)));

	private final Element send = element(":1.4", "/1", ElementRole.PUSH_BUTTON, "Send", new Rect(960, 540, 90, 30), 42,
			"thunderbird");

	private final Element to = element(":1.4", "/2", ElementRole.ENTRY, "To", new Rect(300, 60, 600, 30), 42,
			"thunderbird");

	private final Element secret = element(":1.9", "/7", ElementRole.PASSWORD_TEXT, "Master password",
			new Rect(150, 150, 200, 30), 77, "KeePassXC");

	ElementServiceTests() {
		this.desktop.focused = MAIL;
		this.tree.elements.addAll(List.of(this.send, this.to, this.secret));
	}

	@Test
	void listsTheFocusedWindowWithBoundsInImagePixels() {
		ElementListing listing = this.service.list("s1", search(null, null));

		assertThat(listing.elements()).extracting((listed) -> listed.element().name()).containsExactly("Send", "To");
		ListedElement send = listing.elements().get(0);
		// Desktop (960, 540) 90x30 is image (640, 360) 60x20 at two thirds.
		assertThat(send.bounds()).containsExactly(640, 360, 60, 20);
		assertThat(send.displayId()).isNotNull();
		assertThat(this.tree.queries.get(0).window()).isEqualTo(MAIL);
		assertThat(this.tree.queries.get(0).showingOnly()).isFalse();
	}

	@Test
	void theSameElementKeepsItsRefAndRefsBelongToTheirSession() {
		String first = this.service.list("s1", search(null, null)).elements().get(0).ref();
		String again = this.service.list("s1", search(null, null)).elements().get(0).ref();
		assertThat(again).isEqualTo(first);

		assertThat(this.service.resolve("s1", first).element()).isEqualTo(this.send);
		assertThatThrownBy(() -> this.service.resolve("s2", first)).isInstanceOf(DeskhandException.class)
			.satisfies((ex) -> assertThat(((DeskhandException) ex).code()).isEqualTo(ErrorCode.E_NOT_FOUND))
			.hasMessageContaining("unknown ref");
	}

	@Test
	void anUnknownRefIsEchoedShortened() {
		String huge = "e" + "9".repeat(100_000);
		assertThatThrownBy(() -> this.service.resolve("s1", huge))
			.satisfies((ex) -> assertThat(((DeskhandException) ex).code()).isEqualTo(ErrorCode.E_NOT_FOUND))
			.satisfies((ex) -> assertThat(ex.getMessage()).hasSizeLessThan(300));
	}

	@Test
	void aRefWhoseElementIsGoneOrRecycledIsStale() {
		String ref = this.service.list("s1", search(null, null)).elements().get(0).ref();
		this.tree.elements.remove(this.send);
		// The same handle now stands for another kind of object: never act on it.
		this.tree.elements
			.add(element(":1.4", "/1", ElementRole.LABEL, "Send", new Rect(960, 540, 90, 30), 42, "thunderbird"));

		assertThatThrownBy(() -> this.service.resolve("s1", ref)).isInstanceOf(DeskhandException.class)
			.satisfies((ex) -> assertThat(((DeskhandException) ex).code()).isEqualTo(ErrorCode.E_NOT_FOUND))
			.hasMessageContaining("stale ref " + ref);
	}

	@Test
	void aMaskedApplicationsElementsAreNeitherListedNorResolved() {
		ElementListing everything = this.service.list("s1",
				new ElementSearch(null, null, null, null, null, null, false, null, false));
		assertThat(everything.elements()).extracting((listed) -> listed.element().name()).containsExactly("Send", "To");
		assertThat(everything.notes()).anyMatch((note) -> note.contains("masked"));

		assertThatThrownBy(() -> this.service.list("s1", search("keepassxc", null)))
			.satisfies((ex) -> assertThat(((DeskhandException) ex).code()).isEqualTo(ErrorCode.E_NOT_GRANTED));
		this.desktop.focused = new WindowInfo(BANK.id(), BANK.title(), BANK.appClass(), BANK.appInstance(),
				BANK.executable(), BANK.pid(), BANK.bounds(), true);
		assertThatThrownBy(() -> this.service.list("s1", search(null, null)))
			.satisfies((ex) -> assertThat(((DeskhandException) ex).code()).isEqualTo(ErrorCode.E_NOT_GRANTED));
	}

	@Test
	void aPasswordFieldIsNeverRead() {
		ElementService unmasked = new ElementService(this.tree, this.desktop.windows(), this.screen, List.of(),
				new ElementsProperties(200, 2000, true, Duration.ofMillis(200)));
		this.tree.texts.put(this.secret.handle(), "hunter2");
		String ref = unmasked
			.list("s1", new ElementSearch(null, null, List.of("password text"), null, null, null, false, null, false))
			.elements()
			.get(0)
			.ref();

		assertThatThrownBy(() -> unmasked.readText(unmasked.resolve("s1", ref)))
			.satisfies((ex) -> assertThat(((DeskhandException) ex).code()).isEqualTo(ErrorCode.E_DENIED))
			.hasMessageNotContaining("hunter2");
		assertThat(unmasked.currentText(this.secret)).isEmpty();
	}

	@Test
	void badSearchesAreRefusedBeforeTheTreeIsAsked() {
		assertThatThrownBy(() -> this.service.list("s1", searchRoles(List.of("buton"))))
			.satisfies((ex) -> assertThat(((DeskhandException) ex).code()).isEqualTo(ErrorCode.E_ARGS))
			.hasMessageContaining("push button");
		assertThatThrownBy(
				() -> this.service.list("s1", new ElementSearch(null, null, null, null, "(", null, false, null, false)))
			.satisfies((ex) -> assertThat(((DeskhandException) ex).code()).isEqualTo(ErrorCode.E_ARGS));
		assertThatThrownBy(() -> this.service.list("s1",
				new ElementSearch(null, null, null, null, null, List.of("shiny"), false, null, false)))
			.satisfies((ex) -> assertThat(((DeskhandException) ex).code()).isEqualTo(ErrorCode.E_ARGS));
		assertThatThrownBy(
				() -> this.service.list("s1", new ElementSearch(null, null, null, null, null, null, false, 0, false)))
			.satisfies((ex) -> assertThat(((DeskhandException) ex).code()).isEqualTo(ErrorCode.E_ARGS));
		assertThatThrownBy(() -> this.service.list("s1", search(null, "zz")))
			.satisfies((ex) -> assertThat(((DeskhandException) ex).code()).isEqualTo(ErrorCode.E_ARGS));
		assertThatThrownBy(() -> this.service.list("s1", search(null, "0x999")))
			.satisfies((ex) -> assertThat(((DeskhandException) ex).code()).isEqualTo(ErrorCode.E_NOT_FOUND));
		assertThat(this.tree.queries).isEmpty();
	}

	@Test
	void rolesAndStatesAreHandedToTheDriver() {
		this.service.list("s1", new ElementSearch(null, null, List.of("Push Button", "check_box"), "se", "^S",
				List.of("focused"), false, 5, false));
		assertThat(this.tree.queries.get(0).roles()).containsExactlyInAnyOrder(ElementRole.PUSH_BUTTON,
				ElementRole.CHECK_BOX);
		assertThat(this.tree.queries.get(0).states()).containsExactly(ElementState.FOCUSED);
		assertThat(this.tree.queries.get(0).maxCount()).isEqualTo(5);
		assertThat(this.tree.queries.get(0).window()).isNull();
		assertThat(this.tree.queries.get(0).showingOnly()).isTrue();
	}

	@Test
	void aTreeThatCannotBeReadSaysWhy() {
		this.tree.status = AccessibilityStatus.unavailable("no session bus: set DBUS_SESSION_BUS_ADDRESS");
		assertThatThrownBy(() -> this.service.list("s1", search(null, null)))
			.satisfies((ex) -> assertThat(((DeskhandException) ex).code()).isEqualTo(ErrorCode.E_UNSUPPORTED))
			.hasMessageContaining("DBUS_SESSION_BUS_ADDRESS");
		assertThat(this.service.focusedTextField()).isEmpty();
	}

	@Test
	void aSessionsRefsGoWithIt() {
		String ref = this.service.list("s1", search(null, null)).elements().get(0).ref();
		this.service.forget("s1");
		assertThatThrownBy(() -> this.service.resolve("s1", ref))
			.satisfies((ex) -> assertThat(((DeskhandException) ex).code()).isEqualTo(ErrorCode.E_NOT_FOUND));
	}

	@Test
	void whereApplicationsDoNotKnowTheirPositionBoundsAreLeftOutNotShownWrong() {
		ElementService wayland = new ElementService(this.tree, this.desktop.windows(), this.screen, List.of(),
				new ElementsProperties(200, 2000, true, Duration.ofMillis(200)), false);
		ElementListing listing = wayland.list("s1", search(null, null));
		assertThat(listing.elements()).isNotEmpty().allMatch((listed) -> listed.bounds() == null);
		assertThat(listing.notes()).anyMatch((note) -> note.contains("act on them by ref"));
		assertThatThrownBy(() -> wayland.at("s1", this.screen.choose("s1", null), List.of(640, 360)))
			.satisfies((ex) -> assertThat(((DeskhandException) ex).code()).isEqualTo(ErrorCode.E_UNSUPPORTED));
	}

	private static ElementSearch search(String app, String window) {
		return new ElementSearch(app, window, null, null, null, null, true, null, true);
	}

	private static ElementSearch searchRoles(List<String> roles) {
		return new ElementSearch(null, null, roles, null, null, null, false, null, false);
	}

	static Element element(String owner, String path, ElementRole role, String name, Rect bounds, long pid,
			String app) {
		return new Element(new ElementHandle(owner, path), role, name, Set.of(ElementState.SHOWING), bounds,
				List.of("click"), null, new ElementApp(app, pid), role != ElementRole.PUSH_BUTTON, false);
	}

}
