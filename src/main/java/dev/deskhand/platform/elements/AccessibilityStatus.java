package dev.deskhand.platform.elements;

/**
 * Whether the accessibility tree can be read, in a sentence for health and for a tool
 * result: when it cannot, the sentence says how to enable it.
 */
public record AccessibilityStatus(boolean available, String detail) {

	public static AccessibilityStatus available(String detail) {
		return new AccessibilityStatus(true, detail);
	}

	public static AccessibilityStatus unavailable(String detail) {
		return new AccessibilityStatus(false, detail);
	}

}
