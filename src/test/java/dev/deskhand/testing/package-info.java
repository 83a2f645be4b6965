/**
 * Live-desktop test infrastructure: a real X server and independent witnesses.
 * <p>
 * {@link dev.deskhand.testing.TestDesktop#shared()} starts Xvfb (1920x1080x24, display
 * {@code :400} upward) and openbox once per test JVM; pass its
 * {@link dev.deskhand.testing.TestDesktop#display()} to the code under test. Evidence
 * comes from other clients than the driver under test:
 * <ul>
 * <li>{@link dev.deskhand.testing.witness.WitnessWindow}: a Swing window in its own JVM
 * that logs what it received ({@code PRESS button=1 x=.. y=..}, {@code KEYDOWN code=..},
 * {@code TEXT ..}); call {@code clearEvents()} before acting, then {@code awaitEvent} or
 * {@code awaitText};</li>
 * <li>{@code pointerLocation()} (xdotool), {@code keysDown()} and
 * {@code buttonsDownMask()} (XQueryKeymap and XQueryPointer on the test's own
 * connection), {@code importRoot()} (ImageMagick), {@code windows()} and
 * {@code activeWindowTitle()} (wmctrl, xprop), and {@code run(..)} for anything else,
 * e.g. {@code xclip -o}.</li>
 * </ul>
 * Without Xvfb the tests are skipped, unless the environment variable {@code CI} is set.
 */
package dev.deskhand.testing;
