package dev.deskhand.platform.windows.uia;

import java.util.List;
import java.util.Map;

/**
 * One element's cached properties as the native layer read them after a
 * {@code FindAllBuildCache} ({@link UiaIds#CACHED_PROPERTIES}): plain values, so that
 * everything made of them is tested without Windows.
 *
 * @param runtimeId {@code GetRuntimeId}: what finds the element again
 * @param controlType {@code UIA_*ControlTypeId}
 * @param bounds {@code BoundingRectangle} as left, top, width, height in physical pixels,
 * or {@code null}
 * @param windowHandle {@code NativeWindowHandle}: the HWND of an element that is a
 * window, else 0
 * @param toggleState {@code ToggleState}, or -1 when unknown
 * @param expandCollapseState {@code ExpandCollapseState}, or -1 when unknown
 * @param value {@code Value.Value}, or {@code null}; the native layer never reads it for
 * a password field
 */
record UiaSnapshot(List<Integer> runtimeId, String name, int controlType, String localizedControlType, double[] bounds,
		boolean enabled, boolean focused, boolean focusable, boolean offscreen, boolean password, String automationId,
		String className, long processId, long windowHandle, boolean invokeAvailable, boolean valueAvailable,
		boolean toggleAvailable, boolean expandCollapseAvailable, boolean selectionItemAvailable, boolean textAvailable,
		String value, boolean valueReadOnly, int toggleState, int expandCollapseState, boolean selected) {

	UiaSnapshot {
		runtimeId = List.copyOf(runtimeId);
		name = (name != null) ? name : "";
		bounds = (bounds != null && bounds.length == 4) ? bounds.clone() : null;
	}

	/**
	 * A snapshot from decoded cached values by property id ({@link UiaVariants}): an
	 * integer, boolean, string, {@code double[]} or {@code int[]}, or {@code null} for a
	 * property the element does not support (UIA answers its "not supported" object, or
	 * nothing).
	 */
	static UiaSnapshot of(Map<Integer, Object> properties) {
		boolean password = flag(properties, UiaIds.IS_PASSWORD);
		return new UiaSnapshot(ints(properties.get(UiaIds.RUNTIME_ID)), text(properties, UiaIds.NAME),
				number(properties, UiaIds.CONTROL_TYPE, 0), text(properties, UiaIds.LOCALIZED_CONTROL_TYPE),
				(properties.get(UiaIds.BOUNDING_RECTANGLE) instanceof double[] rect) ? rect : null,
				// an element that does not say is usable: UIA's default for IsEnabled is
				// true
				!Boolean.FALSE.equals(properties.get(UiaIds.IS_ENABLED)), flag(properties, UiaIds.HAS_KEYBOARD_FOCUS),
				flag(properties, UiaIds.IS_KEYBOARD_FOCUSABLE), flag(properties, UiaIds.IS_OFFSCREEN), password,
				text(properties, UiaIds.AUTOMATION_ID), text(properties, UiaIds.CLASS_NAME),
				number(properties, UiaIds.PROCESS_ID, 0),
				// a handle fits 32 bits (shared across 32- and 64-bit processes),
				// unsigned
				number(properties, UiaIds.NATIVE_WINDOW_HANDLE, 0) & 0xffffffffL,
				flag(properties, UiaIds.IS_INVOKE_PATTERN_AVAILABLE),
				flag(properties, UiaIds.IS_VALUE_PATTERN_AVAILABLE),
				flag(properties, UiaIds.IS_TOGGLE_PATTERN_AVAILABLE),
				flag(properties, UiaIds.IS_EXPAND_COLLAPSE_PATTERN_AVAILABLE),
				flag(properties, UiaIds.IS_SELECTION_ITEM_PATTERN_AVAILABLE),
				flag(properties, UiaIds.IS_TEXT_PATTERN_AVAILABLE),
				password ? null : (String) (properties.get(UiaIds.VALUE_VALUE) instanceof String s ? s : null),
				flag(properties, UiaIds.VALUE_IS_READ_ONLY), number(properties, UiaIds.TOGGLE_STATE, -1),
				number(properties, UiaIds.EXPAND_COLLAPSE_STATE, -1),
				flag(properties, UiaIds.SELECTION_ITEM_IS_SELECTED));
	}

	/**
	 * Reads the cached properties one by one through {@code reader} (the native layer's
	 * {@code GetCachedPropertyValue}, decoded), in {@link UiaIds#CACHED_PROPERTIES}
	 * order; a password field's value is never asked for, so its text never reaches Java.
	 */
	static UiaSnapshot read(java.util.function.IntFunction<Object> reader) {
		Map<Integer, Object> properties = new java.util.HashMap<>();
		for (int id : UiaIds.CACHED_PROPERTIES) {
			if (id == UiaIds.VALUE_VALUE && Boolean.TRUE.equals(properties.get(UiaIds.IS_PASSWORD))) {
				continue;
			}
			Object value = reader.apply(id);
			if (value != null) {
				properties.put(id, value);
			}
		}
		return of(properties);
	}

	private static boolean flag(Map<Integer, Object> properties, int id) {
		return Boolean.TRUE.equals(properties.get(id));
	}

	private static String text(Map<Integer, Object> properties, int id) {
		return (properties.get(id) instanceof String s) ? s : "";
	}

	private static int number(Map<Integer, Object> properties, int id, int otherwise) {
		return (properties.get(id) instanceof Integer i) ? i : otherwise;
	}

	private static List<Integer> ints(Object value) {
		if (value instanceof int[] array) {
			return java.util.Arrays.stream(array).boxed().toList();
		}
		return List.of();
	}

	@Override
	public boolean equals(Object other) {
		return other instanceof UiaSnapshot that && this.toString().equals(that.toString());
	}

	@Override
	public int hashCode() {
		return toString().hashCode();
	}

	@Override
	public String toString() {
		// the value stays out: a toString may reach a log
		return "UiaSnapshot[" + this.runtimeId + " " + this.controlType + " '" + this.name + "' "
				+ java.util.Arrays.toString(this.bounds) + " pid " + this.processId + "]";
	}

}
