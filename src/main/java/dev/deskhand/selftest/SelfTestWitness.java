package dev.deskhand.selftest;

import dev.deskhand.platform.WindowInfo;

/**
 * A window the self-test opens and types into, that tells what it received.
 */
interface SelfTestWitness {

	/**
	 * Opens the window and waits until the desktop lists it.
	 * @param title a title no other window has
	 * @throws dev.deskhand.errors.DeskhandException when it cannot be opened or does not
	 * show
	 */
	Opened open(String title);

	/** An open witness window; closing it ends its process. */
	interface Opened extends AutoCloseable {

		/** The window as the desktop lists it. */
		WindowInfo window();

		/** The text the window holds now. */
		String received();

		@Override
		void close();

	}

}
