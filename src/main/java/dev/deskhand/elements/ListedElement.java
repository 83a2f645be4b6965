package dev.deskhand.elements;

import java.util.List;

import dev.deskhand.platform.elements.Element;

/**
 * An element as an agent is shown it: its session ref, and its bounds in screenshot image
 * pixels of the display it is on (so that a ref and a coordinate agree).
 *
 * @param displayId the display holding the element's centre, or {@code null} when it is
 * on none
 * @param bounds {@code [x, y, width, height]} in that display's image pixels, or
 * {@code null}
 */
public record ListedElement(String ref, Element element, String displayId, List<Integer> bounds) {

}
