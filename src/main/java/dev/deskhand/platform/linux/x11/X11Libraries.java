package dev.deskhand.platform.linux.x11;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;

import com.sun.jna.Function;
import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;
import com.sun.jna.platform.unix.X11;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.deskhand.platform.NativeLibraries;
import dev.deskhand.platform.linux.LinuxLibc;
import dev.deskhand.platform.linux.x11.jna.XDamage;
import dev.deskhand.platform.linux.x11.jna.XFixes;
import dev.deskhand.platform.linux.x11.jna.XInput;
import dev.deskhand.platform.linux.x11.jna.XShm;
import dev.deskhand.platform.linux.x11.jna.XTestDevice;
import dev.deskhand.platform.linux.x11.jna.Xlib;
import dev.deskhand.platform.linux.x11.jna.Xrandr;

/**
 * The native libraries, loaded once, and the process-wide Xlib error handlers, installed
 * once before any connection is opened. Xlib's defaults call {@code exit()} on an X error
 * or a lost server, which would end the JVM; these handlers log, record the error on its
 * {@link X11Connection}, and return.
 */
final class X11Libraries {

	private static final Logger logger = LoggerFactory.getLogger(X11Libraries.class);

	private static final String INSTALL_HINT = "install the X11 client libraries (Debian/Ubuntu: apt-get install"
			+ " libx11-6 libxext6 libxtst6 libxrandr2)";

	private static volatile X11Libraries instance;

	/** The connections the handlers may be called for, by {@code Display*} address. */
	private final Map<Long, X11Connection> connections = new ConcurrentHashMap<>();

	// strong references: JNA frees a callback's native stub once its Java object is
	// collected
	private final Xlib.XErrorHandlerRaw errorHandler = this::onError;

	private final Xlib.XIOErrorHandler ioErrorHandler = this::onIoError;

	private final Xlib.XIOErrorExitHandler ioErrorExitHandler = this::onIoErrorExit;

	private final Xlib xlib;

	private final X11.XTest xtest;

	private final Xrandr xrandr;

	private final XShm xshm;

	private final LinuxLibc libc;

	/** {@code null} without libXdamage: screenshots then capture whole displays. */
	private final XDamage xdamage;

	/** {@code null} without libXfixes: screenshots then capture whole displays. */
	private final XFixes xfixes;

	/** {@code null} without libXi: the own-seat mode is refused then. */
	private final XInput xinput;

	private final XTestDevice xtestDevice;

	private final boolean ioErrorExitHandlerAvailable;

	/**
	 * The handler that was installed before ours (AWT's, say), for displays that are not
	 * ours.
	 */
	private final Function previousErrorHandler;

	private X11Libraries() {
		this.xlib = Native.load("X11", Xlib.class);
		// XInitThreads must come before any other Xlib call to count; libX11 1.8 calls it
		// itself
		this.xlib.XInitThreads();
		this.xtest = X11.XTest.INSTANCE;
		this.xrandr = Native.load("Xrandr", Xrandr.class);
		this.xshm = Native.load("Xext", XShm.class);
		this.libc = LinuxLibc.get();
		this.xdamage = loadOptional("Xdamage", XDamage.class, "libxdamage1");
		this.xfixes = loadOptional("Xfixes", XFixes.class, "libxfixes3");
		this.xinput = loadForOwnSeat("Xi", XInput.class);
		this.xtestDevice = (this.xinput != null) ? loadForOwnSeat("Xtst", XTestDevice.class) : null;
		this.previousErrorHandler = installErrorHandler();
		this.xlib.XSetIOErrorHandler(this.ioErrorHandler);
		this.ioErrorExitHandlerAvailable = hasSymbol("XSetIOErrorExitHandler");
		if (!this.ioErrorExitHandlerAvailable) {
			logger.warn("libX11 is older than 1.7 (no XSetIOErrorExitHandler): if the X server goes away, Xlib"
					+ " will end the JVM");
		}
	}

	static X11Libraries get() {
		X11Libraries libraries = instance;
		if (libraries == null) {
			synchronized (X11Libraries.class) {
				// the class lock makes loading and handler installation happen exactly
				// once
				libraries = instance;
				if (libraries == null) {
					libraries = load();
					instance = libraries;
				}
			}
		}
		return libraries;
	}

	private static X11Libraries load() {
		return NativeLibraries.require("the X11 client libraries", INSTALL_HINT, X11Libraries::new);
	}

	private static <T extends Library> T loadOptional(String name, Class<T> type, String debianPackage) {
		try {
			return Native.load(name, type);
		}
		catch (UnsatisfiedLinkError ex) {
			logger.info("lib{} is not installed ({}): screenshots capture whole displays every time", name,
					debianPackage);
			return null;
		}
	}

	private static <T extends Library> T loadForOwnSeat(String name, Class<T> type) {
		try {
			return Native.load(name, type);
		}
		catch (UnsatisfiedLinkError ex) {
			logger.debug("lib{} is not installed: the own-seat working mode is not available", name);
			return null;
		}
	}

	private Function installErrorHandler() {
		// XSetErrorHandler returns _XDefaultError when nothing was set: find its address
		// to tell
		Pointer previous = this.xlib.XSetErrorHandler((Pointer) null);
		Pointer xlibDefault = this.xlib.XSetErrorHandler((Pointer) null);
		this.xlib.XSetErrorHandler(this.errorHandler);
		if (previous == null || previous.equals(xlibDefault)) {
			return null;
		}
		logger.debug("chaining X errors of foreign connections to the handler installed before ours");
		return Function.getFunction(previous);
	}

	private boolean hasSymbol(String name) {
		try {
			NativeLibrary.getInstance("X11").getFunction(name);
			return true;
		}
		catch (UnsatisfiedLinkError ex) {
			return false;
		}
	}

	Xlib xlib() {
		return this.xlib;
	}

	X11.XTest xtest() {
		return this.xtest;
	}

	Xrandr xrandr() {
		return this.xrandr;
	}

	XShm xshm() {
		return this.xshm;
	}

	LinuxLibc libc() {
		return this.libc;
	}

	/** {@code null} when libXdamage is not installed. */
	XDamage xdamage() {
		return this.xdamage;
	}

	/** {@code null} when libXfixes is not installed. */
	XFixes xfixes() {
		return this.xfixes;
	}

	/** {@code null} when libXi is not installed. */
	XInput xinput() {
		return this.xinput;
	}

	/** {@code null} when libXi is not installed. */
	XTestDevice xtestDevice() {
		return this.xtestDevice;
	}

	/** Set while this thread is inside XOpenDisplay: see {@link #onIoError}. */
	private static final ThreadLocal<Boolean> OPENING = ThreadLocal.withInitial(() -> false);

	/**
	 * Runs an XOpenDisplay. Should the server go away in the middle of it, the thread is
	 * parked for good rather than letting Xlib exit the JVM (libX11 reads the exit
	 * handler before it calls ours, and a display gets ours only once XOpenDisplay
	 * returned): threads that must not be lost open through
	 * {@link X11Connection#openBounded}.
	 */
	<T> T opening(Supplier<T> open) {
		OPENING.set(true);
		try {
			return open.get();
		}
		finally {
			OPENING.set(false);
		}
	}

	void register(X11Connection connection) {
		this.connections.put(Pointer.nativeValue(connection.display().getPointer()), connection);
		if (this.ioErrorExitHandlerAvailable) {
			this.xlib.XSetIOErrorExitHandler(connection.display(), this.ioErrorExitHandler, null);
		}
	}

	/**
	 * After XCloseDisplay: the address may already belong to a newer connection, keep
	 * that one.
	 */
	void unregister(X11Connection connection) {
		this.connections.remove(Pointer.nativeValue(connection.display().getPointer()), connection);
	}

	private int onError(Pointer display, Pointer event) {
		X11Connection connection = this.connections.get(Pointer.nativeValue(display));
		if (connection == null && this.previousErrorHandler != null) {
			return this.previousErrorHandler.invokeInt(new Object[] { display, event });
		}
		int errorCode = event.getByte(Xlib.XErrorEventLayout.ERROR_CODE) & 0xff;
		X11Error error = new X11Error(errorCode, event.getByte(Xlib.XErrorEventLayout.REQUEST_CODE) & 0xff,
				event.getByte(Xlib.XErrorEventLayout.MINOR_CODE) & 0xff,
				event.getLong(Xlib.XErrorEventLayout.RESOURCE_ID), event.getLong(Xlib.XErrorEventLayout.SERIAL),
				errorText(display, errorCode));
		if (connection == null) {
			logger.warn("X error on a connection Deskhand does not own: {}", error.describe());
		}
		else {
			connection.recordError(error);
		}
		return 0;
	}

	private String errorText(Pointer display, int errorCode) {
		byte[] buffer = new byte[160];
		X11.Display dpy = new X11.Display();
		dpy.setPointer(display);
		this.xlib.XGetErrorText(dpy, errorCode, buffer, buffer.length);
		int length = 0;
		while (length < buffer.length && buffer[length] != 0) {
			length++;
		}
		return new String(buffer, 0, length, StandardCharsets.UTF_8);
	}

	private int onIoError(Pointer display) {
		X11Connection connection = this.connections.get(Pointer.nativeValue(display));
		if (connection != null) {
			connection.markBroken();
		}
		else if (OPENING.get()) {
			// the server went away inside XOpenDisplay, before register could install our
			// exit handler: returning would let Xlib exit() the JVM
			logger.error("the X server went away while this thread was opening a connection; Xlib would end the"
					+ " process now, so this thread stays parked instead");
			while (true) {
				LockSupport.park(this);
			}
		}
		else {
			logger.warn("lost the connection to an X server on a connection Deskhand does not own");
		}
		// returning hands over to the per-connection exit handler (ours, or Xlib's exit)
		return 0;
	}

	private void onIoErrorExit(Pointer display, Pointer userData) {
		X11Connection connection = this.connections.get(Pointer.nativeValue(display));
		if (connection != null) {
			connection.markBroken();
		}
	}

}
