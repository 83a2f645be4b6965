/**
 * The Windows driver (issue 13): user32 {@code SendInput}, GDI capture and shcore DPI
 * through JNA (bindings in {@code platform.windows.jna}, loaded by
 * {@code WindowsDriverFactory} only, never in a static initializer). Built and tested on
 * Linux on fixtures, never run on Windows yet.
 *
 * <h2>What is pure and tested everywhere</h2>
 * <ul>
 * <li>{@code VirtualDeskCoordinates}: the 0–65535 normalisation over the virtual
 * desktop;</li>
 * <li>{@code VirtualKeys}, {@code WindowsKey}: key names to virtual keys (sided
 * modifiers, the extended flag), else to the layout's own key for a character
 * ({@code VkKeyScanW}, no Shift), else to {@code KEYEVENTF_UNICODE};</li>
 * <li>{@code WindowsInputPlanner}: every action's {@code INPUT} events;
 * {@code WindowsInputLayout}: their bytes (40 per event on 64-bit);</li>
 * <li>{@code WindowsDisplayList}: monitors to displays; {@code WindowsPixels}: DIB bytes
 * to {@code 0x00RRGGBB};</li>
 * <li>{@code WindowsWindowFilter}, {@code WindowsWindowFacts}: the Alt+Tab rules and
 * window facts to {@code WindowInfo}; {@code WindowsWindowActivation}: the
 * foreground-lock steps; {@code WindowsClipboardText}, {@code WindowsClipboardRetry}:
 * {@code CF_UNICODETEXT} bytes and the bounded wait for a held clipboard;</li>
 * <li>{@code WindowsInputVerdict}: a refused {@code SendInput} or a foreign input desktop
 * to E_DENIED (UIPI), E_NO_DESKTOP or E_FAIL; {@code WindowsDpiAwareness}: the
 * {@code dpi awareness} check; {@code WindowsIntegrity}: integrity levels from SIDs;</li>
 * <li>{@code WindowsTcpTable}: the {@code GetExtendedTcpTable} rows that tell the agents'
 * port which process opened a client's connection ({@code WindowsConnectionOwners} reads
 * the tables and the process token's user SID; its bean exists on Windows without a
 * desktop driver too).</li>
 * </ul>
 *
 * <h2>Threads</h2> No connection to own: every call is a system call on the calling
 * thread. Input runs on the InputQueue's thread through {@code WindowsInputSender};
 * release-all may send from any thread; capture shares one DIB section under a lock; the
 * failsafe's sensor reads {@code GetAsyncKeyState} and {@code GetCursorPos}.
 *
 * <h2>Assumptions only Windows can confirm</h2>
 * <ul>
 * <li>Windows maps a normalised value {@code n} to {@code n * size / 65536} pixels,
 * truncated or rounded (both readings are tested);</li>
 * <li>UIPI refuses {@code SendInput} with 0 and {@code ERROR_ACCESS_DENIED} (Microsoft
 * documents no signal at all; the foreground's integrity level is the second
 * witness);</li>
 * <li>the JVM's own manifest leaves the DPI awareness to Deskhand (Spring Boot keeps AWT
 * headless, so AWT does not set it first);</li>
 * <li>a loopback client's row is in {@code GetExtendedTcpTable}'s table with its pid
 * while its request is served, and a non-elevated Deskhand may open that process's token
 * when it is the same user's.</li>
 * </ul>
 */
package dev.deskhand.platform.windows;
