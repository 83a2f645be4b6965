package dev.deskhand.platform.elements;

import java.util.List;

/**
 * What a driver found for a query.
 *
 * @param elements the elements, in the toolkit's reading order (top to bottom, as a
 * screen reader goes)
 * @param truncated whether it stopped at the query's maximum
 * @param notes what the caller should know about what is missing, in sentences (an
 * application that did not answer, a browser started without accessibility)
 */
public record ElementList(List<Element> elements, boolean truncated, List<String> notes) {

	public ElementList {
		elements = List.copyOf(elements);
		notes = List.copyOf(notes);
	}

}
