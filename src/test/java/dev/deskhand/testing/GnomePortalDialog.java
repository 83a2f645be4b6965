package dev.deskhand.testing;

import java.awt.image.BufferedImage;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import dev.deskhand.platform.Rect;

/**
 * The xdg-desktop-portal's consent dialogs on the GNOME rig ("Screen Share", "Remote
 * Desktop"), found and answered as a person would, independent of Deskhand's code: an
 * accessibility client (pyatspi, the way a screen reader reads the tree) reads the
 * dialog's widgets from the tree {@code xdg-desktop-portal-gnome} publishes, and a
 * {@link GnomeSession.Hand} clicks them with a pointer of its own that stays on the seat
 * while the dialog is answered.
 * <p>
 * GTK 4 on Wayland tells the tree where widgets are within their window only (a Wayland
 * client does not know where its window is). Mutter places a dialog that has no parent
 * window (the portal is given none) in the middle of the monitor the pointer is on
 * (mutter's "current logical monitor" in {@code place.c}), which earlier tests leave on
 * either monitor: the dialog showed on {@code Meta-1} after the other GNOME tests while
 * the clicks went to the middle of {@code Meta-0}. So the monitor is found from pixels,
 * independent of the tree: an outside screenshot of each monitor, and the one whose
 * middle is covered by a light rectangle of the dialog's size is the dialog's. A widget's
 * place on the screen is then that monitor's centre less half the dialog's size plus its
 * place in the dialog. GTK publishes the dialog before laying it out (its rows say (0,0)
 * for a moment), so the dialog is read until two looks agree and its rows are placed. A
 * click that misses shows as a dialog that does not change: every step waits for the tree
 * to show its effect, with a deadline.
 * <p>
 * {@link #approve} ticks every monitor row (each is one display to share), turns on every
 * switch that is off (the Remote Desktop dialog's "Allow remote interaction", the Screen
 * Share dialog's "Remember this selection" when off), then clicks Share.
 */
public final class GnomePortalDialog {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private static final Duration STEP = Duration.ofSeconds(15);

	// how long a click may take to show in the tree before it is taken as missed
	private static final Duration RETRY = Duration.ofSeconds(3);

	private static final int CLICKS = 3;

	// every window of xdg-desktop-portal-gnome that shows, with its widgets' roles,
	// names, states and places within the window, as one line of JSON
	private static final String TREE_SCRIPT = """
			import json, sys, pyatspi
			dialogs = []
			def walk(node, widgets, depth):
			    if depth > 30:
			        return
			    for child in node:
			        if child is None:
			            continue
			        states = child.getState()
			        try:
			            extents = child.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
			        except NotImplementedError:
			            # no place of its own (not a widget one clicks)
			            walk(child, widgets, depth + 1)
			            continue
			        widgets.append({"role": child.getRoleName(), "name": child.name or "",
			                        "x": extents.x, "y": extents.y, "width": extents.width, "height": extents.height,
			                        "checked": states.contains(pyatspi.STATE_CHECKED),
			                        "sensitive": states.contains(pyatspi.STATE_SENSITIVE),
			                        "selected": states.contains(pyatspi.STATE_SELECTED)})
			        walk(child, widgets, depth + 1)
			for app in pyatspi.Registry.getDesktop(0):
			    if app is None or app.name != "xdg-desktop-portal-gnome":
			        continue
			    for window in app:
			        # a window that changes while it is read (opening, closing) is left for the
			        # next look: a half-read dialog would be clicked wrong
			        try:
			            if window is None or not window.getState().contains(pyatspi.STATE_SHOWING):
			                continue
			            extents = window.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
			            widgets = []
			            walk(window, widgets, 0)
			            dialogs.append({"title": window.name or "", "width": extents.width, "height": extents.height,
			                            "widgets": widgets, "complete": True})
			        except Exception as failure:
			            sys.stderr.write("%s changed while read: %r\\n" % (window, failure))
			            dialogs.append({"title": "", "width": 0, "height": 0, "widgets": [], "complete": False})
			print(json.dumps(dialogs))
			""";

	private GnomePortalDialog() {
	}

	/**
	 * One widget of a dialog.
	 *
	 * @param role the accessible role, e.g. {@code push button}, {@code list item}
	 * @param name its accessible name
	 * @param bounds where it is within the dialog, in layout units
	 * @param checked whether a check box or switch is on
	 * @param sensitive whether it can be used
	 * @param selected whether a row is selected
	 */
	public record Widget(String role, String name, Rect bounds, boolean checked, boolean sensitive, boolean selected) {

		boolean isShare() {
			return this.role.equals("push button") && this.name.contains("Share");
		}

		boolean isToggle() {
			return List.of("check box", "toggle button", "switch").contains(this.role);
		}

	}

	/**
	 * One dialog that shows.
	 *
	 * @param title its title, e.g. {@code Screen Share}
	 * @param width its width in layout units
	 * @param height its height
	 * @param widgets every widget in it, in tree order
	 * @param complete false when it changed while being read (then it has no widgets)
	 */
	public record Dialog(String title, int width, int height, List<Widget> widgets, boolean complete) {

		Optional<Widget> share() {
			return this.widgets.stream().filter(Widget::isShare).findFirst();
		}

		Optional<Widget> cancel() {
			return this.widgets.stream()
				.filter((widget) -> widget.role().equals("push button") && widget.name().contains("Cancel"))
				.findFirst();
		}

		// a monitor's row; the row that holds a switch ("Allow remote interaction") is
		// answered through its switch
		List<Widget> monitorRows() {
			return this.widgets.stream()
				.filter((widget) -> widget.role().equals("list item"))
				.filter((row) -> this.widgets.stream()
					.noneMatch((toggle) -> toggle.isToggle() && toggle.name().equals(row.name())))
				.toList();
		}

		boolean laidOut() {
			return !this.widgets.isEmpty() && this.widgets.stream()
				.filter((widget) -> widget.role().equals("list item") || widget.isToggle() || widget.isShare())
				.allMatch((widget) -> widget.bounds().y() > 0 && widget.bounds().width() > 0);
		}

		List<Widget> toggles() {
			return this.widgets.stream().filter(Widget::isToggle).toList();
		}

		// the same widget in a later look at this dialog: same role, name and place
		Optional<Widget> find(Widget widget) {
			return this.widgets.stream()
				.filter((candidate) -> candidate.role().equals(widget.role()) && candidate.name().equals(widget.name())
						&& candidate.bounds().equals(widget.bounds()))
				.findFirst();
		}

	}

	/**
	 * @return the portal's dialogs that show now, read from the accessibility tree
	 */
	public static List<Dialog> showing(GnomeSession session) {
		Path script = session.writeFile("portal-dialogs.py", TREE_SCRIPT);
		CommandRunner.Output output = new CommandRunner(Map.of()).runForOutput(Duration.ofSeconds(20), null, session
			.clientCommand(session.accessibleClientEnvironment(), List.of("/usr/bin/python3", script.toString())));
		if (output.exitCode() != 0) {
			throw new IllegalStateException("reading the portal's dialogs from the accessibility tree failed (exit "
					+ output.exitCode() + "): " + output.stderr());
		}
		List<Dialog> dialogs = new ArrayList<>();
		for (JsonNode dialog : JSON.readTree(new String(output.stdout(), StandardCharsets.UTF_8))) {
			List<Widget> widgets = new ArrayList<>();
			for (JsonNode widget : dialog.get("widgets")) {
				widgets.add(new Widget(widget.get("role").asString(), widget.get("name").asString(),
						new Rect(widget.get("x").asInt(), widget.get("y").asInt(),
								Math.max(0, widget.get("width").asInt()), Math.max(0, widget.get("height").asInt())),
						widget.get("checked").asBoolean(), widget.get("sensitive").asBoolean(),
						widget.get("selected").asBoolean()));
			}
			dialogs.add(new Dialog(dialog.get("title").asString(), dialog.get("width").asInt(),
					dialog.get("height").asInt(), List.copyOf(widgets), dialog.get("complete").asBoolean()));
		}
		return dialogs;
	}

	/**
	 * Waits for a consent dialog, answers it as a person who shares every monitor and
	 * allows interaction, and waits for it to close.
	 * @param timeout how long to wait for the dialog to appear
	 * @return the dialog as it showed before the person touched it
	 * @throws AssertionError when no dialog appeared, or a click had no effect
	 */
	public static Dialog approve(GnomeSession session, Duration timeout) {
		// GTK lays the dialog out after it joins the tree: until then its rows say (0,0);
		// the dialog is taken once two looks in a row agree and its rows are placed
		List<Dialog> previous = new ArrayList<>();
		Dialog dialog = await(session, timeout, "one portal dialog to appear, laid out", (now) -> {
			boolean settled = now.size() == 1 && now.get(0).complete() && now.get(0).laidOut() && now.equals(previous);
			previous.clear();
			previous.addAll(now);
			return settled ? Optional.of(now.get(0)) : Optional.empty();
		});
		GnomeSession.Monitor monitor = monitorShowing(session, dialog);
		try (GnomeSession.Hand hand = session.hand()) {
			answer(session, new Placed(hand, monitor, dialog));
		}
		return dialog;
	}

	/**
	 * The monitor whose middle shows the dialog: the one where the most of the dialog's
	 * centred rectangle is light (GTK's dialog background; the witnesses are grey or
	 * coloured, the wallpaper dark), at least half of it.
	 */
	static GnomeSession.Monitor monitorShowing(GnomeSession session, Dialog dialog) {
		GnomeSession.Monitor best = null;
		double bestShare = -1;
		StringBuilder seen = new StringBuilder();
		for (GnomeSession.Monitor monitor : GnomeSession.MONITORS) {
			double share = lightShare(session.screenshot(monitor.connector()), monitor, dialog);
			seen.append(monitor.connector()).append(' ').append(Math.round(share * 100)).append("% ");
			if (share > bestShare) {
				best = monitor;
				bestShare = share;
			}
		}
		if (bestShare < 0.5) {
			throw new AssertionError("no monitor shows the '" + dialog.title() + "' dialog in its middle (light share: "
					+ seen.toString().trim() + ")");
		}
		return best;
	}

	private static double lightShare(BufferedImage image, GnomeSession.Monitor monitor, Dialog dialog) {
		int width = (int) (dialog.width() * monitor.scale());
		int height = (int) (dialog.height() * monitor.scale());
		int left = (image.getWidth() - width) / 2;
		int top = (image.getHeight() - height) / 2;
		int light = 0;
		int all = 0;
		for (int y = Math.max(0, top); y < Math.min(image.getHeight(), top + height); y += 4) {
			for (int x = Math.max(0, left); x < Math.min(image.getWidth(), left + width); x += 4) {
				int rgb = image.getRGB(x, y);
				int darkest = Math.min((rgb >> 16) & 0xff, Math.min((rgb >> 8) & 0xff, rgb & 0xff));
				light += (darkest >= 230) ? 1 : 0;
				all++;
			}
		}
		return (all == 0) ? 0 : (double) light / all;
	}

	// the hand, and where the dialog it answers is
	private record Placed(GnomeSession.Hand hand, GnomeSession.Monitor monitor, Dialog dialog) {
	}

	private static void answer(GnomeSession session, Placed placed) {
		Dialog dialog = placed.dialog();
		for (Widget row : dialog.monitorRows()) {
			if (!row.selected()) {
				clickUntil(session, placed, row, "selected", Widget::selected);
			}
		}
		for (Widget toggle : dialog.toggles()) {
			if (!toggle.checked() && toggle.sensitive()) {
				clickUntil(session, placed, toggle, "checked", Widget::checked);
			}
		}
		Widget share = dialog.share().orElseThrow(() -> new AssertionError("no Share button in " + dialog));
		awaitWidget(session, dialog, share, "usable", Widget::sensitive);
		for (int attempt = 1;; attempt++) {
			click(placed, share);
			try {
				awaitClosed(session, dialog, RETRY);
				return;
			}
			catch (AssertionError ex) {
				if (attempt == CLICKS) {
					throw ex;
				}
			}
		}
	}

	/**
	 * Cancels every portal dialog that shows, as a person who says no; for a test's
	 * clean-up, so that a dialog left open does not meet the next test.
	 */
	public static void cancelAll(GnomeSession session) {
		try (GnomeSession.Hand hand = session.hand()) {
			for (Dialog dialog : showing(session)) {
				Optional<Widget> cancel = dialog.cancel();
				if (cancel.isPresent()) {
					click(new Placed(hand, monitorShowing(session, dialog), dialog), cancel.get());
					awaitClosed(session, dialog);
				}
			}
		}
	}

	// a person whose click did nothing clicks again
	private static void clickUntil(GnomeSession session, Placed placed, Widget widget, String state,
			java.util.function.Predicate<Widget> condition) {
		for (int attempt = 1;; attempt++) {
			click(placed, widget);
			try {
				awaitWidget(session, placed.dialog(), widget, state, condition, RETRY);
				return;
			}
			catch (AssertionError ex) {
				if (attempt == CLICKS) {
					throw ex;
				}
			}
		}
	}

	private static void awaitWidget(GnomeSession session, Dialog dialog, Widget widget, String state,
			java.util.function.Predicate<Widget> condition) {
		awaitWidget(session, dialog, widget, state, condition, STEP);
	}

	private static void awaitWidget(GnomeSession session, Dialog dialog, Widget widget, String state,
			java.util.function.Predicate<Widget> condition, Duration timeout) {
		await(session, timeout, "'" + widget.name() + "' to be " + state + " after a click in '" + dialog.title() + "'",
				(now) -> now.stream()
					.filter((shown) -> shown.title().equals(dialog.title()))
					.flatMap((shown) -> shown.find(widget).stream())
					.filter(condition)
					.findFirst());
	}

	private static void awaitClosed(GnomeSession session, Dialog dialog) {
		awaitClosed(session, dialog, STEP);
	}

	private static void awaitClosed(GnomeSession session, Dialog dialog, Duration timeout) {
		await(session, timeout, "'" + dialog.title() + "' to close",
				(now) -> now.stream().noneMatch((shown) -> shown.title().equals(dialog.title())) ? Optional.of(true)
						: Optional.empty());
	}

	private static void click(Placed placed, Widget widget) {
		GnomeSession.Monitor monitor = placed.monitor();
		int left = (monitor.layoutWidth() - placed.dialog().width()) / 2;
		int top = (monitor.layoutHeight() - placed.dialog().height()) / 2;
		Rect at = widget.bounds();
		placed.hand().click(monitor.connector(), left + at.x() + at.width() / 2.0, top + at.y() + at.height() / 2.0);
	}

	private static <T> T await(GnomeSession session, Duration timeout, String what,
			java.util.function.Function<List<Dialog>, Optional<T>> condition) {
		long deadline = System.nanoTime() + timeout.toNanos();
		List<Dialog> last = List.of();
		while (true) {
			last = showing(session);
			Optional<T> found = condition.apply(last);
			if (found.isPresent()) {
				return found.get();
			}
			if (System.nanoTime() > deadline) {
				throw new AssertionError("waited " + timeout + " for " + what + "; showing: " + last);
			}
			Pause.millis(100);
		}
	}

}
