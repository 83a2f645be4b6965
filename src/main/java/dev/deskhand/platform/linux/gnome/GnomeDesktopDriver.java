package dev.deskhand.platform.linux.gnome;

import dev.deskhand.platform.linux.TextOutsideLayout;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.freedesktop.dbus.connections.impl.DBusConnection;
import org.freedesktop.dbus.connections.impl.DBusConnectionBuilder;
import org.freedesktop.dbus.exceptions.DBusException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.ClipboardDriver;
import dev.deskhand.platform.Closeables;
import dev.deskhand.platform.DesktopConsent;
import dev.deskhand.platform.DesktopDriver;
import dev.deskhand.platform.DesktopHealth;
import dev.deskhand.platform.DriverParts;
import dev.deskhand.platform.InjectedInput;
import dev.deskhand.platform.InputStateSensor;
import dev.deskhand.platform.linux.DbusValues;
import dev.deskhand.platform.linux.dbus.DbusCall;
import dev.deskhand.platform.linux.dbus.UnixFdBus;

/**
 * The GNOME driver (GNOME Shell or mutter on Wayland), through what mutter offers a
 * program in the user's session on the session bus, with no portal and no consent dialog:
 * displays from {@code org.gnome.Mutter.DisplayConfig} ({@link GnomeDisplays}), frames
 * from {@code org.gnome.Mutter.ScreenCast} through PipeWire ({@link GnomeCapture}),
 * pointer and keyboard through {@code org.gnome.Mutter.RemoteDesktop}
 * ({@link MutterRemoteDesktop}), windows from the Shell's introspection or the
 * accessibility tree ({@link GnomeWindows}), programs started in the session
 * ({@link GnomeLauncher}). Desktop units are mutter's layout units: a display's bounds
 * times its scale factor are its pixels.
 * <p>
 * On the portal path ({@link GnomeApi#PORTAL}, or {@link GnomeApi#AUTO} where mutter's
 * names do not answer) frames come from the xdg-desktop-portal's ScreenCast
 * ({@link PortalScreenCast}) and input goes through its RemoteDesktop
 * ({@link PortalRemoteSession}), after the person's consent in the desktop's dialogs;
 * each grant is told to a {@link DesktopConsent.Listener}.
 * <p>
 * One connection to the session bus carries everything: mutter ends a remote desktop or
 * screencast session when the connection that opened it closes, so closing the driver
 * ends them all. Frames do not travel over it (PipeWire carries them), so a look never
 * waits behind an input call.
 */
final class GnomeDesktopDriver implements DesktopDriver, AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(GnomeDesktopDriver.class);

	// mutter's names on the session bus that this driver needs
	private static final List<String> MUTTER_NAMES = List.of(MutterDisplayConfig.BUS_NAME, MutterScreenCast.BUS_NAME,
			"org.gnome.Mutter.RemoteDesktop");

	private final DBusConnection bus;

	private final String waylandDisplay;

	private final GnomeDisplays displays;

	private final GnomeCapture capture;

	private final MutterRemoteDesktop input;

	private final GnomeWindows windows;

	private final GnomeLauncher launcher;

	private final DriverParts parts;

	private final Duration timeout;

	private final String via;

	private final List<AutoCloseable> closeables;

	private GnomeDesktopDriver(Builder built) {
		this.bus = built.bus;
		this.waylandDisplay = built.waylandDisplay;
		this.displays = built.displays;
		this.capture = built.capture;
		this.input = built.input;
		this.windows = built.windows;
		this.launcher = built.launcher;
		this.timeout = built.timeout;
		this.via = built.via;
		this.closeables = built.opened;
		this.parts = new DriverParts(this.displays, this.capture, this.input.pointer(), this.input.keyboard(),
				this.windows, built.clipboard);
	}

	/**
	 * Connects to the GNOME session of this environment through mutter's own API, as the
	 * contract tests do.
	 * @see #connect(Map, GnomeProperties, DesktopConsent.Listener)
	 */
	static GnomeDesktopDriver connect(Map<String, String> environment, Duration timeout,
			TextOutsideLayout textOutsideLayout) {
		return connect(environment, GnomeProperties.mutter(timeout, textOutsideLayout), DesktopConsent.Listener.NONE);
	}

	/**
	 * Connects to the GNOME session of this environment.
	 * @param environment the session's variables: {@code DBUS_SESSION_BUS_ADDRESS} (where
	 * mutter answers), {@code XDG_RUNTIME_DIR} (PipeWire's socket {@code pipewire-0}, the
	 * Wayland socket), {@code WAYLAND_DISPLAY} (default {@code wayland-0}), and what
	 * programs started in the session get ({@link GnomeLauncher})
	 * @param settings the call timeout, what typing does with characters the layout
	 * lacks, mutter's API or the portal ({@link GnomeApi}) and how the portal runs
	 * @param consents told of every grant the portal's dialogs give
	 * @throws DeskhandException E_NO_DESKTOP with a sentence an operator can act on
	 */
	static GnomeDesktopDriver connect(Map<String, String> environment, GnomeProperties settings,
			DesktopConsent.Listener consents) {
		String address = environment.get("DBUS_SESSION_BUS_ADDRESS");
		String runtimeDir = environment.get("XDG_RUNTIME_DIR");
		if (address == null || address.isBlank() || runtimeDir == null || runtimeDir.isBlank()) {
			throw noDesktop(
					"Deskhand cannot find the GNOME session: DBUS_SESSION_BUS_ADDRESS and XDG_RUNTIME_DIR"
							+ " must be the session's (run Deskhand inside the user's GNOME session, as that user)",
					null);
		}
		Duration timeout = settings.callTimeout();
		Builder built = new Builder(timeout, environment.getOrDefault("WAYLAND_DISPLAY", "wayland-0"));
		try {
			built.bus = built.track(DBusConnectionBuilder.forAddress(address).withShared(false).build());
			List<String> owned = DbusValues.list(DbusCall.call(built.bus, "org.freedesktop.DBus",
					"/org/freedesktop/DBus", "org.freedesktop.DBus", "ListNames", timeout, "")[0], String.class);
			GnomeApi api = choose(settings.api(), owned);
			built.displays = built.track(GnomeDisplays.watch(built.bus, timeout, () -> built.input.lastPointer()));
			Path runtime = Path.of(runtimeDir);
			Path waylandSocket = runtime.resolve(built.waylandDisplay);
			if (api == GnomeApi.MUTTER) {
				requireMutter(owned, address);
				built.via = "mutter's D-Bus API";
				built.capture = built.track(new GnomeCapture(built.bus, pipewireSocket(environment, runtime),
						built.displays::displays, built::lastInjection, GnomeCapture.FRESH_FRAME_WAIT, timeout));
				built.input = built.track(MutterRemoteDesktop.open(built.bus, waylandSocket, built.displays::displays,
						timeout, settings.textOutsideLayout()));
			}
			else {
				requirePortal(owned, address);
				openPortal(built, address, waylandSocket, settings, consents);
			}
			built.windows = built.track(new GnomeWindows(built.bus, environment, timeout));
			built.launcher = new GnomeLauncher(environment);
			built.clipboard = owned.contains(GnomeClipboard.BUS_NAME)
					? built.track(GnomeClipboard.open(address, timeout))
					: new UnavailableClipboard("mutter's RemoteDesktop API does not answer on this session bus, and"
							+ " the RemoteDesktop portal offers no clipboard: the clipboard cannot be read or written");
			GnomeDesktopDriver driver = new GnomeDesktopDriver(built);
			logger.info("GNOME driver on {} (session bus {}, {}): displays {}", built.waylandDisplay, address,
					built.via, driver.displays().displays());
			return driver;
		}
		catch (DBusException | RuntimeException ex) {
			built.closeAll();
			if (ex instanceof DeskhandException deskhand && deskhand.code() == ErrorCode.E_NO_DESKTOP) {
				throw deskhand;
			}
			throw noDesktop("Deskhand cannot drive the GNOME session on " + address + ": " + ex.getMessage(), ex);
		}
	}

	/** {@code auto}: mutter's API when all its names are on the bus, else the portal. */
	static GnomeApi choose(GnomeApi wanted, List<String> owned) {
		if (wanted != GnomeApi.AUTO) {
			return wanted;
		}
		return owned.containsAll(MUTTER_NAMES) ? GnomeApi.MUTTER : GnomeApi.PORTAL;
	}

	// capture through the ScreenCast portal, input through the RemoteDesktop portal (or
	// none), on a connection of their own that passes the PipeWire descriptors; both
	// dialogs come now, while Deskhand starts, not at an agent's first look
	private static void openPortal(Builder built, String address, Path waylandSocket, GnomeProperties settings,
			DesktopConsent.Listener consents) throws DBusException {
		Duration timeout = settings.callTimeout();
		GnomeProperties.Portal portal = settings.portal();
		DBusConnection portalBus = built.track(UnixFdBus.connect(address));
		XdgPortal xdg = built.track(new XdgPortal(portalBus, timeout));
		PortalTokens tokens = new PortalTokens(portal.tokenFile());
		int castVersion = xdg.version(XdgPortal.SCREEN_CAST);
		int remoteVersion = xdg.version(XdgPortal.REMOTE_DESKTOP);
		GnomeCapture capture = built.track(new GnomeCapture(
				(now) -> PortalScreenCast.open(xdg, now, tokens, consents, timeout, portal.consentTimeout()),
				built.displays::displays, built::lastInjection, GnomeCapture.FRESH_FRAME_WAIT));
		built.capture = capture;
		capture.startRecording();
		if (portal.input()) {
			built.input = built.track(MutterRemoteDesktop.open(
					(now) -> PortalRemoteSession.start(xdg, now, tokens, consents, timeout, portal.consentTimeout()),
					waylandSocket, built.displays::displays, timeout, settings.textOutsideLayout()));
		}
		else {
			built.input = built.track(MutterRemoteDesktop.open(
					(now) -> RemoteInputSession.refused("input through the portal is off"
							+ " (deskhand.gnome.portal.input=false): Deskhand only looks at this desktop"),
					null, built.displays::displays, timeout, settings.textOutsideLayout()));
		}
		built.via = "xdg-desktop-portal: ScreenCast v" + castVersion
				+ ((castVersion >= PortalScreenCast.PERSISTS_FROM) ? " (remembered)" : " (asks at every start)")
				+ (portal.input()
						? ", RemoteDesktop v" + remoteVersion + ((remoteVersion >= PortalRemoteSession.PERSISTS_FROM)
								? " (remembered)" : " (asks at every start)")
						: ", no input");
		if (portal.input() && remoteVersion < PortalRemoteSession.PERSISTS_FROM) {
			logger.warn(
					"the RemoteDesktop portal here is version {}: it cannot remember a grant, so the person is"
							+ " asked at every start of Deskhand (and after an input reset); for capture alone, set"
							+ " deskhand.gnome.portal.input=false (the ScreenCast portal, version {}, {})",
					remoteVersion, castVersion,
					(castVersion >= PortalScreenCast.PERSISTS_FROM) ? "remembers" : "does not remember either");
		}
	}

	// PIPEWIRE_REMOTE when it names a socket path, as PipeWire's own clients read it
	private static Path pipewireSocket(Map<String, String> environment, Path runtimeDir) {
		String remote = environment.get("PIPEWIRE_REMOTE");
		if (remote != null && remote.startsWith("/")) {
			return Path.of(remote);
		}
		return runtimeDir.resolve((remote == null || remote.isBlank()) ? "pipewire-0" : remote);
	}

	private static void requireMutter(List<String> owned, String address) {
		List<String> missing = MUTTER_NAMES.stream().filter((name) -> !owned.contains(name)).toList();
		if (!missing.isEmpty()) {
			throw noDesktop("this session looks like GNOME, but nobody on its session bus (" + address + ") answers as "
					+ String.join(", ", missing)
					+ ": run Deskhand inside the user's GNOME Wayland session, as that user", null);
		}
	}

	// the portal draws the dialogs and hands over the streams; mutter's DisplayConfig
	// still says where the displays are
	private static void requirePortal(List<String> owned, String address) {
		List<String> missing = List.of(XdgPortal.BUS_NAME, MutterDisplayConfig.BUS_NAME)
			.stream()
			.filter((name) -> !owned.contains(name))
			.toList();
		if (!missing.isEmpty()) {
			throw noDesktop("the GNOME driver's portal path (deskhand.gnome.api) needs " + String.join(" and ", missing)
					+ " on the session bus (" + address + "), which nobody answers as: start xdg-desktop-portal and"
					+ " xdg-desktop-portal-gnome in the session (a GNOME session starts them on demand), or set"
					+ " deskhand.gnome.api=mutter", null);
		}
	}

	private static DeskhandException noDesktop(String message, Throwable cause) {
		DeskhandException ex = new DeskhandException(ErrorCode.E_NO_DESKTOP, message);
		if (cause != null) {
			ex.initCause(cause);
		}
		return ex;
	}

	@Override
	public String name() {
		return "gnome";
	}

	@Override
	public String target() {
		return this.waylandDisplay + " (GNOME, " + this.via + ")";
	}

	@Override
	public boolean reachable() {
		try {
			DbusCall.call(this.bus, MutterDisplayConfig.BUS_NAME, MutterDisplayConfig.PATH, "org.freedesktop.DBus.Peer",
					"Ping", this.timeout, "");
			return true;
		}
		catch (RuntimeException ex) {
			return false;
		}
	}

	@Override
	public DesktopHealth health() {
		return reachable() ? DesktopHealth.answering()
				: new DesktopHealth(DesktopHealth.State.GONE, "mutter does not answer on the session bus", false);
	}

	@Override
	public DriverParts parts() {
		return this.parts;
	}

	@Override
	public Process launch(List<String> command) {
		return this.launcher.launch(command);
	}

	/**
	 * GNOME lets no client read the keyboard's state or be told of a chord: the sensor
	 * sees the pointer where Deskhand last put it, and the person's input through
	 * mutter's idle time ({@link GnomeInputSensor}).
	 */
	@Override
	public InputStateSensor openSensor(List<String> chord) {
		return GnomeInputSensor.open(this.bus, chord, this.input::lastPointer, this.input::lastInjection, this.timeout);
	}

	@Override
	public String failsafeSees() {
		return GnomeInputSensor.FAILSAFE_SEES;
	}

	@Override
	public Optional<InjectedInput> injectedInput() {
		return Optional.of(this.input.injected());
	}

	@Override
	public boolean applicationsKnowTheirPosition() {
		// a Wayland client never learns where mutter put its window
		return false;
	}

	@Override
	public void releaseAll() {
		this.input.releaseAll();
	}

	@Override
	public void resetInput() {
		this.input.reset();
	}

	@Override
	public void close() {
		Closeables.closeInReverse(this.closeables);
	}

	// what connect() has opened so far, closed in reverse on a failure
	private static final class Builder {

		final Duration timeout;

		final String waylandDisplay;

		final List<AutoCloseable> opened = new ArrayList<>();

		DBusConnection bus;

		GnomeDisplays displays;

		GnomeCapture capture;

		MutterRemoteDesktop input;

		GnomeWindows windows;

		GnomeLauncher launcher;

		ClipboardDriver clipboard;

		// which API the driver sees and drives through, for target() and the log
		String via;

		Builder(Duration timeout, String waylandDisplay) {
			this.timeout = timeout;
			this.waylandDisplay = waylandDisplay;
		}

		// when Deskhand's last input ended, for the capture's wait for a fresh frame; the
		// capture opens before the input
		long lastInjection() {
			MutterRemoteDesktop opened = this.input;
			return (opened != null) ? opened.lastInjection() : Long.MIN_VALUE;
		}

		<T extends AutoCloseable> T track(T resource) {
			this.opened.add(resource);
			return resource;
		}

		void closeAll() {
			Closeables.closeInReverse(this.opened);
		}

	}

}
