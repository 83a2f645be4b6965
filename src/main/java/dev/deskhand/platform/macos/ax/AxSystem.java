package dev.deskhand.platform.macos.ax;

import java.util.List;
import java.util.Optional;

/**
 * The AX API as the driver uses it: native on macOS, a fixture in tests.
 */
interface AxSystem {

	/** {@code AXIsProcessTrusted}: whether the user granted Deskhand Accessibility. */
	boolean trusted();

	/**
	 * Opens the native objects of one driver call; closing releases every CoreFoundation
	 * object the call created.
	 */
	Session open();

	interface Session extends AutoCloseable {

		/** The applications with windows on screen, front to back. */
		List<Long> applicationPids();

		/** {@code AXUIElementCreateApplication}, bounded by the call timeout. */
		AxNode application(long pid);

		/**
		 * {@code AXUIElementCopyElementAtPosition} on the system-wide element: the
		 * deepest element at a point of the desktop, in points.
		 */
		Optional<AxNode> elementAt(double x, double y);

		@Override
		void close();

	}

}
