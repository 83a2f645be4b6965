package dev.deskhand.elements;

import java.util.List;

/**
 * What a listing found.
 *
 * @param truncated whether there were more than the maximum asked for
 * @param notes what is missing and why, in sentences
 */
public record ElementListing(List<ListedElement> elements, boolean truncated, List<String> notes) {

	public ElementListing {
		elements = List.copyOf(elements);
		notes = List.copyOf(notes);
	}

}
