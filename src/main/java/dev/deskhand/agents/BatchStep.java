package dev.deskhand.agents;

import java.util.List;
import java.util.Locale;
import java.util.function.UnaryOperator;

import dev.deskhand.actions.ActionArguments;
import dev.deskhand.input.InputAction;
import dev.deskhand.screen.DisplayChoice;

/**
 * One batch action a vendor's action translates to, typed: each kind takes exactly the
 * arguments Deskhand acts on, so a vendor field a translation wants to pass on is a
 * compile error here rather than a map entry nothing reads. {@link #toAction} validates
 * it through {@link ActionArguments}, as the MCP tools do. Coordinates are in the
 * vocabulary's own space until {@link #withCells} maps them into the session's.
 */
public sealed interface BatchStep {

	/**
	 * @param session the session whose screenshots the coordinates refer to
	 * @throws dev.deskhand.errors.DeskhandException E_ARGS for a coordinate off the
	 * screenshot, an unknown key, an out-of-range amount
	 */
	InputAction toAction(ActionArguments actions, String session, DisplayChoice display);

	/** The same step with every coordinate passed through {@code cell}. */
	BatchStep withCells(UnaryOperator<List<Integer>> cell);

	/** A step without coordinates: mapping cells leaves it as it is. */
	sealed interface WithoutCoordinates extends BatchStep {

		@Override
		default BatchStep withCells(UnaryOperator<List<Integer>> cell) {
			return this;
		}

	}

	/** The clicks a batch can send, by their {@code computer_batch} names. */
	enum ClickKind {

		LEFT_CLICK, RIGHT_CLICK, MIDDLE_CLICK, DOUBLE_CLICK, TRIPLE_CLICK;

		String tool() {
			return name().toLowerCase(Locale.ROOT);
		}

	}

	record MoveTo(List<Integer> coordinate) implements BatchStep {

		@Override
		public InputAction toAction(ActionArguments actions, String session, DisplayChoice display) {
			return actions.moveTo(session, display, this.coordinate);
		}

		@Override
		public BatchStep withCells(UnaryOperator<List<Integer>> cell) {
			return new MoveTo(cell.apply(this.coordinate));
		}

	}

	/**
	 * @param modifiers the keys held during the click, as a chord ({@code shift+ctrl}),
	 * or {@code null}
	 */
	record Click(ClickKind kind, List<Integer> coordinate, String modifiers) implements BatchStep {

		public Click(ClickKind kind, List<Integer> coordinate) {
			this(kind, coordinate, null);
		}

		@Override
		public InputAction toAction(ActionArguments actions, String session, DisplayChoice display) {
			return actions.click(this.kind.tool(), session, display, this.coordinate, this.modifiers);
		}

		@Override
		public BatchStep withCells(UnaryOperator<List<Integer>> cell) {
			return new Click(this.kind, cell.apply(this.coordinate), this.modifiers);
		}

	}

	/**
	 * @param modifiers the keys held during the drag, or {@code null}
	 */
	record Drag(List<Integer> start, List<Integer> end, String modifiers) implements BatchStep {

		public Drag(List<Integer> start, List<Integer> end) {
			this(start, end, null);
		}

		@Override
		public InputAction toAction(ActionArguments actions, String session, DisplayChoice display) {
			return actions.drag(session, display, this.start, this.end, this.modifiers);
		}

		@Override
		public BatchStep withCells(UnaryOperator<List<Integer>> cell) {
			return new Drag(cell.apply(this.start), cell.apply(this.end), this.modifiers);
		}

	}

	/**
	 * The left button pressed or released at a point, for a drag along more than two
	 * points; the queue releases it if anything in between fails.
	 */
	record LeftButton(boolean down, List<Integer> coordinate) implements BatchStep {

		@Override
		public InputAction toAction(ActionArguments actions, String session, DisplayChoice display) {
			return actions.button(this.down ? "left_mouse_down" : "left_mouse_up", session, display, this.coordinate);
		}

		@Override
		public BatchStep withCells(UnaryOperator<List<Integer>> cell) {
			return new LeftButton(this.down, cell.apply(this.coordinate));
		}

	}

	/**
	 * @param direction {@code up}, {@code down}, {@code left} or {@code right}
	 * @param clicks wheel clicks
	 * @param modifiers the keys held during the scroll, or {@code null}
	 */
	record Scroll(List<Integer> coordinate, String direction, int clicks, String modifiers) implements BatchStep {

		public Scroll(List<Integer> coordinate, String direction, int clicks) {
			this(coordinate, direction, clicks, null);
		}

		@Override
		public InputAction toAction(ActionArguments actions, String session, DisplayChoice display) {
			return actions.scroll(session, display, this.coordinate, this.direction, this.clicks, this.modifiers);
		}

		@Override
		public BatchStep withCells(UnaryOperator<List<Integer>> cell) {
			return new Scroll(cell.apply(this.coordinate), this.direction, this.clicks, this.modifiers);
		}

	}

	record Type(String text) implements WithoutCoordinates {

		@Override
		public InputAction toAction(ActionArguments actions, String session, DisplayChoice display) {
			return actions.type(this.text);
		}

	}

	/**
	 * @param chord a key or chord such as {@code control+c}
	 */
	record Key(String chord) implements WithoutCoordinates {

		@Override
		public InputAction toAction(ActionArguments actions, String session, DisplayChoice display) {
			return actions.key(this.chord, null);
		}

	}

	/** The desktop's own select-all chord ({@code cmd+a} on macOS), whatever the OS. */
	record SelectAll() implements WithoutCoordinates {

		@Override
		public InputAction toAction(ActionArguments actions, String session, DisplayChoice display) {
			return actions.selectAll();
		}

	}

	/**
	 * @param seconds as the vendor's loop waits, whole or not
	 */
	record Wait(Number seconds) implements WithoutCoordinates {

		@Override
		public InputAction toAction(ActionArguments actions, String session, DisplayChoice display) {
			return actions.pause(this.seconds);
		}

	}

}
