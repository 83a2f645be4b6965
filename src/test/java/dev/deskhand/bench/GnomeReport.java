package dev.deskhand.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * GnomeBenchmark's table: WaylandReport's, with issue 28's targets for the GNOME driver,
 * each ratio or difference taken between two medians of the same run.
 */
final class GnomeReport extends WaylandReport {

	GnomeReport(Map<String, Rounds.Series> series) {
		super(series, null);
	}

	@Override
	String targetsOf() {
		return "issue 28";
	}

	@Override
	List<Target> targets() {
		List<Target> targets = new ArrayList<>();
		ratio(targets, "GNOME screenshot PNG vs X11 screenshot PNG, lean clients", "gn.png", "x11.png", 1.5, "≤ 1.5x");
		ratio(targets, "GNOME screenshot PNG vs X11 screenshot PNG, SDK clients", "gn.png.sdk", "x11.png.sdk", 1.5,
				"≤ 1.5x");
		ratio(targets, "GNOME screenshot PNG (lean) vs one-shot gst-launch capture", "gn.png", "peer.oneshot", 1.0 / 5,
				"≤ 1/5");
		ratio(targets, "GNOME screenshot PNG (SDK) vs one-shot gst-launch capture", "gn.png.sdk", "peer.oneshot",
				1.0 / 5, "≤ 1/5");
		overPing(targets, "GNOME left_click p50 over MCP ping p50, lean client", "gn.click", "gn.ping");
		overPing(targets, "GNOME left_click p50 over MCP ping p50, SDK client", "gn.click.sdk", "gn.ping.sdk");
		return targets;
	}

	private void overPing(List<Target> targets, String what, String click, String ping) {
		Stats c = stats(click);
		Stats p = stats(ping);
		if (c == null || p == null) {
			targets.add(new Target(what, "≤ 5 ms", "not measured", "not measured"));
			return;
		}
		double over = c.p50() - p.p50();
		targets
			.add(new Target(what, "≤ 5 ms", format(c.p50()) + " - " + format(p.p50()) + " ms = " + format(over) + " ms",
					(over <= 5) ? "met" : "missed"));
	}

}
