package dev.deskhand.platform.elements;

/**
 * The application an element belongs to, as its accessibility API names it.
 *
 * @param name the toolkit's application name (AT-SPI: the application object's name,
 * often the program's file name)
 * @param pid its process id, or {@code 0} when the platform cannot tell
 */
public record ElementApp(String name, long pid) {

}
