package dev.deskhand.platform.windows.uia;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import dev.deskhand.platform.elements.ElementHandle;

/**
 * Element handles from runtime ids: the owner is the owning process's id, the id the
 * runtime id's integers joined with dots ({@code 42.1234.5}), which UIA keeps for as long
 * as the element lives and never gives to another element meanwhile.
 */
final class UiaRuntimeIds {

	private UiaRuntimeIds() {
	}

	static ElementHandle handle(List<Integer> runtimeId, long pid) {
		return new ElementHandle(Long.toString(pid),
				runtimeId.stream().map((part) -> Integer.toString(part)).collect(Collectors.joining(".")));
	}

	/** The runtime id a handle names; empty when it is not one of ours. */
	static List<Integer> runtimeId(ElementHandle handle) {
		String id = (handle != null) ? handle.id() : null;
		if (id == null || id.isEmpty()) {
			return List.of();
		}
		List<Integer> parts = new ArrayList<>();
		for (String part : id.split("\\.", -1)) {
			try {
				parts.add(Integer.parseInt(part));
			}
			catch (NumberFormatException ex) {
				return List.of();
			}
		}
		return List.copyOf(parts);
	}

	/** The owning process a handle names, or 0. */
	static long pid(ElementHandle handle) {
		try {
			return Long.parseLong(handle.owner());
		}
		catch (NumberFormatException | NullPointerException ex) {
			return 0;
		}
	}

}
