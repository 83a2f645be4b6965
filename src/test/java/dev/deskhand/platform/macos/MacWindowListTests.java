package dev.deskhand.platform.macos;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.deskhand.platform.Rect;
import dev.deskhand.platform.WindowInfo;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A window list as CGWindowListCopyWindowInfo answers it (recorded, front to back, with
 * the menu bar, the Dock and a transparent overlay among the windows) becomes the
 * application windows, bottom first, the frontmost application's front window focused.
 */
class MacWindowListTests {

	private static final List<Map<String, Object>> RECORDED = List.of(
			window(41, "Window Server", 393, "Menubar", 24, 0, 0, 2560, 25, 1.0),
			window(7811, "Safari", 501, "Apple", 0, 120, 80, 1400, 900.5, 1.0),
			window(7812, "Safari", 501, "", 0, 200, 100, 800, 600, 1.0),
			window(90, "Overlay", 777, "", 0, 0, 0, 2560, 1440, 0.0),
			window(5022, "Terminal", 612, "bash — 80×24", 0, -1200, 40, 570, 400, 1.0),
			window(66, "Dock", 480, "Dock", 20, 0, 1380, 2560, 60, 1.0),
			window(12, "Finder", 530, "", 0, 0, 0, 0, 0, 1.0));

	@Test
	void applicationWindowsAreKeptBottomFirst() {
		List<WindowInfo> windows = MacWindowList.parse(RECORDED, 501, (pid) -> "exe" + pid);

		assertThat(windows).extracting(WindowInfo::id).containsExactly(5022L, 7812L, 7811L);
		WindowInfo terminal = windows.get(0);
		assertThat(terminal.title()).isEqualTo("bash — 80×24");
		assertThat(terminal.appClass()).isEqualTo("Terminal");
		assertThat(terminal.executable()).isEqualTo("exe612");
		assertThat(terminal.pid()).isEqualTo(612);
		assertThat(terminal.bounds()).isEqualTo(new Rect(-1200, 40, 570, 400));
		assertThat(windows.get(2).bounds()).isEqualTo(new Rect(120, 80, 1400, 901));
	}

	@Test
	void theFrontmostApplicationsFrontWindowIsFocused() {
		List<WindowInfo> windows = MacWindowList.parse(RECORDED, 501, (pid) -> "");

		assertThat(windows).filteredOn(WindowInfo::focused).extracting(WindowInfo::id).containsExactly(7811L);
	}

	@Test
	void noWindowIsFocusedWhenTheFrontmostApplicationHasNoneOrIsUnknown() {
		assertThat(MacWindowList.parse(RECORDED, 480, (pid) -> "")).noneMatch(WindowInfo::focused);
		assertThat(MacWindowList.parse(RECORDED, 0, (pid) -> "")).noneMatch(WindowInfo::focused);
	}

	@Test
	void aWindowWithoutTitleWithoutPermissionOrOffScreenIsHandled() {
		Map<String, Object> untitled = new HashMap<>(window(3, "Notes", 9, "", 0, 0, 0, 10, 10, 1.0));
		untitled.remove(MacWindowList.NAME);
		untitled.remove(MacWindowList.ALPHA);
		Map<String, Object> hidden = new HashMap<>(window(4, "Notes", 9, "x", 0, 0, 0, 10, 10, 1.0));
		hidden.put(MacWindowList.ON_SCREEN, false);

		List<WindowInfo> windows = MacWindowList.parse(List.of(untitled, hidden), 9, (pid) -> null);

		assertThat(windows).hasSize(1);
		assertThat(windows.get(0).title()).isEmpty();
		assertThat(windows.get(0).executable()).isEmpty();
	}

	@Test
	void boundsNeedASize() {
		assertThat(MacWindowList.bounds(Map.of("X", 1, "Y", 2, "Width", 0, "Height", 5))).isNull();
		assertThat(MacWindowList.bounds(null)).isNull();
		assertThat(MacWindowList.bounds(Map.of("X", 1.0, "Y", 2.0, "Width", 3.0, "Height", 4.0)))
			.isEqualTo(new Rect(1, 2, 3, 4));
	}

	@org.junit.jupiter.api.Test
	void theFrontWindowIsTheFirstOrdinaryOneOnScreenReadAfreshFromTheList() {
		// the menu bar (layer 24), a transparent overlay and a zero-size window come
		// before the front window in Quartz's front-to-back order: none of them is in
		// front
		List<Map<String, Object>> frontToBack = List.of(
				window(1, "Window Server", 90, "Menubar", 24, 0, 0, 1440, 24, 1),
				window(2, "Overlay", 91, "", 0, 0, 0, 1440, 900, 0), window(3, "Ghost", 92, "", 0, 0, 0, 0, 0, 1),
				window(40, "java", 4242, "Deskhand self-test decoy", 0, 10, 10, 360, 120, 1),
				window(41, "java", 4242, "Deskhand self-test", 0, 100, 100, 720, 300, 1));

		assertThat(MacWindowList.front(frontToBack))
			.hasValueSatisfying((front) -> assertThat(front).containsExactly(40, 4242));
		assertThat(MacWindowList.front(frontToBack.subList(0, 3))).isEmpty();
	}

	private static Map<String, Object> window(long number, String owner, long pid, String name, int layer, double x,
			double y, double width, double height, double alpha) {
		Map<String, Object> window = new HashMap<>();
		window.put(MacWindowList.NUMBER, number);
		window.put(MacWindowList.OWNER_NAME, owner);
		window.put(MacWindowList.OWNER_PID, pid);
		window.put(MacWindowList.NAME, name);
		window.put(MacWindowList.LAYER, layer);
		window.put(MacWindowList.BOUNDS, Map.of("X", x, "Y", y, "Width", width, "Height", height));
		window.put(MacWindowList.ALPHA, alpha);
		window.put(MacWindowList.ON_SCREEN, true);
		window.put("kCGWindowSharingState", 1);
		return Map.copyOf(window);
	}

}
