package dev.deskhand.elements;

import java.util.List;

/**
 * A search as an agent words it, before validation.
 *
 * @param app an application name, or {@code null}
 * @param window a window id from {@code list_windows} ({@code 0x1a00003}), or
 * {@code null}
 * @param roles role names in AT-SPI's spelling, or {@code null}
 * @param name a substring of the name, or {@code null}
 * @param nameRegex a regular expression the name must contain a match of, or {@code null}
 * @param states state names every element must have, or {@code null}
 * @param everything also what is not showing, and unnamed elements that are not
 * interactive
 * @param maxCount at most this many, or {@code null} for the default
 * @param focusedWindowByDefault without app and window: the focused window
 * ({@code list_elements}) rather than every application ({@code find_elements})
 */
public record ElementSearch(String app, String window, List<String> roles, String name, String nameRegex,
		List<String> states, boolean everything, Integer maxCount, boolean focusedWindowByDefault) {

}
