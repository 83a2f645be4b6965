package dev.deskhand.platform.linux.atspi;

import java.util.List;
import java.util.Set;

import dev.deskhand.platform.elements.ElementRole;

/**
 * What does not change for one AT-SPI object while it lives: its role, its interfaces and
 * its actions' names. A recycled path would show another role, which the stale-ref check
 * reads fresh; names, states, extents and text are always read again.
 */
record AtspiFacts(ElementRole role, Set<String> interfaces, List<String> actions) {

}
