package dev.deskhand.platform.linux.wayland;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import tools.jackson.databind.JsonNode;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;

/**
 * Hyprland's monitors ({@code hyprctl -j monitors}, the {@code j/monitors} request) as a
 * {@link WaylandLayout}. Parsing only: the Hyprland driver was never run (Hyprland is not
 * packaged for the Debian the rig runs on); the format is the one Hyprland's
 * {@code HyprCtl.cpp} prints.
 *
 * <p>
 * Unlike sway, Hyprland reports a monitor's mode ({@code width}/{@code height}, device
 * pixels, before its {@code transform}) and its position in layout units, not its layout
 * size: that is the transformed mode divided by the scale.
 */
final class HyprlandOutputs {

	private HyprlandOutputs() {
	}

	/**
	 * @throws DeskhandException E_NO_DESKTOP when no monitor is enabled
	 */
	static WaylandLayout parse(JsonNode monitors) {
		List<WaylandLayout.Output> outputs = new ArrayList<>();
		for (JsonNode monitor : monitors) {
			int width = monitor.path("width").asInt(0);
			int height = monitor.path("height").asInt(0);
			double scale = monitor.path("scale").asDouble(1.0);
			if (monitor.path("disabled").asBoolean(false) || width < 1 || height < 1 || !(scale > 0)) {
				continue;
			}
			// wl_output transforms 1, 3, 5 and 7 turn the output a quarter
			boolean turned = (monitor.path("transform").asInt(0) & 1) == 1;
			int deviceWidth = turned ? height : width;
			int deviceHeight = turned ? width : height;
			outputs.add(new WaylandLayout.Output(monitor.path("name").asString(""),
					SwayOutputs.describe(monitor.path("make").asString(""), monitor.path("model").asString(""),
							monitor.path("serial").asString("")),
					new WaylandLayout.Area(monitor.path("x").asInt(), monitor.path("y").asInt(), deviceWidth / scale,
							deviceHeight / scale),
					scale, deviceWidth, deviceHeight));
		}
		if (outputs.isEmpty()) {
			throw new DeskhandException(ErrorCode.E_NO_DESKTOP,
					"Hyprland reports no enabled monitor: nothing is shown anywhere");
		}
		return new WaylandLayout(outputs);
	}

	/**
	 * The workspaces shown now: each monitor's active one and its open special workspace
	 * (special workspaces have negative ids; 0 is none).
	 */
	static Set<Long> shownWorkspaces(JsonNode monitors) {
		Set<Long> shown = new HashSet<>();
		for (JsonNode monitor : monitors) {
			if (monitor.path("disabled").asBoolean(false)) {
				continue;
			}
			shown.add(monitor.path("activeWorkspace").path("id").asLong(0));
			long special = monitor.path("specialWorkspace").path("id").asLong(0);
			if (special != 0) {
				shown.add(special);
			}
		}
		return shown;
	}

}
