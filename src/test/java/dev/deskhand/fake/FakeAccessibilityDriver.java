package dev.deskhand.fake;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.Point;
import dev.deskhand.platform.WindowInfo;
import dev.deskhand.platform.elements.AccessibilityDriver;
import dev.deskhand.platform.elements.AccessibilityStatus;
import dev.deskhand.platform.elements.Element;
import dev.deskhand.platform.elements.ElementHandle;
import dev.deskhand.platform.elements.ElementList;
import dev.deskhand.platform.elements.ElementQuery;

/**
 * An element tree held in memory, for the logic above the driver (refs, masking, the
 * guarded path): never evidence that a desktop's tree is read right.
 */
public class FakeAccessibilityDriver implements AccessibilityDriver {

	/** The elements, in reading order; tests add, replace and remove them. */
	public final List<Element> elements = Collections.synchronizedList(new ArrayList<>());

	/** Text each element holds, by handle. */
	public final Map<ElementHandle, String> texts = new ConcurrentHashMap<>();

	public final List<String> calls = Collections.synchronizedList(new ArrayList<>());

	public volatile AccessibilityStatus status = AccessibilityStatus.available("fake tree");

	/** The queries the driver was asked, in order. */
	public final List<ElementQuery> queries = Collections.synchronizedList(new ArrayList<>());

	@Override
	public String name() {
		return "fake";
	}

	@Override
	public AccessibilityStatus status() {
		return this.status;
	}

	@Override
	public ElementList list(ElementQuery query) {
		requireAvailable();
		this.queries.add(query);
		List<Element> matched = new ArrayList<>();
		boolean truncated = false;
		synchronized (this.elements) {
			for (Element element : this.elements) {
				if (query.matches(element)) {
					if (matched.size() == query.maxCount()) {
						truncated = true;
						break;
					}
					matched.add(element);
				}
			}
		}
		return new ElementList(matched, truncated, List.of());
	}

	@Override
	public Optional<Element> refresh(Element element) {
		requireAvailable();
		synchronized (this.elements) {
			return this.elements.stream()
				.filter((candidate) -> candidate.handle().equals(element.handle()))
				.filter((candidate) -> candidate.role() == element.role())
				.findFirst();
		}
	}

	@Override
	public Optional<Element> elementAt(Point point, WindowInfo window) {
		requireAvailable();
		synchronized (this.elements) {
			return this.elements.stream()
				.filter((element) -> element.bounds() != null && element.bounds().contains(point.x(), point.y()))
				.reduce((first, second) -> second);
		}
	}

	@Override
	public Optional<String> readText(Element element) {
		requireAvailable();
		return Optional.ofNullable(this.texts.get(element.handle()));
	}

	@Override
	public boolean doAction(Element element, int index) {
		this.calls.add("doAction " + element.name() + " " + index);
		return true;
	}

	@Override
	public boolean setText(Element element, String text) {
		this.calls.add("setText " + element.name());
		this.texts.put(element.handle(), text);
		return true;
	}

	@Override
	public boolean grabFocus(Element element) {
		this.calls.add("grabFocus " + element.name());
		return true;
	}

	/** As the SPI says: while the status is unavailable, every call says why. */
	private void requireAvailable() {
		if (!this.status.available()) {
			throw new DeskhandException(ErrorCode.E_UNSUPPORTED,
					"the accessibility tree cannot be read here: " + this.status.detail());
		}
	}

}
