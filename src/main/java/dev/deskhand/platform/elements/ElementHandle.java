package dev.deskhand.platform.elements;

/**
 * Where a driver finds an element again: opaque to everyone else. AT-SPI: the
 * application's bus name and the object's path; UI Automation: a runtime id; AX: the
 * element's process and its path.
 *
 * @param owner the application connection that serves the element
 * @param id the element within it
 */
public record ElementHandle(String owner, String id) {

	@Override
	public String toString() {
		return this.owner + this.id;
	}

}
