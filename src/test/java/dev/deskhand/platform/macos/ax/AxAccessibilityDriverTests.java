package dev.deskhand.platform.macos.ax;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.junit.jupiter.api.Test;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.Point;
import dev.deskhand.platform.Rect;
import dev.deskhand.platform.WindowInfo;
import dev.deskhand.platform.elements.Element;
import dev.deskhand.platform.elements.ElementList;
import dev.deskhand.platform.elements.ElementQuery;
import dev.deskhand.platform.elements.ElementRole;
import dev.deskhand.platform.elements.ElementState;

import static dev.deskhand.platform.macos.ax.AxFixtures.snap;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The driver over a fixture desktop: Mail (pid 42, a compose window and a viewer) in
 * front of Safari (pid 77), with a hung or gone application where a test says so.
 */
class AxAccessibilityDriverTests {

	private final AxFixtures.System desktop = new AxFixtures.System();

	private final AxFixtures.Node mail = AxFixtures.application(42, "Mail");

	private final AxFixtures.Node compose;

	private final AxFixtures.Node send;

	private final AxFixtures.Node to;

	private final AxFixtures.Node password;

	private final AxFixtures.Node safari = AxFixtures.application(77, "Safari");

	private final AxFixtures.Node reload;

	private final Set<Long> quit = new java.util.HashSet<>();

	private final AxAccessibilityDriver driver = new AxAccessibilityDriver(() -> this.desktop, Duration.ofSeconds(2),
			(pid) -> !this.quit.contains(pid));

	AxAccessibilityDriverTests() {
		AxFixtures.Node file = this.mail.add(snap("AXMenuBar").frame(0, 0, 1440, 25))
			.add(snap("AXMenuBarItem").title("File").frame(40, 0, 40, 25).actions("AXPress", "AXCancel"));
		// a closed menu: its items keep the frames they will have when it opens
		file.add(snap("AXMenu").frame(40, 25, 200, 300))
			.add(snap("AXMenuItem").title("New Message").frame(40, 30, 200, 20).actions("AXPress"));
		this.compose = this.mail.add(snap("AXWindow").title("New Message").frame(100, 100, 600, 500));
		AxFixtures.Node toolbar = this.compose.add(snap("AXToolbar").frame(100, 100, 600, 50));
		this.send = toolbar
			.add(snap("AXButton").title("Send").frame(110, 110, 40, 30).actions("AXShowMenu", "AXPress"));
		this.to = this.compose
			.add(snap("AXTextField").title("To").value("ann@example.org").frame(110, 160, 400, 22).settable(true));
		this.password = this.compose.add(snap("AXTextField").subrole("AXSecureTextField")
			.title("Password")
			.value("s3cret")
			.frame(110, 190, 400, 22)
			.settable(true));
		this.compose.add(snap("AXStaticText").value("Draft saved").frame(110, 560, 200, 20));
		AxFixtures.Node viewer = this.mail.add(snap("AXWindow").title("Inbox").frame(800, 100, 600, 500));
		viewer.add(snap("AXButton").title("Reply").frame(810, 110, 40, 30).actions("AXPress"));
		this.safari.add(snap("AXMenuBar").frame(0, 0, 1440, 25))
			.add(snap("AXMenuBarItem").title("Bookmarks").frame(300, 0, 80, 25).actions("AXPress"));
		AxFixtures.Node browser = this.safari.add(snap("AXWindow").title("Apple").frame(0, 25, 1440, 875));
		this.reload = browser.add(snap("AXButton").description("Reload").frame(300, 30, 20, 20).actions("AXPress"));
		this.desktop.with(this.mail).with(this.safari);
	}

	private static ElementQuery everything(WindowInfo window, String app) {
		return new ElementQuery(window, app, Set.of(), null, null, Set.of(), true, true, 200);
	}

	private static WindowInfo window(long pid, String title, Rect bounds) {
		return new WindowInfo(5150, title, "", "", "", pid, bounds, true);
	}

	private Element listed(String name) {
		return this.driver.list(everything(null, null))
			.elements()
			.stream()
			.filter((element) -> element.name().equals(name))
			.findFirst()
			.orElseThrow();
	}

	@Test
	void itIsCalledAxAndSaysWhereToGrantThePermission() {
		assertThat(this.driver.name()).isEqualTo("ax");
		assertThat(this.driver.status().available()).isTrue();
		assertThat(this.driver.status().detail()).contains("2 applications have windows on screen");
		this.desktop.trusted = false;
		assertThat(this.driver.status().available()).isFalse();
		assertThat(this.driver.status().detail())
			.contains("System Settings › Privacy & Security › Accessibility, then restart it");
	}

	@Test
	void withoutThePermissionEveryCallSaysWhy() {
		Element send = listed("Send");
		this.desktop.trusted = false;
		for (Runnable call : List.<Runnable>of(() -> this.driver.list(everything(null, null)),
				() -> this.driver.refresh(send), () -> this.driver.doAction(send, 0), () -> this.driver.grabFocus(send),
				() -> this.driver.elementAt(new Point(120, 120), window(42, "New Message", null)))) {
			assertThatThrownBy(call::run).isInstanceOfSatisfying(DeskhandException.class, (ex) -> {
				assertThat(ex.code()).isEqualTo(ErrorCode.E_UNSUPPORTED);
				assertThat(ex.getMessage()).contains("Privacy & Security › Accessibility");
			});
		}
		assertThat(this.send.performed).isEmpty();
	}

	@Test
	void aNativeLibraryThatCannotLoadIsAnUnavailableTree() {
		AxAccessibilityDriver broken = new AxAccessibilityDriver(() -> {
			throw new UnsatisfiedLinkError("Unable to load library 'ApplicationServices'");
		}, Duration.ofSeconds(2));
		assertThat(broken.status().available()).isFalse();
		assertThat(broken.status().detail()).contains("ApplicationServices");
		assertThatThrownBy(() -> broken.list(everything(null, null))).isInstanceOfSatisfying(DeskhandException.class,
				(ex) -> assertThat(ex.code()).isEqualTo(ErrorCode.E_UNSUPPORTED));
	}

	@Test
	void everyApplicationsWindowsAreListedFrontToBackWithTheFrontmostMenuBar() {
		ElementList list = this.driver.list(everything(null, null));
		assertThat(list.elements()).extracting(Element::name)
			.containsExactly("Send", "To", "Password", "Draft saved", "Reply", "File", "Reload");
		assertThat(list.truncated()).isFalse();
		assertThat(list.notes()).isEmpty();
		Element to = list.elements().get(1);
		assertThat(to.app().name()).isEqualTo("Mail");
		assertThat(to.app().pid()).isEqualTo(42);
		assertThat(to.handle().owner()).isEqualTo("42");
		assertThat(to.handle().id()).isEqualTo("/1/1:AXTextField");
		assertThat(to.states()).contains(ElementState.EDITABLE, ElementState.SHOWING);
		assertThat(list.elements().get(2).value()).isNull();
		assertThat(list.elements().get(5).handle().id()).isEqualTo("/0/0:AXMenuBarItem");
		assertThat(list.elements().get(5).role()).isEqualTo(ElementRole.MENU);
		assertThat(list.elements().get(6).app().name()).isEqualTo("Safari");
		assertThat(this.desktop.closed).isEqualTo(this.desktop.sessions);
	}

	@Test
	void theFocusedWindowComesWithItsMenuBarAndAnOpenMenusItems() {
		WindowInfo focused = window(42, "New Message", new Rect(100, 100, 600, 500));
		assertThat(this.driver.list(everything(focused, null)).elements()).extracting(Element::name)
			.containsExactly("Send", "To", "Password", "Draft saved", "File");
		AxFixtures.Node file = this.mail.children.get(0).children.get(0);
		file.snap.selected(true);
		assertThat(this.driver.list(everything(focused, null)).elements()).extracting(Element::name)
			.endsWith("File", "New Message");
		WindowInfo behind = new WindowInfo(5151, "Inbox", "", "", "", 42, new Rect(800, 100, 600, 500), false);
		assertThat(this.driver.list(everything(behind, null)).elements()).extracting(Element::name)
			.containsExactly("Reply");
	}

	@Test
	void aMenuBarItemIsPressedAndRefreshedLikeAnyElement() {
		Element file = listed("File");
		assertThat(this.driver.refresh(file)).hasValueSatisfying(
				(fresh) -> assertThat(fresh.states()).contains(dev.deskhand.platform.elements.ElementState.SHOWING));
		assertThat(this.driver.doAction(file, 0)).isTrue();
		assertThat(this.mail.children.get(0).children.get(0).performed).containsExactly("AXPress");
	}

	@Test
	void aWindowIsFoundByItsFrame() {
		ElementList list = this.driver.list(everything(window(42, "", new Rect(800, 100, 600, 500)), null));
		assertThat(list.elements()).extracting(Element::name).containsExactly("Reply", "File");
	}

	@Test
	void aWindowThatIsNotInTheTreeIsANote() {
		ElementList list = this.driver.list(everything(window(42, "Gone", new Rect(3000, 3000, 10, 10)), null));
		assertThat(list.elements()).isEmpty();
		assertThat(list.notes()).singleElement().asString().contains("'Gone' (pid 42)");
	}

	@Test
	void anApplicationByName() {
		assertThat(this.driver.list(everything(null, "safari")).elements()).extracting(Element::name)
			.containsExactly("Reload");
	}

	@Test
	void findByRoleAndName() {
		ElementQuery buttons = new ElementQuery(null, null, Set.of(ElementRole.PUSH_BUTTON), "re", null, Set.of(), true,
				true, 200);
		assertThat(this.driver.list(buttons).elements()).extracting(Element::name).containsExactly("Reply", "Reload");
	}

	@Test
	void theMaximumTruncatesAcrossApplications() {
		ElementList list = this.driver.list(atMost(4));
		assertThat(list.elements()).extracting(Element::name).containsExactly("Send", "To", "Password", "Draft saved");
		assertThat(list.truncated()).isTrue();
		assertThat(this.safari.reads).isZero();
		// all six of Mail's (with its menu bar): truncated because Safari has more
		ElementList six = this.driver.list(atMost(6));
		assertThat(six.elements()).hasSize(6);
		assertThat(six.truncated()).isTrue();
		ElementList seven = this.driver.list(atMost(7));
		assertThat(seven.elements()).hasSize(7);
		assertThat(seven.truncated()).isFalse();
	}

	private static ElementQuery atMost(int max) {
		return new ElementQuery(null, null, Set.of(), null, null, Set.of(), true, true, max);
	}

	@Test
	void aHungApplicationIsLeftOutWithANoteUnlessItsWindowWasAskedFor() {
		this.safari.failWith = AxErrors.CANNOT_COMPLETE;
		ElementList list = this.driver.list(everything(null, null));
		assertThat(list.elements()).extracting(Element::name).contains("Send").doesNotContain("Reload");
		assertThat(list.notes()).singleElement()
			.asString()
			.contains("(pid 77) did not answer within PT2S")
			.contains("left out");
		assertThatThrownBy(() -> this.driver.list(everything(window(77, "Apple", null), null)))
			.isInstanceOfSatisfying(DeskhandException.class, (ex) -> {
				assertThat(ex.code()).isEqualTo(ErrorCode.E_TIMEOUT);
				assertThat(ex.getMessage()).contains("did not answer within PT2S");
			});
	}

	@Test
	void anApplicationThatQuitIsSkipped() {
		this.safari.failWith = AxErrors.CANNOT_COMPLETE;
		this.quit.add(77L);
		ElementList list = this.driver.list(everything(null, null));
		assertThat(list.notes()).isEmpty();
		assertThat(list.elements()).extracting(Element::name).doesNotContain("Reload");
	}

	@Test
	void pressRunsAxPressTheDefaultAction() {
		Element send = listed("Send");
		assertThat(send.actions()).containsExactly("press", "show menu");
		assertThat(this.driver.doAction(send, 0)).isTrue();
		assertThat(this.driver.doAction(send, 1)).isTrue();
		assertThat(this.send.performed).containsExactly("AXPress", "AXShowMenu");
		assertThatThrownBy(() -> this.driver.doAction(send, 2)).isInstanceOfSatisfying(DeskhandException.class,
				(ex) -> assertThat(ex.code()).isEqualTo(ErrorCode.E_ARGS));
	}

	@Test
	void anElementWhosePlaceNowHoldsSomethingElseIsStaleAndNothingIsDone() {
		Element send = listed("Send");
		this.send.snap = snap("AXPopUpButton").title("Send").actions("AXPress");
		assertThat(this.driver.refresh(send)).isEmpty();
		assertThatThrownBy(() -> this.driver.doAction(send, 0)).isInstanceOfSatisfying(DeskhandException.class,
				(ex) -> {
					assertThat(ex.code()).isEqualTo(ErrorCode.E_NOT_FOUND);
					assertThat(ex.getMessage()).contains("stale ref, list again");
				});
		assertThat(this.send.performed).isEmpty();
	}

	@Test
	void aSiblingOfTheSameRoleThatMovedIntoThePlaceIsStaleToo() {
		Element reply = listed("Reply");
		// the viewer's button is now another one (a new message replaced the toolbar)
		AxFixtures.Node viewer = (AxFixtures.Node) this.mail.children().get(2);
		viewer.children.get(0).snap = snap("AXButton").title("Delete").actions("AXPress");
		assertThat(this.driver.refresh(reply)).isEmpty();
		assertThatThrownBy(() -> this.driver.doAction(reply, 0)).isInstanceOf(DeskhandException.class);
		assertThat(viewer.children.get(0).performed).isEmpty();
	}

	@Test
	void anElementThatIsGoneIsStale() {
		Element send = listed("Send");
		this.send.failWith = AxErrors.INVALID_UI_ELEMENT;
		assertThat(this.driver.refresh(send)).isEmpty();
		assertThatThrownBy(() -> this.driver.grabFocus(send)).isInstanceOfSatisfying(DeskhandException.class,
				(ex) -> assertThat(ex.code()).isEqualTo(ErrorCode.E_NOT_FOUND));
		Element to = listed("To");
		this.compose.children.remove(this.to);
		this.compose.children.remove(this.password);
		assertThat(this.driver.refresh(to)).isEmpty();
	}

	@Test
	void refreshReadsTheElementAgain() {
		Element to = listed("To");
		this.to.snap.value("bob@example.org").focused(true);
		Optional<Element> fresh = this.driver.refresh(to);
		assertThat(fresh).isPresent();
		assertThat(fresh.get().value()).isEqualTo("bob@example.org");
		assertThat(fresh.get().states()).contains(ElementState.FOCUSED, ElementState.EDITABLE, ElementState.SHOWING);
		assertThat(fresh.get().handle()).isEqualTo(to.handle());
	}

	@Test
	void setTextSetsASettableValue() {
		Element to = listed("To");
		assertThat(this.driver.setText(to, "carol@example.org")).isTrue();
		assertThat(this.to.setValueTo).isEqualTo("carol@example.org");
		assertThat(this.driver.readText(to)).contains("carol@example.org");
	}

	@Test
	void setTextOfAnElementWithoutASettableValueIsUnsupported() {
		Element draft = listed("Draft saved");
		assertThatThrownBy(() -> this.driver.setText(draft, "x")).isInstanceOfSatisfying(DeskhandException.class,
				(ex) -> assertThat(ex.code()).isEqualTo(ErrorCode.E_UNSUPPORTED));
		Element to = listed("To");
		this.to.snap.settable(false);
		assertThatThrownBy(() -> this.driver.setText(to, "x")).isInstanceOfSatisfying(DeskhandException.class,
				(ex) -> assertThat(ex.code()).isEqualTo(ErrorCode.E_UNSUPPORTED));
		assertThat(this.to.setValueTo).isNull();
	}

	@Test
	void aPasswordIsSetButNeverRead() {
		Element secret = listed("Password");
		assertThat(secret.secret()).isTrue();
		assertThat(this.driver.readText(secret)).isEmpty();
		assertThat(this.driver.setText(secret, "n3w")).isTrue();
		assertThat(this.password.setValueTo).isEqualTo("n3w");
	}

	@Test
	void readTextIsTheWholeValue() {
		String longText = "x".repeat(500);
		this.to.snap.value(longText);
		Element to = listed("To");
		assertThat(to.value()).hasSize(201);
		assertThat(this.driver.readText(to)).contains(longText);
	}

	@Test
	void focusSetsAxFocused() {
		assertThat(this.driver.grabFocus(listed("To"))).isTrue();
		assertThat(this.to.focusedByCall).isTrue();
	}

	@Test
	void elementAtClimbsToTheNearestElementWithAnAction() {
		AxFixtures.Node label = this.send.add(snap("AXStaticText").value("Send").frame(112, 112, 30, 20));
		this.desktop.hit = label;
		Optional<Element> at = this.driver.elementAt(new Point(120, 120), window(42, "New Message", null));
		assertThat(at).isPresent();
		assertThat(at.get().name()).isEqualTo("Send");
		assertThat(at.get().role()).isEqualTo(ElementRole.PUSH_BUTTON);
		assertThat(at.get().handle().id()).isEqualTo("/1/0/0:AXButton");
		assertThat(at.get().app().name()).isEqualTo("Mail");
		assertThat(this.driver.doAction(at.get(), 0)).isTrue();
		assertThat(this.send.performed).containsExactly("AXPress");
	}

	@Test
	void elementAtWithoutAnActionIsTheDeepestElement() {
		AxFixtures.Node draft = (AxFixtures.Node) this.compose.children().get(3);
		this.desktop.hit = draft;
		assertThat(this.driver.elementAt(new Point(120, 565), window(42, "New Message", null)))
			.hasValueSatisfying((element) -> assertThat(element.name()).isEqualTo("Draft saved"));
	}

	@Test
	void elementAtOfAnotherApplicationOverTheWindowIsNone() {
		this.desktop.hit = this.reload;
		assertThat(this.driver.elementAt(new Point(305, 35), window(42, "New Message", null))).isEmpty();
		this.desktop.hit = null;
		assertThat(this.driver.elementAt(new Point(305, 35), window(77, "Apple", null))).isEmpty();
	}

	@Test
	void aHandleOfAnotherDriverIsStale() {
		Element send = listed("Send");
		Element foreign = new Element(new dev.deskhand.platform.elements.ElementHandle(":1.42", "/org/a11y/x"),
				send.role(), send.name(), send.states(), send.bounds(), send.actions(), null, send.app(), false, false);
		assertThat(this.driver.refresh(foreign)).isEmpty();
		assertThatThrownBy(() -> this.driver.doAction(foreign, 0)).isInstanceOfSatisfying(DeskhandException.class,
				(ex) -> assertThat(ex.code()).isEqualTo(ErrorCode.E_NOT_FOUND));
	}

}
