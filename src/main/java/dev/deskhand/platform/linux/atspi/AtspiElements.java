package dev.deskhand.platform.linux.atspi;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

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

	/** Longest value shown with an element, in characters. */
	static final int VALUE_LIMIT = 200;

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
		List<Pending> pending = new ArrayList<>(paths.size());
		for (String path : paths) {
			pending.add(new Pending(path, channel.call(path, Accessible.class, "GetRole"),
					channel.call(path, Accessible.class, "GetState"),
					channel.call(path, Accessible.class, "GetInterfaces"),
					channel.call(path, Properties.class, "Get", AtspiDbus.ACCESSIBLE, "Name"),
					channel.call(path, Component.class, "GetExtents", AtspiDbus.COORDS_SCREEN)));
		}
		List<Read> read = new ArrayList<>(paths.size());
		for (Pending one : pending) {
			Read basics = one.await(deadline);
			if (basics != null) {
				read.add(basics);
			}
		}
		for (Read one : read) {
			if (one.interfaces.contains(AtspiDbus.ACTION)) {
				one.actionsCall = channel.call(one.path, Action.class, "GetActions");
			}
			if (withValue && one.role != ElementRole.PASSWORD_TEXT && AtspiRoles.TEXT_VALUE.contains(one.role)
					&& one.interfaces.contains(AtspiDbus.TEXT)) {
				one.valueCall = channel.call(one.path, Text.class, "GetText", 0, VALUE_LIMIT + 1);
			}
		}
		for (Read one : read) {
			one.awaitActions(deadline);
		}
		if (app.localizesActionNames()) {
			for (Read one : read) {
				one.askNames(channel);
			}
			for (Read one : read) {
				one.awaitNames(deadline);
			}
		}
		List<Element> elements = new ArrayList<>(read.size());
		for (Read one : read) {
			if (!one.gone) {
				elements.add(one.element(channel.busName(), app));
			}
		}
		return elements;
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

	/** Text cut to {@link #VALUE_LIMIT} characters, never inside a surrogate pair. */
	static String truncate(String text) {
		if (text == null || text.codePointCount(0, text.length()) <= VALUE_LIMIT) {
			return text;
		}
		return text.substring(0, text.offsetByCodePoints(0, VALUE_LIMIT)) + "…";
	}

	private record Pending(String path, AtspiCall<UInt32> role, AtspiCall<List<UInt32>> states,
			AtspiCall<List<String>> interfaces, AtspiCall<Variant<?>> name, AtspiCall<Extents> extents) {

		Read await(long deadline) {
			try {
				ElementRole elementRole = AtspiRoles.of(this.role.await(deadline).longValue());
				List<UInt32> words = this.states.await(deadline);
				List<String> ifaces = this.interfaces.await(deadline);
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
				return new Read(this.path, elementRole, elementStates, elementName, Set.copyOf(ifaces), bounds(where));
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
					this.value = truncate(this.valueCall.await(deadline));
				}
			}
			catch (DBusExecutionException ex) {
				this.gone = AtspiErrors.gone(ex);
				if (!this.gone && !AtspiErrors.noInterface(ex)) {
					throw ex;
				}
			}
		}

		void askNames(AtspiChannel channel) {
			if (this.gone || this.actions.isEmpty()) {
				return;
			}
			List<AtspiCall<String>> calls = new ArrayList<>();
			for (int i = 0; i < this.actions.size(); i++) {
				calls.add(channel.call(this.path, Action.class, "GetName", i));
			}
			this.nameCalls = calls;
		}

		void awaitNames(long deadline) {
			for (int i = 0; i < this.nameCalls.size(); i++) {
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
