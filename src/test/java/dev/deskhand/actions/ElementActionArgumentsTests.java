package dev.deskhand.actions;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

import dev.deskhand.agents.BatchStep;
import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.fake.FakeDesktopDriver;
import dev.deskhand.input.InputAction;
import dev.deskhand.input.InputAction.ElementTarget;
import dev.deskhand.input.KeyChord;
import dev.deskhand.platform.DesktopDriver;
import dev.deskhand.platform.KeyboardDriver;
import dev.deskhand.platform.Point;
import dev.deskhand.platform.Rect;
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
 * The element tools' actions: validated and built by ActionArguments like every other
 * tool's, with the select-all chord the driver names for its OS.
 */
class ElementActionArgumentsTests {

	private static final ElementTarget WEB_FIELD = target(ElementRole.ENTRY, Set.of(), List.of(), true, false);

	private static final ElementTarget GTK_FIELD = target(ElementRole.ENTRY, Set.of(), List.of(), true, true);

	@Test
	void setValueTypesOverCtrlAOnAPcDesktop() {
		InputAction.SetElementText action = arguments(new FakeDesktopDriver()).setValue(WEB_FIELD, "hello");
		assertThat(action.selectAll()).isEqualTo(new KeyChord(List.of("Control_L", "a")));
		assertThat(action.pressedChords()).containsExactly(new KeyChord(List.of("Control_L", "a")),
				InputAction.SetElementText.ERASE);
		assertThat(action.text()).isEqualTo("hello");
	}

	@Test
	void setValueTypesOverCommandAWhereTheDriverSaysSo() {
		// a driver that selects all as macOS's does: Command is the vocabulary's cmd
		InputAction.SetElementText action = arguments(new MacLikeDriver()).setValue(WEB_FIELD, "hello");
		assertThat(action.selectAll()).isEqualTo(new KeyChord(List.of("Super_L", "a")));
	}

	@Test
	void aVendorsClearBeforeTypingPressesTheDriversSelectAll() {
		// Gemini's type_text_at clears the field with the desktop's own chord, not a
		// fixed ctrl+a that selects nothing on macOS
		assertThat(new BatchStep.SelectAll().toAction(arguments(new MacLikeDriver()), "s1", null))
			.isEqualTo(new InputAction.PressKeys(new KeyChord(List.of("Super_L", "a")), 1));
		assertThat(new BatchStep.SelectAll().toAction(arguments(new FakeDesktopDriver()), "s1", null))
			.isEqualTo(new InputAction.PressKeys(new KeyChord(List.of("Control_L", "a")), 1));
	}

	@Test
	void setValueSetsEditableTextDirectlyWithoutAChord() {
		assertThat(arguments(new MacLikeDriver()).setValue(GTK_FIELD, "").selectAll()).isNull();
		assertThat(arguments(new FakeDesktopDriver()).setValue(GTK_FIELD, "x").selectAll()).isNull();
	}

	@Test
	void setValueRefusesAMissingTextAndAnElementWithoutText() {
		ActionArguments arguments = arguments(new FakeDesktopDriver());
		assertThatThrownBy(() -> arguments.setValue(WEB_FIELD, null)).isInstanceOfSatisfying(DeskhandException.class,
				(ex) -> assertThat(ex.code()).isEqualTo(ErrorCode.E_ARGS));
		ElementTarget button = target(ElementRole.PUSH_BUTTON, Set.of(), List.of("click"), false, false);
		assertThatThrownBy(() -> arguments.setValue(button, "x")).isInstanceOfSatisfying(DeskhandException.class,
				(ex) -> {
					assertThat(ex.code()).isEqualTo(ErrorCode.E_UNSUPPORTED);
					assertThat(ex.getMessage()).contains("e1 (push button) is not a text field");
				});
	}

	@Test
	void clickElementUsesTheActionElseTheCentreOfAPlacedElement() {
		ActionArguments arguments = arguments(new FakeDesktopDriver());
		ElementTarget button = target(ElementRole.PUSH_BUTTON, Set.of(), List.of("click"), false, false);
		assertThat(arguments.clickElement(button, true).at()).isNull();
		ElementTarget disabled = target(ElementRole.PUSH_BUTTON, Set.of(ElementState.DISABLED), List.of("click"), false,
				false);
		assertThat(arguments.clickElement(disabled, true).at()).isEqualTo(new Point(110, 220));
		assertThatThrownBy(() -> arguments.clickElement(disabled, false))
			.isInstanceOfSatisfying(DeskhandException.class, (ex) -> {
				assertThat(ex.code()).isEqualTo(ErrorCode.E_UNSUPPORTED);
				assertThat(ex.getMessage()).contains("no place on screen");
			});
		assertThat(arguments.focusElement(button)).isEqualTo(new InputAction.FocusElement(button));
	}

	private static ActionArguments arguments(DesktopDriver driver) {
		ScreenService screen = new ScreenService(driver,
				new ScreenshotProperties(1280, 800, 1_150_000, "png", 0.8f, Duration.ofMillis(300), true),
				Clock.systemUTC());
		return new ActionArguments(screen, driver, new ApplicationsProperties(Map.of(), Duration.ofSeconds(15)));
	}

	private static ElementTarget target(ElementRole role, Set<ElementState> states, List<String> actions, boolean text,
			boolean editableText) {
		return new ElementTarget("e1", new Element(new ElementHandle(":1.4", "/e1"), role, "", states,
				new Rect(100, 200, 20, 40), actions, null, new ElementApp("firefox", 42), text, editableText));
	}

	/** The fake desktop with macOS's select-all. */
	private static final class MacLikeDriver extends FakeDesktopDriver {

		@Override
		public KeyboardDriver keyboard() {
			return new KeyboardDriver() {

				@Override
				public String selectAllChord() {
					return "cmd+a";
				}

				@Override
				public void pressKey(String keyName) {
					throw new UnsupportedOperationException();
				}

				@Override
				public void releaseKey(String keyName) {
					throw new UnsupportedOperationException();
				}

				@Override
				public void typeText(String text) {
					throw new UnsupportedOperationException();
				}

			};
		}

	}

}
