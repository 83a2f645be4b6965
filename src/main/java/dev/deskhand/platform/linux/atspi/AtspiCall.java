package dev.deskhand.platform.linux.atspi;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

import org.freedesktop.dbus.DBusPath;
import org.freedesktop.dbus.annotations.DBusInterfaceName;
import org.freedesktop.dbus.connections.AbstractConnection;
import org.freedesktop.dbus.exceptions.DBusException;
import org.freedesktop.dbus.exceptions.DBusExecutionException;
import org.freedesktop.dbus.interfaces.DBusInterface;
import org.freedesktop.dbus.messages.Error;
import org.freedesktop.dbus.messages.Message;
import org.freedesktop.dbus.messages.MethodCall;
import org.freedesktop.dbus.types.UInt32;
import org.freedesktop.dbus.types.Variant;

import dev.deskhand.platform.linux.DbusValues;
import dev.deskhand.platform.linux.atspi.AtspiDbus.ActionInfo;
import dev.deskhand.platform.linux.atspi.AtspiDbus.Extents;
import dev.deskhand.platform.linux.atspi.AtspiDbus.ObjectRef;

/**
 * One D-Bus method call in flight. Calls are sent at once and awaited later, so a batch
 * of them (every element's role, states, name and extents) costs one round trip instead
 * of one each.
 * <p>
 * The messages are built here from a fixed signature per method and the answers decoded
 * by hand, not through dbus-java's proxies: dbus-java's per-call overhead (a proxy, a
 * reflective method lookup and generic type conversion on every call), not the toolkit,
 * is what a list of a web page pays, and it halves without them. The interfaces in
 * {@link AtspiDbus} name the methods and their types.
 *
 * @param <T> what the method returns
 */
final class AtspiCall<T> {

	private static final Map<Class<?>, String> INTERFACE_NAMES = new ConcurrentHashMap<>();

	// each method's argument signature and how its answer reads
	private static final Map<String, Method> METHODS = Map.ofEntries(
			Map.entry("GetChildren", new Method("", AtspiCall::refs)),
			Map.entry("GetRole", new Method("", (p) -> (UInt32) p[0])),
			Map.entry("GetState", new Method("", (p) -> DbusValues.list(p[0], UInt32.class))),
			Map.entry("GetInterfaces", new Method("", (p) -> DbusValues.list(p[0], String.class))),
			Map.entry("Get", new Method("ss", (p) -> (Variant<?>) p[0])),
			Map.entry("Set", new Method("ssv", (p) -> Boolean.TRUE)),
			Map.entry("GetExtents", new Method("u", AtspiCall::extents)),
			Map.entry("GetAccessibleAtPoint", new Method("iiu", (p) -> ref(p[0]))),
			Map.entry("GrabFocus", new Method("", (p) -> (Boolean) p[0])),
			Map.entry("GetActions", new Method("", AtspiCall::actions)),
			Map.entry("GetName", new Method("i", (p) -> (String) p[0])),
			Map.entry("DoAction", new Method("i", (p) -> (Boolean) p[0])),
			Map.entry("GetText", new Method("ii", (p) -> (String) p[0])),
			Map.entry("SetTextContents", new Method("s", (p) -> (Boolean) p[0])),
			Map.entry("GetMatches", new Method("(aiia{ss}iaiiasib)uib", AtspiCall::refs)),
			Map.entry("GetApplicationBusAddress", new Method("", (p) -> (String) p[0])),
			Map.entry("GetAddress", new Method("", (p) -> (String) p[0])),
			Map.entry("GetConnectionUnixProcessID", new Method("s", (p) -> (UInt32) p[0])));

	private final MethodCall call;

	private final Method method;

	private final String owner;

	private AtspiCall(MethodCall call, Method method, String owner) {
		this.call = call;
		this.method = method;
		this.owner = owner;
	}

	/**
	 * Sends a call of {@code member} of {@code type}'s interface to {@code path} at
	 * {@code destination} ({@code null} on a peer-to-peer connection).
	 * @param owner the application's bus name, for errors
	 */
	static <T> AtspiCall<T> send(AbstractConnection connection, String destination, String path,
			Class<? extends DBusInterface> type, String owner, String member, Object... args) {
		Method method = METHODS.get(member);
		if (method == null) {
			throw new IllegalArgumentException("no signature for " + member);
		}
		try {
			MethodCall call = connection.getMessageFactory()
				.createMethodCall(destination, path, interfaceName(type), member, (byte) 0, method.signature(), args);
			connection.sendMessage(call);
			return new AtspiCall<>(call, method, owner);
		}
		catch (DBusException ex) {
			DBusExecutionException failure = new DBusExecutionException(ex.getMessage(), ex);
			failure.setType(ex.getClass().getName());
			throw failure;
		}
	}

	private static String interfaceName(Class<?> type) {
		return INTERFACE_NAMES.computeIfAbsent(type, (t) -> t.getAnnotation(DBusInterfaceName.class).value());
	}

	/**
	 * Waits for the answer until the deadline ({@link System#nanoTime()}), blocking on
	 * the call's own monitor (a spin burns a core).
	 * @throws AtspiTimeoutException when the application did not answer in time
	 * @throws DBusExecutionException when it answered with an error
	 */
	@SuppressWarnings("unchecked")
	T await(long deadline) {
		long millis = Math.max(1, (deadline - System.nanoTime()) / 1_000_000);
		Message answer = this.call.getReply(millis);
		if (answer == null) {
			throw new AtspiTimeoutException(this.owner);
		}
		if (answer instanceof Error error) {
			error.throwException();
		}
		try {
			return (T) this.method.decode().apply(answer.getParameters());
		}
		catch (DBusException ex) {
			throw new DBusExecutionException(
					"cannot read the answer of " + this.call.getName() + ": " + ex.getMessage(), ex);
		}
		catch (ClassCastException | ArrayIndexOutOfBoundsException ex) {
			throw new DBusExecutionException("unexpected answer of " + this.call.getName() + ": " + ex.getMessage(),
					ex);
		}
	}

	private static List<ObjectRef> refs(Object[] parameters) {
		List<ObjectRef> refs = new ArrayList<>();
		for (Object item : DbusValues.list(parameters[0], Object.class)) {
			refs.add(ref(item));
		}
		return refs;
	}

	// a (so) arrives as its fields
	static ObjectRef ref(Object value) {
		if (value instanceof ObjectRef ref) {
			return ref;
		}
		Object[] fields = DbusValues.fields(value);
		Object path = fields[1];
		return new ObjectRef((String) fields[0],
				(path instanceof DBusPath dbusPath) ? dbusPath : new DBusPath(String.valueOf(path)));
	}

	private static Extents extents(Object[] parameters) {
		Object[] fields = DbusValues.fields(parameters[0]);
		return new Extents(((Number) fields[0]).intValue(), ((Number) fields[1]).intValue(),
				((Number) fields[2]).intValue(), ((Number) fields[3]).intValue());
	}

	private static List<ActionInfo> actions(Object[] parameters) {
		List<ActionInfo> actions = new ArrayList<>();
		for (Object item : DbusValues.list(parameters[0], Object.class)) {
			Object[] fields = DbusValues.fields(item);
			actions.add(new ActionInfo((String) fields[0], (String) fields[1], (String) fields[2]));
		}
		return actions;
	}

	private record Method(String signature, Function<Object[], Object> decode) {
	}

}
