package dev.deskhand.approval;

import java.util.List;
import java.util.Objects;

import dev.deskhand.platform.Point;

/**
 * Where on the desktop an input action will land, so that a human approving it can see
 * the spot (the operator console shows a zoomed crop around it).
 *
 * @param displayId the display the point lies on
 * @param point the point in the driver's logical coordinates (X11: root-window pixels)
 */
public record ApprovalTarget(String displayId, Point point) {

	public ApprovalTarget {
		Objects.requireNonNull(displayId, "displayId");
		Objects.requireNonNull(point, "point");
	}

	/**
	 * The target of a run of actions: the first point any of them aims at, where the
	 * first visible thing will happen.
	 * @param displayId the display their points lie on, or {@code null} when they point
	 * nowhere
	 * @param points the actions' points, {@code null} for actions without one
	 * @return the target, or {@code null} when no action points anywhere
	 */
	public static ApprovalTarget firstOf(String displayId, List<Point> points) {
		if (displayId == null) {
			return null;
		}
		return points.stream()
			.filter(Objects::nonNull)
			.findFirst()
			.map((point) -> new ApprovalTarget(displayId, point))
			.orElse(null);
	}

}
