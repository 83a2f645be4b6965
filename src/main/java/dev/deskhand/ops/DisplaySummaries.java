package dev.deskhand.ops;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.deskhand.platform.DisplayDriver;
import dev.deskhand.platform.DisplayInfo;
import dev.deskhand.screen.ImageBudget;
import dev.deskhand.screen.ImageSize;

/**
 * Displays as operators see them, in {@code /actuator/info} and
 * {@code /actuator/deskhand}.
 */
final class DisplaySummaries {

	private DisplaySummaries() {
	}

	/**
	 * The driver's displays, each with the screenshot size the budget gives it; a display
	 * that cannot be read (the X server went away) is one entry with the error, so the
	 * endpoint still answers.
	 */
	static List<Map<String, Object>> of(DisplayDriver displays, ImageBudget budget) {
		try {
			return displays.displays().stream().map((display) -> describe(display, budget)).toList();
		}
		catch (RuntimeException ex) {
			return List.of(Map.of("error", String.valueOf(ex.getMessage())));
		}
	}

	static Map<String, Object> describe(DisplayInfo display, ImageBudget budget) {
		Map<String, Object> fields = new LinkedHashMap<>();
		fields.put("id", display.id());
		fields.put("name", display.name());
		fields.put("bounds", List.of(display.bounds().x(), display.bounds().y(), display.bounds().width(),
				display.bounds().height()));
		fields.put("scale", display.scaleFactor());
		fields.put("primary", display.primary());
		ImageSize screenshot = budget.fit(display.bounds().width(), display.bounds().height());
		// What the agent's screenshots of it measure: the coordinate space of its tool
		// calls.
		fields.put("screenshot", List.of(screenshot.width(), screenshot.height()));
		return fields;
	}

}
