package dev.deskhand.platform.linux.atspi;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import org.freedesktop.dbus.exceptions.DBusExecutionException;
import org.freedesktop.dbus.types.UInt32;
import org.freedesktop.dbus.types.Variant;

import dev.deskhand.platform.Rect;
import dev.deskhand.platform.elements.Element;
import dev.deskhand.platform.elements.ElementHandle;
import dev.deskhand.platform.elements.ElementRole;
import dev.deskhand.platform.elements.ElementState;
import dev.deskhand.platform.linux.atspi.AtspiDbus.Accessible;
import dev.deskhand.platform.linux.atspi.AtspiDbus.Action;
import dev.deskhand.platform.linux.atspi.AtspiDbus.ActionInfo;
import dev.deskhand.platform.linux.atspi.AtspiDbus.Component;
import dev.deskhand.platform.linux.atspi.AtspiDbus.Extents;
import dev.deskhand.platform.linux.atspi.AtspiDbus.Properties;
import dev.deskhand.platform.linux.atspi.AtspiDbus.Text;

/**
 * Reads elements in full from their paths: every element's calls go out together and are
 * awaited together, in at most three rounds (what it is; its actions and value; GTK's
 * unlocalized action names), so a list costs a few round trips, not a few per element.
 */
final class AtspiElements {

	// the x AT-SPI answers for an object that has no place on screen (a closed menu's
	// item)
	private static final int NO_PLACE = Integer.MIN_VALUE;

	private AtspiElements() {
	}

	/**
	 * Reads the elements at {@code paths}, in that order, leaving out those that vanished
	 * meanwhile.
	 * @param withValue whether to read short text values
	 * @throws AtspiTimeoutException when the application does not answer by the deadline
	 */
	static List<Element> read(AtspiChannel channel, AtspiApp app, List<String> paths, boolean withValue,
			long deadline) {
		return read(channel, app, paths, withValue, deadline, new ConcurrentHashMap<>());
	}

	/**
	 * Like {@link #read(AtspiChannel, AtspiApp, List, boolean, long)}, with what does not
	 * change for an object (its role, interfaces and action names) taken from
	 * {@code facts} where known and recorded there where not, as libatspi's own cache
	 * does: an element read before costs three calls (name, states, extents), not eight.
	 */
	static List<Element> read(AtspiChannel channel, AtspiApp app, List<String> paths, boolean withValue, long deadline,
			Map<String, AtspiFacts> facts) {
		List<Pending> pending = new ArrayList<>(paths.size());
		for (String path : paths) {
			AtspiFacts known = facts.get(path);
			AtspiCall<List<UInt32>> states = channel.call(path, Accessible.class, "GetState");
			AtspiCall<Variant<?>> name = channel.call(path, Properties.class, "Get", AtspiDbus.ACCESSIBLE, "Name");
			AtspiCall<Extents> extents = channel.call(path, Component.class, "GetExtents", AtspiDbus.COORDS_SCREEN);
			if (known != null) {
				AtspiCall<String> value = wantsValue(withValue, known.role(), known.interfaces())
						? channel.call(path, Text.class, "GetText", 0, Element.VALUE_LIMIT + 1) : null;
				pending.add(new Pending(path, known, null, states, null, name, extents, value));
			}
			else {
				pending.add(new Pending(path, null, channel.call(path, Accessible.class, "GetRole"), states,
						channel.call(path, Accessible.class, "GetInterfaces"), name, extents, null));
			}
		}
		List<Read> read = new ArrayList<>(paths.size());
		for (Pending one : pending) {
			Read basics = one.await(deadline);
			if (basics != null) {
				read.add(basics);
			}
		}
		List<Read> fresh = new ArrayList<>();
		for (Read one : read) {
			if (one.known) {
				continue;
			}
			fresh.add(one);
			if (one.interfaces.contains(AtspiDbus.ACTION)) {
				one.actionsCall = channel.call(one.path, Action.class, "GetActions");
			}
			if (wantsValue(withValue, one.role, one.interfaces)) {
				one.valueCall = channel.call(one.path, Text.class, "GetText", 0, Element.VALUE_LIMIT + 1);
			}
		}
		for (Read one : read) {
			one.awaitActions(deadline);
		}
		// GTK's GetActions names are localized, Chromium's empty: then each is asked
		boolean anyToName = false;
		for (Read one : fresh) {
			anyToName |= one.askNames(channel, app.localizesActionNames());
		}
		if (anyToName) {
			for (Read one : fresh) {
				one.awaitNames(deadline);
			}
		}
		List<Element> elements = new ArrayList<>(read.size());
		for (Read one : read) {
			if (one.gone) {
				facts.remove(one.path);
				continue;
			}
			if (!one.known) {
				facts.put(one.path, new AtspiFacts(one.role, one.interfaces, List.copyOf(one.actions)));
			}
			elements.add(one.element(channel.busName(), app));
		}
		return elements;
	}

	private static boolean wantsValue(boolean withValue, ElementRole role, Set<String> interfaces) {
		return withValue && role != ElementRole.PASSWORD_TEXT && AtspiRoles.TEXT_VALUE.contains(role)
				&& interfaces.contains(AtspiDbus.TEXT);
	}

	/** Reads one element again; {@code null} when it is gone. */
	static Element readOne(AtspiChannel channel, AtspiApp app, String path, long deadline) {
		List<Element> one = read(channel, app, List.of(path), true, deadline);
		return one.isEmpty() ? null : one.get(0);
	}

	/** Screen extents as bounds; {@code null} for no place or no size. */
	static Rect bounds(Extents extents) {
		if (extents == null || extents.x() == NO_PLACE || extents.y() == NO_PLACE || extents.width() <= 0
				|| extents.height() <= 0) {
			return null;
		}
		return new Rect(extents.x(), extents.y(), extents.width(), extents.height());
	}

	private record Pending(String path, AtspiFacts known, AtspiCall<UInt32> role, AtspiCall<List<UInt32>> states,
			AtspiCall<List<String>> interfaces, AtspiCall<Variant<?>> name, AtspiCall<Extents> extents,
			AtspiCall<String> value) {

		Read await(long deadline) {
			try {
				ElementRole elementRole = (this.known != null) ? this.known.role()
						: AtspiRoles.of(this.role.await(deadline).longValue());
				List<UInt32> words = this.states.await(deadline);
				Set<String> ifaces = (this.known != null) ? this.known.interfaces()
						: Set.copyOf(this.interfaces.await(deadline));
				Variant<?> nameValue = this.name.await(deadline);
				Extents where = null;
				try {
					where = this.extents.await(deadline);
				}
				catch (DBusExecutionException ex) {
					// no Component: an element without a place
				}
				Set<ElementState> elementStates = AtspiStates.of(words);
				if (elementStates.contains(ElementState.DEFUNCT)) {
					return null;
				}
				String elementName = (nameValue != null && nameValue.getValue() instanceof String s) ? s : "";
				Read read = new Read(this.path, elementRole, elementStates, elementName, ifaces, bounds(where));
				if (this.known != null) {
					read.known = true;
					read.actions.addAll(this.known.actions());
					read.valueCall = this.value;
				}
				return read;
			}
			catch (DBusExecutionException ex) {
				if (AtspiErrors.gone(ex) || AtspiErrors.noInterface(ex)) {
					return null;
				}
				throw ex;
			}
		}

	}

	private static final class Read {

		final String path;

		final ElementRole role;

		final Set<ElementState> states;

		final String name;

		final Set<String> interfaces;

		final Rect bounds;

		AtspiCall<List<ActionInfo>> actionsCall;

		AtspiCall<String> valueCall;

		List<AtspiCall<String>> nameCalls = List.of();

		List<String> actions = new ArrayList<>();

		String value;

		boolean gone;

		// role, interfaces and actions came from the facts already known
		boolean known;

		Read(String path, ElementRole role, Set<ElementState> states, String name, Set<String> interfaces,
				Rect bounds) {
			this.path = path;
			this.role = role;
			this.states = states;
			this.name = name;
			this.interfaces = interfaces;
			this.bounds = bounds;
		}

		void awaitActions(long deadline) {
			try {
				if (this.actionsCall != null) {
					for (ActionInfo info : this.actionsCall.await(deadline)) {
						this.actions.add((info.name() != null) ? info.name() : "");
					}
				}
				if (this.valueCall != null) {
					this.value = Element.shortValue(this.valueCall.await(deadline));
				}
			}
			catch (DBusExecutionException ex) {
				this.gone = AtspiErrors.gone(ex);
				if (!this.gone && !AtspiErrors.noInterface(ex)) {
					throw ex;
				}
			}
		}

		boolean askNames(AtspiChannel channel, boolean localized) {
			if (this.gone || this.actions.isEmpty()) {
				return false;
			}
			List<AtspiCall<String>> calls = new ArrayList<>();
			for (int i = 0; i < this.actions.size(); i++) {
				calls.add((localized || this.actions.get(i).isBlank())
						? channel.call(this.path, Action.class, "GetName", i) : null);
			}
			this.nameCalls = calls;
			return calls.stream().anyMatch(java.util.Objects::nonNull);
		}

		void awaitNames(long deadline) {
			for (int i = 0; i < this.nameCalls.size(); i++) {
				if (this.nameCalls.get(i) == null) {
					continue;
				}
				try {
					String plain = this.nameCalls.get(i).await(deadline);
					if (plain != null && !plain.isBlank()) {
						this.actions.set(i, plain);
					}
				}
				catch (DBusExecutionException ex) {
					this.gone = AtspiErrors.gone(ex);
					return;
				}
			}
		}

		Element element(String busName, AtspiApp app) {
			return new Element(new ElementHandle(busName, this.path), this.role, this.name, this.states, this.bounds,
					this.actions, this.value, app.element(), this.interfaces.contains(AtspiDbus.TEXT),
					this.interfaces.contains(AtspiDbus.EDITABLE_TEXT));
		}

	}

}
