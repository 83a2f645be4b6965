package dev.deskhand.platform.linux.wayland.sway;

import java.io.IOException;
import java.io.InputStream;

import tools.jackson.databind.JsonNode;

import dev.deskhand.platform.linux.wayland.layout.WaylandLayout;

/**
 * sway's replies recorded on the test rig ({@code src/test/resources/wayland}), for the
 * tests of sway's parsing and of what is built on the layout it reads.
 */
public final class SwayFixtures {

	private SwayFixtures() {
	}

	/** A recorded reply, by its file name. */
	public static JsonNode fixture(String name) {
		try (InputStream in = SwayFixtures.class.getResourceAsStream("/wayland/" + name)) {
			return SwayIpc.JSON.readTree(in);
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

	/** The rig's two outputs: HEADLESS-1 at scale 1.25 left of HEADLESS-2 at scale 1. */
	public static WaylandLayout twoMonitors() {
		return SwayOutputs.parse(fixture("sway-get_outputs-two-monitors.json"));
	}

}
