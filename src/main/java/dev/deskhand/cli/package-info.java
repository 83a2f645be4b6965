/**
 * What Deskhand says on the terminal it was started from, where the log may not be:
 * {@code --help} and {@code --version}, answered before Spring starts, and a start-up
 * failure when console logging is off (the stdio profile, whose stdout is the protocol).
 */
package dev.deskhand.cli;
