/**
 * The platform seam's element model: applications' accessibility trees as elements with
 * one role and state vocabulary, bounds in desktop units, and the actions they offer,
 * whichever API (AT-SPI, UI Automation, AX) a driver reads them with.
 */
package dev.deskhand.platform.elements;
