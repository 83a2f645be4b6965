package dev.deskhand.input;

import java.time.Duration;
import java.util.List;
import java.util.Set;

import io.micrometer.core.instrument.composite.CompositeMeterRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.fake.FakeAccessibilityDriver;
import dev.deskhand.fake.FakeDesktopDriver;
import dev.deskhand.platform.Point;
import dev.deskhand.platform.Rect;
import dev.deskhand.platform.WindowInfo;
import dev.deskhand.platform.elements.Element;
import dev.deskhand.platform.elements.ElementApp;
import dev.deskhand.platform.elements.ElementHandle;
import dev.deskhand.platform.elements.ElementRole;
import dev.deskhand.platform.elements.ElementState;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Element actions on the input queue: the element is re-read on the input thread right
 * before the action, a stale one never reaches the toolkit, and the typing fallback
 * releases what it pressed. The order of calls is the queue's logic; that a real toolkit
 * obeys is the AT-SPI live tests' business.
 */
class ElementInputTests {

	private final FakeDesktopDriver desktop = new FakeDesktopDriver();

	private final FakeAccessibilityDriver tree = new FakeAccessibilityDriver();

	private final InputQueue queue = new InputQueue(this.desktop, this.tree, List::of,
			new InputProperties(Duration.ofSeconds(5), 8), new CompositeMeterRegistry());

	private final Element button = new Element(new ElementHandle(":1.2", "/5"), ElementRole.PUSH_BUTTON, "Press me",
			Set.of(ElementState.SHOWING), new Rect(100, 200, 80, 30), List.of("click"), null,
			new ElementApp("witness", 42), false, false);

	private final Element field = new Element(new ElementHandle(":1.2", "/6"), ElementRole.ENTRY, "Search",
			Set.of(ElementState.SHOWING), new Rect(100, 300, 200, 30), List.of(), null, new ElementApp("witness", 42),
			true, false);

	ElementInputTests() {
		this.tree.elements.addAll(List.of(this.button, this.field));
		this.desktop.focused = new WindowInfo(9, "witness", "witness", "witness", "python3", 42,
				new Rect(0, 0, 800, 600), true);
	}

	@AfterEach
	void close() {
		this.queue.close();
	}

	@Test
	void pressingByActionRunsTheDefaultActionAndTouchesNoPointer() {
		this.queue.execute("s1", List.of(new InputAction.PressElement(target(this.button), null)));
		assertThat(this.tree.calls).containsExactly("doAction Press me 0");
		assertThat(this.desktop.calls).noneMatch((call) -> call.startsWith("move") || call.startsWith("press"));
	}

	@Test
	void pressingByPointerClicksTheCentreGiven() {
		this.queue.execute("s1", List.of(new InputAction.PressElement(target(this.button), new Point(140, 215))));
		assertThat(this.tree.calls).isEmpty();
		assertThat(this.desktop.calls).containsSubsequence("move 140,215", "press LEFT", "release LEFT");
	}

	@Test
	void aStaleElementIsNeverActedOn() {
		this.tree.elements.remove(this.button);
		assertThatThrownBy(
				() -> this.queue.execute("s1", List.of(new InputAction.PressElement(target(this.button), null))))
			.isInstanceOf(DeskhandException.class)
			.satisfies((ex) -> assertThat(((DeskhandException) ex).code()).isEqualTo(ErrorCode.E_NOT_FOUND))
			.hasMessageContaining("stale ref e1");
		assertThat(this.tree.calls).isEmpty();
	}

	@Test
	void settingTextWithoutEditableTextFocusesSelectsAllAndTypesReleasingTheChord() {
		KeyChord selectAll = KeyChord.parse("ctrl+a", (key) -> true);
		this.queue.execute("s1", List.of(new InputAction.SetElementText(target(this.field), "héllo", selectAll)));
		assertThat(this.tree.calls).containsExactly("grabFocus Search");
		assertThat(this.desktop.calls).containsSubsequence("keydown Control_L", "keydown a", "keyup a",
				"keyup Control_L", "keydown BackSpace", "keyup BackSpace", "type héllo");
		assertThat(this.desktop.held).isEmpty();
	}

	@Test
	void settingTextDirectlyUsesTheEditableText() {
		this.queue.execute("s1", List.of(new InputAction.SetElementText(target(this.field), "héllo", null)));
		assertThat(this.tree.calls).containsExactly("setText Search");
		assertThat(this.tree.texts).containsValue("héllo");
		assertThat(this.desktop.calls).noneMatch((call) -> call.startsWith("type") || call.startsWith("keydown"));
	}

	private static InputAction.ElementTarget target(Element element) {
		return new InputAction.ElementTarget("e1", element);
	}

}
