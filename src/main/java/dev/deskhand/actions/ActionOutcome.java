package dev.deskhand.actions;

import dev.deskhand.screen.Screenshot;

/**
 * What a desktop action did, for the transport to render.
 *
 * @param text what happened, in words for the agent (and any warning)
 * @param screenshot the screen after the action settled, when asked for; else
 * {@code null}
 */
public record ActionOutcome(String text, Screenshot screenshot) {

}
