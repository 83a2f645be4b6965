/**
 * The OS-neutral key vocabulary: the names agents send, resolved to X keysym names and
 * values, and the modifiers with their twins. Pure Java; every driver maps the names to
 * its own codes.
 */
package dev.deskhand.platform.keys;
