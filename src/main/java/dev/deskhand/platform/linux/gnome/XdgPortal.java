package dev.deskhand.platform.linux.gnome;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

import org.freedesktop.dbus.DBusPath;
import org.freedesktop.dbus.connections.impl.DBusConnection;
import org.freedesktop.dbus.exceptions.DBusException;
import org.freedesktop.dbus.exceptions.DBusExecutionException;
import org.freedesktop.dbus.types.Variant;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.linux.dbus.DbusCall;

/**
 * Calls to {@code org.freedesktop.portal.Desktop}, the xdg-desktop-portal, on one
 * connection to the session bus. A call that may ask the person (every step of a
 * ScreenCast or RemoteDesktop session) answers at once with a request object and later
 * with {@code org.freedesktop.portal.Request::Response} on it; the request's path is
 * derived from this connection's unique name and the {@code handle_token} sent, so the
 * answer is listened for before the call goes out and cannot be missed.
 * <p>
 * The connection must pass Unix file descriptors ({@code OpenPipeWireRemote} answers with
 * one): a {@link dev.deskhand.platform.linux.dbus.UnixFdBus} connection. Sessions the
 * portal opens end with the connection.
 */
final class XdgPortal implements AutoCloseable {

	static final String BUS_NAME = "org.freedesktop.portal.Desktop";

	static final String PATH = "/org/freedesktop/portal/desktop";

	static final String SCREEN_CAST = "org.freedesktop.portal.ScreenCast";

	static final String REMOTE_DESKTOP = "org.freedesktop.portal.RemoteDesktop";

	private static final String SESSION = "org.freedesktop.portal.Session";

	private static final String REQUEST = "org.freedesktop.portal.Request";

	private static final AtomicLong tokens = new AtomicLong();

	private final DBusConnection bus;

	private final Duration timeout;

	private final Map<String, CompletableFuture<PortalRequestSignals.Response>> answers = new ConcurrentHashMap<>();

	private final AutoCloseable handler;

	XdgPortal(DBusConnection bus, Duration timeout) throws DBusException {
		this.bus = bus;
		this.timeout = timeout;
		this.handler = bus.addSigHandler(PortalRequestSignals.Response.class,
				(signal) -> answer(signal.getPath()).complete(signal));
	}

	private CompletableFuture<PortalRequestSignals.Response> answer(String requestPath) {
		return this.answers.computeIfAbsent(requestPath, (path) -> new CompletableFuture<>());
	}

	DBusConnection bus() {
		return this.bus;
	}

	/**
	 * The portal interface's {@code version} property: what it offers (the ScreenCast
	 * portal remembers a grant from version 4, the RemoteDesktop portal from version 2).
	 * @return 0 when the portal does not offer the interface
	 */
	int version(String iface) {
		try {
			Object value = DbusCall.call(this.bus, BUS_NAME, PATH, "org.freedesktop.DBus.Properties", "Get",
					this.timeout, "ss", iface, "version")[0];
			Object number = (value instanceof Variant<?> variant) ? variant.getValue() : value;
			return (number instanceof Number n) ? n.intValue() : 0;
		}
		catch (DBusExecutionException ex) {
			return 0;
		}
	}

	/**
	 * Calls {@code member}, whose last argument is its options, and waits for its
	 * {@code Response}.
	 * @param wait how long the answer may take: a person may have to answer a dialog
	 * @param options the call's options, {@code handle_token} added here
	 * @return the response's results
	 * @throws DeskhandException E_DENIED when the person cancelled the dialog, E_TIMEOUT
	 * when nobody answered in time, E_NO_DESKTOP when the portal failed
	 */
	Map<String, Variant<?>> request(String iface, String member, Duration wait, String signature, Object[] arguments,
			Map<String, Variant<?>> options) {
		String token = "deskhand" + tokens.incrementAndGet();
		Map<String, Variant<?>> sent = new LinkedHashMap<>(options);
		sent.put("handle_token", new Variant<>(token));
		String expected = PATH + "/request/" + this.bus.getUniqueName().substring(1).replace('.', '_') + "/" + token;
		CompletableFuture<PortalRequestSignals.Response> answer = answer(expected);
		Object[] all = new Object[arguments.length + 1];
		System.arraycopy(arguments, 0, all, 0, arguments.length);
		all[arguments.length] = sent;
		String handle = expected;
		try {
			handle = path(DbusCall.call(this.bus, BUS_NAME, PATH, iface, member, this.timeout, signature, all)[0]);
			// a portal older than 0.9 chose the path itself
			if (!handle.equals(expected)) {
				this.answers.remove(expected);
				answer = answer(handle);
			}
			PortalRequestSignals.Response response = answer.get(wait.toMillis(), TimeUnit.MILLISECONDS);
			if (response.response() == 1) {
				throw new DeskhandException(ErrorCode.E_DENIED,
						"the person cancelled the desktop's dialog for " + iface + "." + member);
			}
			if (response.response() != 0) {
				throw new DeskhandException(ErrorCode.E_NO_DESKTOP, "xdg-desktop-portal ended " + iface + "." + member
						+ " without an answer (response " + response.response() + ")");
			}
			return response.results();
		}
		catch (TimeoutException ex) {
			closeRequest(handle);
			throw new DeskhandException(ErrorCode.E_TIMEOUT, "nobody answered the desktop's dialog for " + iface + "."
					+ member + " within " + wait + " (deskhand.gnome.portal.consent-timeout)", ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			closeRequest(handle);
			throw new DeskhandException(ErrorCode.E_TIMEOUT, "interrupted while waiting for " + iface + "." + member,
					ex);
		}
		catch (ExecutionException ex) {
			throw new IllegalStateException(ex.getCause());
		}
		finally {
			this.answers.remove(handle);
		}
	}

	/** A plain method call on the portal's object. */
	Object[] call(String iface, String member, String signature, Object... arguments) {
		return DbusCall.call(this.bus, BUS_NAME, PATH, iface, member, this.timeout, signature, arguments);
	}

	/** Ends a session the portal opened; nothing happens when it is gone already. */
	void closeSession(String sessionHandle) {
		try {
			DbusCall.call(this.bus, BUS_NAME, sessionHandle, SESSION, "Close", this.timeout, "");
		}
		catch (DBusExecutionException ex) {
			// closed already (the person stopped sharing, or the portal went away)
		}
	}

	private void closeRequest(String handle) {
		try {
			DbusCall.call(this.bus, BUS_NAME, handle, REQUEST, "Close", this.timeout, "");
		}
		catch (DBusExecutionException ex) {
			// answered or gone meanwhile
		}
	}

	/** A session handle option, as every ScreenCast and RemoteDesktop call wants it. */
	static String newSessionToken() {
		return "deskhand_session" + tokens.incrementAndGet();
	}

	static String path(Object value) {
		Object unwrapped = (value instanceof Variant<?> variant) ? variant.getValue() : value;
		return (unwrapped instanceof DBusPath path) ? path.getPath() : String.valueOf(unwrapped);
	}

	/** Stops listening; the connection is the caller's. */
	@Override
	public void close() {
		try {
			this.handler.close();
		}
		catch (Exception ex) {
			// only a signal subscription: the connection's close drops it anyway
		}
	}

}
