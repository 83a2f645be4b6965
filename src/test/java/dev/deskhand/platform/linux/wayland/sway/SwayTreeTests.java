package dev.deskhand.platform.linux.wayland.sway;

import dev.deskhand.platform.linux.wayland.layout.WaylandLayout;
import dev.deskhand.platform.linux.wayland.layout.WaylandWindows;

import java.util.List;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import dev.deskhand.platform.Rect;
import dev.deskhand.platform.WindowInfo;

import static org.assertj.core.api.Assertions.assertThat;

class SwayTreeTests {

	@Test
	void readsXdgAndXwaylandWindowsOnBothOutputsInDeviceUnits() {
		List<WindowInfo> windows = WaylandWindows.toInfos(
				SwayTree.windows(SwayFixtures.fixture("sway-get_tree-two-outputs-xdg-and-xwayland.json")),
				SwayFixtures.twoMonitors(), (pid) -> "exe-" + pid);
		assertThat(windows).containsExactly(
				// tiled Xwayland xev filling HEADLESS-1 (layout 1536x864 at scale 1.25)
				new WindowInfo(13, "xevwitness", "", "", "exe-2957", 2957, new Rect(0, 0, 1920, 1080), true),
				// the floating witness at layout (200,100) 800x500, above the tiled one
				new WindowInfo(11, "Deskhand witness deskhand.witness", "deskhand.witness", "", "exe-1708", 1708,
						new Rect(250, 125, 1000, 625), false),
				// on HEADLESS-2 at scale 1: 240 and 262 from that output's origin
				new WindowInfo(10, "Deskhand witness deskhand.witness2", "deskhand.witness2", "", "exe-665", 665,
						new Rect(2160, 262, 800, 500), false));
		assertThat(windows.get(1).belongsTo("deskhand.witness")).isTrue();
	}

	@Test
	void xwaylandClassAndInstanceHiddenWorkspacesAndTheClientAreaInsideBorders() {
		// shaped like sway 1.7's GET_TREE (fields trimmed): a split container, a
		// scratchpad window, a window on a hidden workspace, a titled and bordered view
		JsonNode tree = SwayIpc.JSON.readTree("""
				{"id":1,"type":"root","nodes":[
				 {"id":2147483647,"type":"output","name":"__i3","nodes":[
				  {"id":2147483646,"type":"workspace","name":"__i3_scratch","nodes":[],"floating_nodes":[
				   {"id":30,"type":"floating_con","name":"notes","app_id":"org.gnome.TextEditor","pid":500,
				    "visible":false,"focused":false,"rect":{"x":300,"y":200,"width":600,"height":400},
				    "window_rect":{"x":0,"y":0,"width":600,"height":400}}]}]},
				 {"id":3,"type":"output","name":"HEADLESS-1","nodes":[
				  {"id":4,"type":"workspace","name":"1","nodes":[
				   {"id":20,"type":"con","layout":"splith","nodes":[
				    {"id":21,"type":"con","name":"xterm","pid":400,"app_id":null,"shell":"xwayland",
				     "visible":true,"focused":false,"window":4194305,
				     "rect":{"x":0,"y":0,"width":768,"height":864},
				     "window_rect":{"x":2,"y":27,"width":764,"height":835},
				     "window_properties":{"class":"XTerm","instance":"xterm","title":"xterm","transient_for":null}},
				    {"id":22,"type":"con","name":"Files","pid":401,"app_id":"org.gnome.Nautilus","shell":"xdg_shell",
				     "visible":true,"focused":true,"rect":{"x":768,"y":0,"width":768,"height":864},
				     "window_rect":{"x":0,"y":0,"width":768,"height":864}}],"floating_nodes":[]}],
				   "floating_nodes":[]},
				  {"id":5,"type":"workspace","name":"3","nodes":[
				   {"id":23,"type":"con","name":"hidden","pid":402,"app_id":"foot","visible":false,"focused":false,
				    "rect":{"x":0,"y":0,"width":1536,"height":864},
				    "window_rect":{"x":0,"y":0,"width":1536,"height":864}}],"floating_nodes":[]}]}]}
				""");
		List<WindowInfo> windows = WaylandWindows.toInfos(SwayTree.windows(tree), SwayFixtures.twoMonitors(),
				(pid) -> "");
		assertThat(windows).extracting(WindowInfo::id).containsExactly(30L, 23L, 21L, 22L);
		WindowInfo xterm = windows.get(2);
		assertThat(xterm.appClass()).isEqualTo("XTerm");
		assertThat(xterm.appInstance()).isEqualTo("xterm");
		assertThat(xterm.belongsTo("xterm")).isTrue();
		// client area: layout (2,27) 764x835 at scale 1.25
		assertThat(xterm.bounds()).isEqualTo(new Rect(3, 34, 955, 1044));
		assertThat(windows).filteredOn(WindowInfo::focused).extracting(WindowInfo::id).containsExactly(22L);
	}

	@Test
	void aRecordedXwaylandWindowCarriesItsXClassAndInstance() {
		List<WaylandWindows.Window> windows = SwayTree
			.windows(SwayFixtures.fixture("sway-get_tree-xwayland-xterm-class-instance.json"));
		assertThat(windows).singleElement().satisfies((xterm) -> {
			assertThat(xterm.appClass()).isEqualTo("DeskhandTerm");
			assertThat(xterm.appInstance()).isEqualTo("deskterm");
			assertThat(xterm.title()).isEqualTo("xterm witness");
			assertThat(xterm.focused()).isTrue();
			assertThat(xterm.bounds()).isEqualTo(new WaylandLayout.Area(0, 0, 1536, 864));
		});
	}

}
