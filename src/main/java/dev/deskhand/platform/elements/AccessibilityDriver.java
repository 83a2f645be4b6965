package dev.deskhand.platform.elements;

import java.util.Optional;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.Point;
import dev.deskhand.platform.WindowInfo;

/**
 * The accessibility tree of the desktop's applications: their elements, read and acted
 * on. One bean per platform (AT-SPI on Linux, for X11 and Wayland alike); where there is
 * none, {@link #unavailable} stands in and says why.
 *
 * <p>
 * Threading: reading ({@link #list}, {@link #refresh}, {@link #elementAt},
 * {@link #readText}) is thread-safe. The actions ({@link #doAction}, {@link #setText},
 * {@link #grabFocus}) change the desktop and run on the input queue's thread only.
 *
 * <p>
 * Errors: while {@link #status()} is unavailable, every other call answers
 * {@code E_UNSUPPORTED} with the reason (callers need not ask the status first, which
 * costs a round trip); an element that is gone answers {@code E_NOT_FOUND}; an
 * application that does not answer within the driver's call timeout, {@code E_TIMEOUT}.
 */
public interface AccessibilityDriver {

	/** Short name for health and results, e.g. {@code at-spi}. */
	String name();

	/**
	 * Whether the tree can be read now; when not, a sentence that says how to enable it.
	 * Never blocks for long: for health.
	 */
	AccessibilityStatus status();

	ElementList list(ElementQuery query);

	/**
	 * The element read again, if it still stands for the same thing: empty when it is
	 * gone, defunct, or now has another role (a recycled object).
	 */
	Optional<Element> refresh(Element element);

	/**
	 * The element at a point of the desktop inside the given window (the topmost there,
	 * which the caller found by stacking order): the nearest ancestor of the deepest
	 * element there that offers an action, else that deepest element.
	 */
	Optional<Element> elementAt(Point point, WindowInfo window);

	/**
	 * The element's whole text, or empty when it has no text to read. Never called for a
	 * {@link Element#secret()} element.
	 */
	Optional<String> readText(Element element);

	/**
	 * Runs the element's action number {@code index} (0 is the default). Input thread.
	 * @return whether the toolkit says it ran
	 */
	boolean doAction(Element element, int index);

	/**
	 * Replaces the element's text through its editable-text interface. Input thread.
	 * @return whether the toolkit says it did
	 * @throws DeskhandException E_UNSUPPORTED when it has none
	 */
	boolean setText(Element element, String text);

	/** Gives the element the keyboard focus. Input thread. */
	boolean grabFocus(Element element);

	/** A stand-in for a platform without a reachable tree: every call says why. */
	static AccessibilityDriver unavailable(String why) {
		return new Unavailable(why);
	}

	/** Answers every call with {@code E_UNSUPPORTED} and the reason. */
	record Unavailable(String why) implements AccessibilityDriver {

		@Override
		public String name() {
			return "none";
		}

		@Override
		public AccessibilityStatus status() {
			return AccessibilityStatus.unavailable(this.why);
		}

		@Override
		public ElementList list(ElementQuery query) {
			throw refused();
		}

		@Override
		public Optional<Element> refresh(Element element) {
			throw refused();
		}

		@Override
		public Optional<Element> elementAt(Point point, WindowInfo window) {
			throw refused();
		}

		@Override
		public Optional<String> readText(Element element) {
			throw refused();
		}

		@Override
		public boolean doAction(Element element, int index) {
			throw refused();
		}

		@Override
		public boolean setText(Element element, String text) {
			throw refused();
		}

		@Override
		public boolean grabFocus(Element element) {
			throw refused();
		}

		private DeskhandException refused() {
			return new DeskhandException(ErrorCode.E_UNSUPPORTED,
					"the accessibility tree cannot be read here: " + this.why);
		}

	}

}
