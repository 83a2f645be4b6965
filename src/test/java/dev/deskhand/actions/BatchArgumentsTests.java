package dev.deskhand.actions;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.fake.FakeDesktopDriver;
import dev.deskhand.input.InputAction;
import dev.deskhand.input.KeyChord;
import dev.deskhand.platform.MouseButton;
import dev.deskhand.platform.Point;
import dev.deskhand.screen.ScreenService;
import dev.deskhand.screen.ScreenshotProperties;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A batch is validated whole: one bad action refuses all of them, naming which. */
class BatchArgumentsTests {

	private final FakeDesktopDriver driver = new FakeDesktopDriver();

	private final ScreenService screen = new ScreenService(this.driver,
			new ScreenshotProperties(1280, 800, 1_150_000, "png", 0.8f, Duration.ofMillis(300), true),
			Clock.systemUTC());

	private final BatchArguments parser = new BatchArguments(new ActionArguments(this.screen, this.driver,
			new ApplicationsProperties(java.util.Map.of(), Duration.ofSeconds(15))));

	@Test
	void parsesEveryActionWithCoordinatesMappedToTheDesktop() {
		List<InputAction> actions = this.parser.parse("s", this.parser.display("s", null),
				List.of(Map.of("action", "left_click", "coordinate", List.of(640, 360)),
						Map.of("action", "type", "text", "héllo"), Map.of("action", "key", "text", "ctrl+s"),
						Map.of("action", "scroll", "scroll_direction", "down", "scroll_amount", 2), Map.of("action",
								"left_click_drag", "start_coordinate", List.of(0, 0), "coordinate", List.of(1279, 719)),
						Map.of("action", "wait", "duration", 0.5)));
		// 1920x1080 screen, 1280x720 image: image pixel 640 covers screen 960..961, its
		// centre maps to 960.
		assertThat(actions.get(0)).isEqualTo(new InputAction.Click("left_click", new Point(960, 540), MouseButton.LEFT,
				1, dev.deskhand.input.KeyChord.NONE));
		assertThat(actions.get(4))
			.isEqualTo(new InputAction.Drag(new Point(0, 0), new Point(1919, 1079), KeyChord.NONE));
		assertThat(actions.get(5)).isEqualTo(new InputAction.Pause(Duration.ofMillis(500)));
		assertThat(actions).hasSize(6);
	}

	@Test
	void oneBadActionRefusesTheWholeBatch() {
		assertBad(List.of(Map.of("action", "left_click", "coordinate", List.of(10, 10)),
				Map.of("action", "left_click", "coordinate", List.of(1280, 10))), "actions[1]: ", "outside");
		assertBad(List.of(Map.of("action", "fly")), "actions[0]: ", "action must be one of");
		assertBad(List.of(Map.of("action", "key", "text", "ctrl+nope")), "actions[0]: ", "unknown key 'nope'");
		assertBad(List.of(Map.of("action", "type", "txt", "x")), "actions[0]: ", "takes no argument 'txt'");
		assertBad(List.of(Map.of("action", "left_click", "coordinate", List.of(1.5, 2))), "actions[0]: ",
				"whole number");
		assertBad(List.of(Map.of("action", "hold_key", "text", "a", "duration", 101)), "actions[0]: ", "at most 100");
		assertBad(List.of(Map.of("action", "scroll", "scroll_direction", "sideways")), "actions[0]: ",
				"up, down, left or right");
		assertBad(List.of(), "", "actions is empty");
		assertThat(this.driver.calls).isEmpty();
	}

	@Test
	void aBatchMapsEveryCoordinateWithTheOneReadingOfTheDisplaysItsDisplayWasChosenFrom() {
		List<InputAction> actions = this.parser.parse("s", this.parser.display("s", null), List.of(
				Map.of("action", "mouse_move", "coordinate", List.of(10, 10)),
				Map.of("action", "left_click", "coordinate", List.of(20, 20), "display_id", "screen"),
				Map.of("action", "left_click_drag", "start_coordinate", List.of(0, 0), "coordinate", List.of(30, 30))));
		assertThat(actions).hasSize(3);
		assertThat(this.driver.displayReads).hasValue(1);
	}

	private void assertBad(List<Map<String, Object>> batch, String prefix, String message) {
		assertThatThrownBy(() -> this.parser.parse("s", this.parser.display("s", null), batch))
			.isInstanceOf(DeskhandException.class)
			.hasMessageStartingWith(prefix)
			.hasMessageContaining(message)
			.extracting((ex) -> ((DeskhandException) ex).code())
			.isEqualTo(ErrorCode.E_ARGS);
	}

	@Test
	void aLoneSurrogateIsRefusedBeforeAnythingIsQueued() {
		ActionArguments arguments = new ActionArguments(this.screen, this.driver,
				new ApplicationsProperties(Map.of(), Duration.ofSeconds(15)));
		for (String text : List.of("\ud800", "a\udc00b", "ok\ud83d")) {
			assertThatThrownBy(() -> arguments.type(text)).hasMessageContaining("lone surrogate");
			assertThatThrownBy(() -> arguments.writeClipboard(text)).hasMessageContaining("lone surrogate");
		}
		assertThat(((InputAction.TypeText) arguments.type("\ud83d\ude00 ok")).text()).isEqualTo("\ud83d\ude00 ok");
		assertThat(this.driver.calls).isEmpty();
	}

}
