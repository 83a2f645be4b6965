/**
 * The self-test a user runs on the real machine ({@code java -jar deskhand.jar
 * --deskhand.self-test}): it drives the desktop the way agents do, checks every step
 * against what the desktop reports back and against a window of its own that records what
 * it received, and prints a pass/fail table to paste into a bug report.
 */
package dev.deskhand.selftest;
