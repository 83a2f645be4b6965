package dev.deskhand.tools;

import java.time.Duration;
import java.util.List;

import io.modelcontextprotocol.spec.McpSchema.CallToolResult;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.input.InputAction;
import dev.deskhand.input.InputQueue;
import dev.deskhand.platform.DisplayInfo;
import dev.deskhand.platform.Point;
import dev.deskhand.screen.ScreenService;
import dev.deskhand.screen.Screenshot;

/**
 * Submits validated actions to the input queue and renders the result, with the screenshot after
 * them when asked. This is the seam where approval (a later issue) goes, between validation and
 * the queue.
 */
class ActionRunner {

	private final InputQueue queue;

	private final ScreenService screen;

	private final Duration settle;

	ActionRunner(InputQueue queue, ScreenService screen, Duration settle) {
		this.queue = queue;
		this.screen = screen;
		this.settle = settle;
	}

	CallToolResult perform(String session, String displayId, InputAction action, Boolean screenshotAfter,
			String done) {
		return performAll(session, displayId, List.of(action), screenshotAfter, done);
	}

	CallToolResult performAll(String session, String displayId, List<InputAction> actions, Boolean screenshotAfter,
			String done) {
		this.queue.execute(session, actions);
		if (!Boolean.TRUE.equals(screenshotAfter)) {
			return ToolResults.text(done);
		}
		return screenshotAfter(session, displayAfter(displayId, actions), done);
	}

	/** Waits for the screen to settle, then renders {@code done} with a screenshot of the display. */
	CallToolResult screenshotAfter(String session, String displayId, String done) {
		pause(this.settle);
		Screenshot shot = this.screen.screenshot(session, displayId, null);
		return ToolResults.withScreenshot(done, shot);
	}

	/** The display to show after actions: the one the last pointed action landed on, else the given one. */
	private String displayAfter(String displayId, List<InputAction> actions) {
		for (int i = actions.size() - 1; i >= 0; i--) {
			Point target = actions.get(i).target();
			if (target != null) {
				for (DisplayInfo display : this.screen.displays()) {
					if (display.bounds().contains(target.x(), target.y())) {
						return display.id();
					}
				}
			}
		}
		return displayId;
	}

	static void pause(Duration duration) {
		try {
			Thread.sleep(duration.toMillis());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new DeskhandException(ErrorCode.E_FAIL, "interrupted");
		}
	}

}
