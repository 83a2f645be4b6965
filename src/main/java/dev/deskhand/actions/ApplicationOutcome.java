package dev.deskhand.actions;

import dev.deskhand.platform.WindowInfo;

/**
 * What open_application did.
 *
 * @param launched whether the app was started (else a running window was focused)
 * @param window the window that has focus now
 */
public record ApplicationOutcome(boolean launched, WindowInfo window) {

}
