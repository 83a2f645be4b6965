/**
 * The accessibility tree on macOS: the AX API (ApplicationServices/HIServices) behind the
 * element model. Everything that can be pure is ({@link AxRoles}, {@link AxElements},
 * {@link AxWalk}, {@link AxPath}, {@link AxErrors}, {@link AxWindows}) and runs in tests
 * on every OS over fixture trees; the native calls ({@code AxNative*}, {@code ax.jna})
 * are thin and load only on macOS, on first use.
 */
package dev.deskhand.platform.macos.ax;
