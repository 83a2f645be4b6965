package dev.deskhand.platform.windows.uia;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.Point;
import dev.deskhand.platform.WindowInfo;
import dev.deskhand.platform.elements.AccessibilityDriver;
import dev.deskhand.platform.elements.AccessibilityStatus;
import dev.deskhand.platform.elements.Element;
import dev.deskhand.platform.elements.ElementApp;
import dev.deskhand.platform.elements.ElementList;
import dev.deskhand.platform.elements.ElementQuery;
import dev.deskhand.platform.elements.ElementErrors;
import dev.deskhand.platform.elements.ElementWalk;

/**
 * The accessibility tree of a Windows desktop through UI Automation, read with cache
 * requests: one {@code FindAllBuildCache} per window listed, whatever its size. Bounds
 * are physical pixels (Deskhand runs PerMonitorV2), the units input is injected in.
 * Elements are found again by runtime id under their process's windows before every
 * action, so an action never reaches an element that replaced the one listed.
 */
final class UiaAccessibilityDriver implements AccessibilityDriver {

	private final UiaTree tree;

	private final Duration timeout;

	// executable names by pid: a process keeps its image for life
	private final Map<Long, ElementApp> apps = new ConcurrentHashMap<>();

	UiaAccessibilityDriver(UiaTree tree, Duration timeout) {
		this.tree = tree;
		this.timeout = timeout;
	}

	@Override
	public String name() {
		return "uia";
	}

	@Override
	public AccessibilityStatus status() {
		String why = this.tree.unavailable();
		return (why == null)
				? AccessibilityStatus.available("UI Automation answers (calls time out after " + this.timeout + ")")
				: AccessibilityStatus.unavailable(why);
	}

	@Override
	public ElementList list(ElementQuery query) {
		refuseWhileUnavailable();
		return guard("the desktop's windows", () -> listGuarded(query));
	}

	private ElementList listGuarded(ElementQuery query) {
		List<String> notes = new ArrayList<>();
		List<Element> elements = new ArrayList<>();
		if (query.window() != null) {
			WindowInfo window = query.window();
			List<UiaSnapshot> read;
			try {
				read = this.tree.descendants(window.id(), query.showingOnly());
			}
			catch (UiaComException ex) {
				if (!UiaErrors.gone(ex.hresult())) {
					throw ex;
				}
				notes.add("the window '" + window.title() + "' is gone or not in the UI Automation tree");
				return new ElementList(List.of(), false, notes);
			}
			boolean truncated = ElementWalk.collect(elements(read), query, elements);
			return new ElementList(elements, truncated, notes);
		}
		for (UiaSnapshot topLevel : this.tree.topLevels()) {
			if (topLevel.windowHandle() == 0) {
				continue;
			}
			ElementApp app = app(topLevel.processId());
			if (query.app() != null && !UiaQueries.belongsTo(app, query.app())) {
				continue;
			}
			try {
				if (ElementWalk.collect(elements(this.tree.descendants(topLevel.windowHandle(), query.showingOnly())),
						query, elements)) {
					return new ElementList(elements, true, notes);
				}
			}
			catch (UiaComException ex) {
				UiaErrors.Failure failure = UiaErrors.of(ex.hresult());
				if (failure.gone()) {
					// a window that closed while the desktop was being listed
					continue;
				}
				if (failure.code() != ErrorCode.E_TIMEOUT && failure.code() != ErrorCode.E_DENIED) {
					throw ex;
				}
				notes
					.add("the window '" + topLevel.name() + "' of " + app.name() + " (pid " + app.pid() + ") "
							+ ((failure.code() == ErrorCode.E_TIMEOUT) ? "did not answer within " + this.timeout
									: "refused to be read (it runs with higher rights)")
							+ "; its elements are left out");
			}
		}
		return new ElementList(elements, false, notes);
	}

	private List<Element> elements(List<UiaSnapshot> snapshots) {
		List<Element> elements = new ArrayList<>(snapshots.size());
		for (UiaSnapshot snapshot : snapshots) {
			elements.add(UiaElements.element(snapshot, app(snapshot.processId())));
		}
		return elements;
	}

	private ElementApp app(long pid) {
		return this.apps.computeIfAbsent(pid,
				(id) -> new ElementApp(UiaElements.appName(this.tree.executable(id), id), id));
	}

	@Override
	public Optional<Element> refresh(Element element) {
		refuseWhileUnavailable();
		return guard(describe(element), () -> {
			Optional<UiaSnapshot> fresh = findAgain(element);
			return fresh.map((snapshot) -> UiaElements.element(snapshot, element.app()))
				.filter((read) -> read.role() == element.role());
		});
	}

	private Optional<UiaSnapshot> findAgain(Element element) {
		List<Integer> runtimeId = UiaRuntimeIds.runtimeId(element.handle());
		if (runtimeId.isEmpty()) {
			return Optional.empty();
		}
		try {
			return this.tree.find(UiaRuntimeIds.pid(element.handle()), runtimeId);
		}
		catch (UiaComException ex) {
			if (UiaErrors.gone(ex.hresult())) {
				return Optional.empty();
			}
			throw ex;
		}
	}

	@Override
	public Optional<Element> elementAt(Point point, WindowInfo window) {
		refuseWhileUnavailable();
		return guard("the window '" + window.title() + "'", () -> {
			if (window.bounds() != null && !window.bounds().contains(point.x(), point.y())) {
				return Optional.empty();
			}
			List<UiaSnapshot> chain = this.tree.chainAt(point.x(), point.y(), ElementWalk.MAX_DEPTH);
			return UiaQueries.pick(chain, window.id())
				.map((snapshot) -> UiaElements.element(snapshot, app(snapshot.processId())));
		});
	}

	@Override
	public Optional<String> readText(Element element) {
		if (element.secret() || !element.text()) {
			// a password field is never read
			return Optional.empty();
		}
		refuseWhileUnavailable();
		return guard(describe(element),
				() -> this.tree.text(UiaRuntimeIds.pid(element.handle()), UiaRuntimeIds.runtimeId(element.handle())));
	}

	@Override
	public boolean doAction(Element element, int index) {
		ElementErrors.checkAction(element, index);
		return act(element, element.actions().get(index));
	}

	@Override
	public boolean setText(Element element, String text) {
		if (!element.editableText()) {
			throw new DeskhandException(ErrorCode.E_UNSUPPORTED, describe(element)
					+ " has no settable value (no ValuePattern, or read only): focus it and type" + " instead");
		}
		refuseWhileUnavailable();
		return guard(describe(element), () -> {
			if (!this.tree.setValue(UiaRuntimeIds.pid(element.handle()), UiaRuntimeIds.runtimeId(element.handle()),
					text)) {
				throw ElementErrors.gone(element);
			}
			return true;
		});
	}

	@Override
	public boolean grabFocus(Element element) {
		return act(element, UiaTree.FOCUS);
	}

	private boolean act(Element element, String action) {
		refuseWhileUnavailable();
		return guard(describe(element), () -> {
			List<Integer> runtimeId = UiaRuntimeIds.runtimeId(element.handle());
			if (runtimeId.isEmpty() || !this.tree.act(UiaRuntimeIds.pid(element.handle()), runtimeId, action)) {
				throw ElementErrors.gone(element);
			}
			return true;
		});
	}

	private void refuseWhileUnavailable() {
		String why = this.tree.unavailable();
		if (why != null) {
			throw ElementErrors.unreadable(why, null);
		}
	}

	// the COM failures as the SPI's error codes
	private <T> T guard(String what, Supplier<T> call) {
		try {
			return call.get();
		}
		catch (UiaComException ex) {
			UiaErrors.Failure failure = UiaErrors.of(ex.hresult());
			if (failure.gone()) {
				throw ElementErrors.gone(what, ex);
			}
			if (failure.code() == ErrorCode.E_TIMEOUT) {
				throw ElementErrors.timedOut(what, this.timeout, ex);
			}
			throw new DeskhandException(failure.code(), what + ": " + ex.getMessage(), ex);
		}
	}

	private static String describe(Element element) {
		return ElementErrors.describe(element);
	}

}
