/**
 * The desktop as elements for agents: listings with session refs and bounds in screenshot
 * pixels, refs resolved back to live elements or refused as stale, masked applications
 * left out, typed text read back.
 */
package dev.deskhand.elements;
