package dev.deskhand.platform.windows.uia;

import java.util.List;
import java.util.Optional;

import dev.deskhand.platform.elements.ElementApp;

/** Which application a query names, and the hit test's choice. */
final class UiaQueries {

	private UiaQueries() {
	}

	/**
	 * Whether the application is the one named: its executable's name, with or without
	 * {@code .exe}, case-insensitive.
	 */
	static boolean belongsTo(ElementApp app, String name) {
		String wanted = name.strip();
		return wanted.equalsIgnoreCase(app.name()) || wanted.equalsIgnoreCase(app.name() + ".exe");
	}

	/**
	 * From a hit test's chain (deepest first, up to its top-level window): nothing when
	 * the point is not in the window {@code hwnd}, else the nearest element that offers
	 * an action, else the deepest.
	 */
	static Optional<UiaSnapshot> pick(List<UiaSnapshot> chain, long hwnd) {
		int window = -1;
		for (int i = 0; i < chain.size(); i++) {
			if (chain.get(i).windowHandle() == hwnd) {
				window = i;
				break;
			}
		}
		if (window < 0) {
			return Optional.empty();
		}
		for (int i = 0; i < window; i++) {
			if (!UiaElements.actions(chain.get(i)).isEmpty()) {
				return Optional.of(chain.get(i));
			}
		}
		return Optional.of(chain.get(0));
	}

}
