package dev.deskhand.ops;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.input.InputQueue;
import dev.deskhand.platform.DesktopDriver;

/**
 * Stops the running input action when the driver says the desktop went away or stopped
 * answering, as the failsafe does: a {@code hold_key} or {@code wait} would otherwise run
 * to its end against a dead display, and its caller would hear only then. The action's
 * caller gets the driver's E_NO_DESKTOP.
 */
final class DesktopLossAbort {

	private static final Logger logger = LoggerFactory.getLogger(DesktopLossAbort.class);

	DesktopLossAbort(DesktopDriver driver, InputQueue queue) {
		driver.onDesktopLost((DeskhandException reason) -> {
			String stopped = queue.abortRunning(reason);
			if (stopped != null) {
				logger.warn("stopped '{}': {}", stopped, reason.getMessage());
			}
		});
	}

}
