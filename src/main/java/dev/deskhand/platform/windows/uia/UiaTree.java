package dev.deskhand.platform.windows.uia;

import java.util.List;
import java.util.Optional;

/**
 * The UI Automation calls the driver makes, in the units the pure code works in:
 * snapshots of cached properties, runtime ids, process ids. The COM implementation is
 * {@link UiaComTree}; tests stand in a recorded tree. Every call may throw
 * {@link UiaComException} with the HRESULT UIA answered.
 */
interface UiaTree {

	/** {@code null} when UI Automation answers, else why it does not. */
	String unavailable();

	/** The desktop's top-level windows (the root's children in the control view). */
	List<UiaSnapshot> topLevels();

	/**
	 * Every control-view element inside the window {@code hwnd}, in tree order, read in
	 * one {@code FindAllBuildCache}; only those not off screen when {@code showingOnly}.
	 */
	List<UiaSnapshot> descendants(long hwnd, boolean showingOnly);

	/**
	 * The element with this runtime id inside the top-level windows of process
	 * {@code pid}, read again; empty when there is none.
	 */
	Optional<UiaSnapshot> find(long pid, List<Integer> runtimeId);

	/**
	 * The element at a desktop point and its control-view ancestors up to its top-level
	 * window, deepest first, at most {@code maxDepth}.
	 */
	List<UiaSnapshot> chainAt(int x, int y, int maxDepth);

	/**
	 * Runs a pattern's action ({@link UiaElements#INVOKE}, ... or {@link #FOCUS}) on the
	 * element found again by runtime id.
	 * @return false when the element is gone
	 */
	boolean act(long pid, List<Integer> runtimeId, String action);

	/**
	 * {@code ValuePattern.SetValue}.
	 * @return false when the element is gone
	 */
	boolean setValue(long pid, List<Integer> runtimeId, String value);

	/**
	 * The whole text: {@code TextPattern.DocumentRange.GetText(-1)} where the element
	 * offers the text pattern, else {@code ValuePattern.CurrentValue}; empty when the
	 * element is gone or offers neither. Never called for a password field.
	 */
	Optional<String> text(long pid, List<Integer> runtimeId);

	/** The full path of the process's executable, or empty when it cannot be read. */
	String executable(long pid);

	/** The action name that {@link #act} gives the focus with ({@code SetFocus}). */
	String FOCUS = "focus";

}
