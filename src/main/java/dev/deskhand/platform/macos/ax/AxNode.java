package dev.deskhand.platform.macos.ax;

import java.util.List;
import java.util.Optional;

/**
 * One element of an application's AX tree, as the pure code walks and acts on it: the
 * native implementation is an {@code AXUIElementRef}, the tests' a fixture. Every method
 * may throw {@link AxException} with the AXError the application answered.
 */
interface AxNode {

	/** Its process ({@code AXUIElementGetPid}). */
	long pid();

	/** Its attributes, in one round trip. */
	AxSnapshot read();

	/** {@code AXChildren}, in the application's order (the reading order). */
	List<AxNode> children();

	/** {@code AXParent}; empty for the application element. */
	Optional<AxNode> parent();

	/** Whether both stand for the same element ({@code CFEqual}). */
	boolean sameAs(AxNode other);

	/** {@code AXUIElementCopyActionNames}. */
	List<String> actionNames();

	/** Whether {@code AXValue} can be set. */
	boolean valueSettable();

	/** The whole {@code AXValue} when it is text, else {@code null}. */
	String text();

	/** {@code AXUIElementPerformAction}. */
	void perform(String action);

	/** Sets {@code AXValue} to the text (a CFString). */
	void setValue(String text);

	/** Sets {@code AXFocused} to {@code kCFBooleanTrue}. */
	void focus();

}
