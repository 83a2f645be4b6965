package dev.deskhand.platform.linux.atspi;

import dev.deskhand.platform.elements.ElementApp;

/**
 * One application in the accessibility tree.
 *
 * @param busName its unique name on the accessibility bus ({@code :1.42}), never reused
 * while the bus runs
 * @param name its accessible name (often the program's file name)
 * @param pid its process, from the bus daemon; 0 when unknown
 * @param toolkit the toolkit's name ({@code GTK}, {@code Qt}, {@code Chromium}), or empty
 */
record AtspiApp(String busName, String name, long pid, String toolkit) {

	ElementApp element() {
		return new ElementApp(this.name, this.pid);
	}

	/** How the app is named in a sentence: {@code 'gedit' (pid 4242)}. */
	String describe() {
		return "'" + this.name + "' (" + ((this.pid > 0) ? "pid " + this.pid : this.busName) + ")";
	}

	/**
	 * Whether GetActions' names are localized ("Click" where the action is "click"), so
	 * the driver asks for each action's name: GTK's ATK bridge gives the localized one.
	 */
	boolean localizesActionNames() {
		return this.toolkit.equalsIgnoreCase("GTK") || this.toolkit.equalsIgnoreCase("gail");
	}

}
