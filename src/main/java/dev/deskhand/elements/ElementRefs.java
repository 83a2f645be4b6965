package dev.deskhand.elements;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import dev.deskhand.audit.Redaction;
import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.elements.Element;
import dev.deskhand.platform.elements.ElementHandle;

/**
 * The refs each session was given: short names ({@code e1}, {@code e2}) for elements,
 * held here so that an agent never sees or forges a driver's handle. The same element
 * listed twice keeps its ref; a session's refs mean nothing in another session; each
 * session keeps its most recently used {@value #PER_SESSION} refs, older ones are
 * forgotten (stale, like a ref whose element is gone).
 */
final class ElementRefs {

	static final int PER_SESSION = 4096;

	// An unknown ref is echoed, but never a megabyte of one.
	private static final int SHOWN = 40;

	private final Map<String, SessionRefs> sessions = new ConcurrentHashMap<>();

	/** The ref for an element, new or the one it already has in this session. */
	String refFor(String session, Element element) {
		return this.sessions.computeIfAbsent(session, (key) -> new SessionRefs()).refFor(element);
	}

	/**
	 * The element a ref was given for, as it was read then.
	 * @throws DeskhandException E_NOT_FOUND for a ref this session was not given (or has
	 * forgotten)
	 */
	Element element(String session, String ref) {
		SessionRefs refs = this.sessions.get(session);
		Element element = (refs != null) ? refs.element(ref) : null;
		if (element == null) {
			throw new DeskhandException(ErrorCode.E_NOT_FOUND,
					"unknown ref '" + Redaction.summary(ref, SHOWN)
							+ "' in this session: refs come from list_elements, find_elements or "
							+ "element_at, and go stale; list the elements again");
		}
		return element;
	}

	/** A newer reading of an element under its ref (bounds and states change). */
	void update(String session, String ref, Element element) {
		SessionRefs refs = this.sessions.get(session);
		if (refs != null) {
			refs.update(ref, element);
		}
	}

	void forget(String session) {
		this.sessions.remove(session);
	}

	/** One session's refs, most recently used last. */
	private static final class SessionRefs {

		private final Map<String, Element> byRef = new LinkedHashMap<>(64, 0.75f, true);

		private final Map<ElementHandle, String> byHandle = new LinkedHashMap<>();

		private long next = 1;

		synchronized String refFor(Element element) {
			String ref = this.byHandle.get(element.handle());
			if (ref == null || this.byRef.get(ref) == null) {
				ref = "e" + this.next++;
				this.byHandle.put(element.handle(), ref);
			}
			this.byRef.put(ref, element);
			while (this.byRef.size() > PER_SESSION) {
				String eldest = this.byRef.keySet().iterator().next();
				Element dropped = this.byRef.remove(eldest);
				this.byHandle.remove(dropped.handle());
			}
			return ref;
		}

		synchronized Element element(String ref) {
			return this.byRef.get(ref);
		}

		synchronized void update(String ref, Element element) {
			if (this.byRef.containsKey(ref)) {
				this.byRef.put(ref, element);
			}
		}

	}

}
