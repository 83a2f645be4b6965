package dev.deskhand.platform.windows.uia;

import java.util.HashMap;
import java.util.Map;

/** Recorded cached-property values, as the native layer decodes them. */
final class UiaFixtures {

	private UiaFixtures() {
	}

	/** A snapshot of the given properties over an enabled, on-screen element. */
	static UiaSnapshot snapshot(Map<Integer, Object> properties) {
		Map<Integer, Object> all = new HashMap<>();
		all.put(UiaIds.IS_ENABLED, true);
		all.put(UiaIds.IS_OFFSCREEN, false);
		all.putAll(properties);
		return UiaSnapshot.of(all);
	}

	/** Notepad's "Save" button in a window of pid 4242, on a 150 % monitor at x 1920. */
	static Map<Integer, Object> saveButton() {
		Map<Integer, Object> properties = new HashMap<>();
		properties.put(UiaIds.RUNTIME_ID, new int[] { 42, 263286, 4, -3 });
		properties.put(UiaIds.NAME, "Save");
		properties.put(UiaIds.CONTROL_TYPE, 50000);
		properties.put(UiaIds.LOCALIZED_CONTROL_TYPE, "button");
		properties.put(UiaIds.BOUNDING_RECTANGLE, new double[] { 2010.0, 300.0, 113.0, 48.0 });
		properties.put(UiaIds.IS_ENABLED, true);
		properties.put(UiaIds.HAS_KEYBOARD_FOCUS, false);
		properties.put(UiaIds.IS_KEYBOARD_FOCUSABLE, true);
		properties.put(UiaIds.IS_OFFSCREEN, false);
		properties.put(UiaIds.IS_PASSWORD, false);
		properties.put(UiaIds.AUTOMATION_ID, "1");
		properties.put(UiaIds.CLASS_NAME, "Button");
		properties.put(UiaIds.PROCESS_ID, 4242);
		properties.put(UiaIds.IS_INVOKE_PATTERN_AVAILABLE, true);
		return properties;
	}

}
