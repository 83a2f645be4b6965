package dev.deskhand.platform.linux.atspi;

import java.util.stream.Collectors;

import dev.deskhand.platform.elements.Element;
import dev.deskhand.platform.elements.ElementList;
import dev.deskhand.platform.elements.ElementRole;

/** Picking elements out of a driver's list in the live tests, with a readable failure. */
final class ElementLists {

	private ElementLists() {
	}

	/** The first element of this role and name; fails listing what there was. */
	static Element find(ElementList list, ElementRole role, String name) {
		return list.elements()
			.stream()
			.filter((e) -> e.role() == role && e.name().equals(name))
			.findFirst()
			.orElseThrow(() -> new AssertionError("no " + role.spelling() + " '" + name + "' in " + summary(list)));
	}

	/** One line per element (role, name, states, bounds), then the list's notes. */
	static String summary(ElementList list) {
		return list.elements()
			.stream()
			.map((e) -> e.role().spelling() + " '" + e.name() + "' " + e.states() + " " + e.bounds())
			.collect(Collectors.joining("\n", "\n", "\nnotes: " + list.notes()));
	}

}
