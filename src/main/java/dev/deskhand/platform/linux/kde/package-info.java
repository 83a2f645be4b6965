/**
 * The KDE Plasma driver: KWin on Wayland. Input through KWin's
 * {@code org_kde_kwin_fake_input} spoken by the Wayland wire client of
 * {@code wayland.wire} (keys of KWin's own keymap only), displays from {@code wl_output}
 * and {@code zxdg_output_v1}, capture through {@code org.kde.KWin.ScreenShot2} (a pipe
 * passed over D-Bus on the fd-passing transport shared with GNOME,
 * {@code linux.dbus.UnixFdBus}), windows through KWin scripts that call back over D-Bus,
 * the clipboard through wl-clipboard (KWin offers data-control).
 * <p>
 * KWin restricts fake input and ScreenShot2 to programs it trusts: on Plasma, by the
 * {@code X-KDE-Wayland-Interfaces} and {@code X-KDE-DBUS-Restricted-Interfaces} keys of
 * the program's {@code .desktop} file; the tests' headless KWin turns the checks off with
 * {@code KWIN_WAYLAND_NO_PERMISSION_CHECKS=1} and
 * {@code KWIN_SCREENSHOT_NO_PERMISSION_CHECKS=1}.
 */
package dev.deskhand.platform.linux.kde;
