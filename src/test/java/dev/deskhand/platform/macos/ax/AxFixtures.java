package dev.deskhand.platform.macos.ax;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Recorded AX trees for the pure code: nodes that answer what a real application
 * answered, count what they were asked, and can be made to fail with an AXError.
 */
final class AxFixtures {

	private AxFixtures() {
	}

	/** A snapshot builder: only what a test sets differs from "nothing". */
	static final class Snap {

		String role;

		String subrole;

		String title;

		String description;

		String label;

		Object value;

		Boolean enabled = true;

		Boolean focused;

		Boolean selected;

		Boolean expanded;

		Boolean minimized;

		AxSnapshot.Position position;

		AxSnapshot.Size size;

		List<String> actions = List.of();

		boolean settable;

		Snap(String role) {
			this.role = role;
		}

		Snap subrole(String value) {
			this.subrole = value;
			return this;
		}

		Snap title(String value) {
			this.title = value;
			return this;
		}

		Snap description(String value) {
			this.description = value;
			return this;
		}

		Snap label(String value) {
			this.label = value;
			return this;
		}

		Snap value(Object v) {
			this.value = v;
			return this;
		}

		Snap enabled(Boolean v) {
			this.enabled = v;
			return this;
		}

		Snap focused(Boolean v) {
			this.focused = v;
			return this;
		}

		Snap selected(Boolean v) {
			this.selected = v;
			return this;
		}

		Snap expanded(Boolean v) {
			this.expanded = v;
			return this;
		}

		Snap minimized(Boolean v) {
			this.minimized = v;
			return this;
		}

		Snap frame(double x, double y, double width, double height) {
			this.position = new AxSnapshot.Position(x, y);
			this.size = new AxSnapshot.Size(width, height);
			return this;
		}

		Snap actions(String... names) {
			this.actions = List.of(names);
			return this;
		}

		Snap settable(boolean v) {
			this.settable = v;
			return this;
		}

		AxSnapshot build() {
			return new AxSnapshot(this.role, this.subrole, this.title, this.description, this.label, this.value,
					this.enabled, this.focused, this.selected, this.expanded, this.minimized, this.position, this.size,
					this.actions, this.settable);
		}

	}

	static Snap snap(String role) {
		return new Snap(role);
	}

	/** One fixture element; children are added in reading order. */
	static final class Node implements AxNode {

		final long pid;

		Snap snap;

		final List<Node> children = new ArrayList<>();

		Node parent;

		// an AXError every call answers, as a gone element or a hung application does
		Integer failWith;

		int reads;

		int actionQueries;

		final List<String> performed = new ArrayList<>();

		String setValueTo;

		boolean focusedByCall;

		Node(long pid, Snap snap) {
			this.pid = pid;
			this.snap = snap;
		}

		Node add(Snap childSnap) {
			Node child = new Node(this.pid, childSnap);
			child.parent = this;
			this.children.add(child);
			return child;
		}

		Node with(Snap childSnap) {
			add(childSnap);
			return this;
		}

		private void maybeFail(String call) {
			if (this.failWith != null) {
				throw new AxException(this.failWith, call);
			}
		}

		@Override
		public long pid() {
			return this.pid;
		}

		@Override
		public AxSnapshot read() {
			maybeFail("read");
			this.reads++;
			AxSnapshot built = this.snap.build();
			// as AXUIElementCopyMultipleAttributeValues: no actions, no settable question
			return new AxSnapshot(built.role(), built.subrole(), built.title(), built.description(),
					built.titleElementTitle(), built.value(), built.enabled(), built.focused(), built.selected(),
					built.expanded(), built.minimized(), built.position(), built.size(), List.of(), false);
		}

		@Override
		public List<AxNode> children() {
			maybeFail("children");
			return List.copyOf(this.children);
		}

		@Override
		public Optional<AxNode> parent() {
			maybeFail("parent");
			return Optional.ofNullable(this.parent);
		}

		@Override
		public boolean sameAs(AxNode other) {
			return this == other;
		}

		@Override
		public List<String> actionNames() {
			maybeFail("actions");
			this.actionQueries++;
			return this.snap.actions;
		}

		@Override
		public boolean valueSettable() {
			maybeFail("settable");
			return this.snap.settable;
		}

		@Override
		public String text() {
			maybeFail("text");
			return (this.snap.value instanceof String s) ? s : null;
		}

		@Override
		public void perform(String action) {
			maybeFail("perform");
			if (!this.snap.actions.contains(action)) {
				throw new AxException(AxErrors.ACTION_UNSUPPORTED, "perform");
			}
			this.performed.add(action);
		}

		@Override
		public void setValue(String text) {
			maybeFail("setValue");
			if (!this.snap.settable) {
				throw new AxException(AxErrors.ATTRIBUTE_UNSUPPORTED, "setValue");
			}
			this.setValueTo = text;
			this.snap.value = text;
		}

		@Override
		public void focus() {
			maybeFail("focus");
			this.focusedByCall = true;
			this.snap.focused = true;
		}

	}

	static Node application(long pid, String name) {
		return new Node(pid, snap("AXApplication").title(name));
	}

	/** A desktop of fixture applications, front to back. */
	static final class System implements AxSystem {

		final Map<Long, Node> apps = new ConcurrentHashMap<>();

		final List<Long> order = new ArrayList<>();

		boolean trusted = true;

		// what AXUIElementCopyElementAtPosition answers
		Node hit;

		int sessions;

		int closed;

		System with(Node app) {
			this.apps.put(app.pid, app);
			this.order.add(app.pid);
			return this;
		}

		@Override
		public boolean trusted() {
			return this.trusted;
		}

		@Override
		public Session open() {
			this.sessions++;
			return new Session() {

				@Override
				public List<Long> applicationPids() {
					return List.copyOf(System.this.order);
				}

				@Override
				public AxNode application(long pid) {
					Node app = System.this.apps.get(pid);
					if (app == null) {
						// a pid without an application: what AX answers for a process
						// gone
						throw new AxException(AxErrors.INVALID_UI_ELEMENT, "application");
					}
					return app;
				}

				@Override
				public Optional<AxNode> elementAt(double x, double y) {
					return Optional.ofNullable(System.this.hit);
				}

				@Override
				public void close() {
					System.this.closed++;
				}

			};
		}

	}

}
