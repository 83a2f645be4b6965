/**
 * The guarded path every desktop-changing call takes, whatever transport it came from:
 * {@link dev.deskhand.actions.ActionArguments} validates arguments and maps coordinates
 * (nothing wrong with a call survives it), {@code ActionRules} decides the capabilities
 * and the words a human approving it reads, and
 * {@link dev.deskhand.actions.DesktopActions} runs approval → input lease → input queue
 * (failsafe, privacy mask, app scope) → audit and returns an outcome the transport
 * renders.
 */
package dev.deskhand.actions;
