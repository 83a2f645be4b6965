package dev.deskhand.platform.macos.ax;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import dev.deskhand.platform.elements.ElementHandle;

/**
 * Where an element is: its process and the child indices from the application element
 * down ({@code AXChildren} at each level), with the AX role it had. AX has no stable
 * element ids across processes' lifetimes that a ref could carry, so the path is
 * re-walked and the role compared before anything is done with it.
 *
 * <p>
 * As a handle: owner {@code "4242"} (the pid), id {@code "/0/3/1:AXButton"}.
 *
 * @param pid the application's process
 * @param indices child indices from the application element; empty for the application
 * @param role the {@code AXRole} the element had when it was read
 */
record AxPath(long pid, List<Integer> indices, String role) {

	AxPath {
		indices = List.copyOf(indices);
		role = (role != null) ? role : "";
	}

	AxPath child(int index, String childRole) {
		List<Integer> longer = new ArrayList<>(this.indices);
		longer.add(index);
		return new AxPath(this.pid, longer, childRole);
	}

	ElementHandle handle() {
		StringBuilder id = new StringBuilder();
		for (int index : this.indices) {
			id.append('/').append(index);
		}
		return new ElementHandle(Long.toString(this.pid), id.append(':').append(this.role).toString());
	}

	/** The path a handle names; empty when it is not one of this driver's. */
	static Optional<AxPath> parse(ElementHandle handle) {
		if (handle == null || handle.owner() == null || handle.id() == null) {
			return Optional.empty();
		}
		try {
			long pid = Long.parseLong(handle.owner());
			int colon = handle.id().lastIndexOf(':');
			if (pid <= 0 || colon < 0) {
				return Optional.empty();
			}
			String steps = handle.id().substring(0, colon);
			List<Integer> indices = new ArrayList<>();
			if (!steps.isEmpty()) {
				if (!steps.startsWith("/")) {
					return Optional.empty();
				}
				for (String step : steps.substring(1).split("/", -1)) {
					int index = Integer.parseInt(step);
					if (index < 0) {
						return Optional.empty();
					}
					indices.add(index);
				}
			}
			return Optional.of(new AxPath(pid, indices, handle.id().substring(colon + 1)));
		}
		catch (NumberFormatException ex) {
			return Optional.empty();
		}
	}

	/**
	 * The node at this path under the application element, if there still is one.
	 */
	Optional<AxNode> resolve(AxNode application) {
		AxNode node = application;
		for (int index : this.indices) {
			List<AxNode> children = node.children();
			if (index >= children.size()) {
				return Optional.empty();
			}
			node = children.get(index);
		}
		return Optional.of(node);
	}

	/**
	 * The path of a node, found by climbing its parents to the application element and
	 * finding each in its parent's children; empty when a step cannot be found (the tree
	 * changed while it was climbed).
	 */
	static Optional<AxPath> of(AxNode node, String role, int maxDepth) {
		List<Integer> reversed = new ArrayList<>();
		AxNode at = node;
		for (int depth = 0; depth < maxDepth; depth++) {
			Optional<AxNode> parent = at.parent();
			if (parent.isEmpty()) {
				List<Integer> indices = new ArrayList<>(reversed.size());
				for (int i = reversed.size() - 1; i >= 0; i--) {
					indices.add(reversed.get(i));
				}
				return Optional.of(new AxPath(node.pid(), indices, role));
			}
			List<AxNode> siblings = parent.get().children();
			int index = -1;
			for (int i = 0; i < siblings.size(); i++) {
				if (siblings.get(i).sameAs(at)) {
					index = i;
					break;
				}
			}
			if (index < 0) {
				return Optional.empty();
			}
			reversed.add(index);
			at = parent.get();
		}
		return Optional.empty();
	}

}
