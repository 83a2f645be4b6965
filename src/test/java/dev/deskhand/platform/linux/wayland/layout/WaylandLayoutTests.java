package dev.deskhand.platform.linux.wayland.layout;

import dev.deskhand.platform.linux.wayland.sway.SwayIpc;
import dev.deskhand.platform.linux.wayland.sway.SwayOutputs;

import java.util.List;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.DisplayInfo;
import dev.deskhand.platform.Point;
import dev.deskhand.platform.Rect;
import dev.deskhand.platform.linux.wayland.layout.WaylandLayout.Area;
import dev.deskhand.platform.linux.wayland.layout.WaylandLayout.LayoutPoint;
import dev.deskhand.platform.linux.wayland.layout.WaylandLayout.Output;
import dev.deskhand.screen.ScreenGeometry;

import static dev.deskhand.platform.linux.wayland.sway.SwayFixtures.twoMonitors;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class WaylandLayoutTests {

	@Test
	void readsSwaysTwoOutputsAsDevicePixelDisplays() {
		List<DisplayInfo> displays = twoMonitors().displays();
		assertThat(displays).containsExactly(
				new DisplayInfo("HEADLESS-1", "HEADLESS-1", new Rect(0, 0, 1920, 1080), 1.25, false),
				// layout x 1536 times the greatest scale: right where the first ends
				new DisplayInfo("HEADLESS-2", "HEADLESS-2", new Rect(1920, 0, 1280, 1024), 1.0, false));
		Output first = twoMonitors().outputs().get(0);
		assertThat(first.layout()).isEqualTo(new Area(0, 0, 1536, 864));
		assertThat(first.description()).isEqualTo("headless headless");
	}

	@Test
	void theScreenshotCentreOfTheScaledOutputIsDevice960And540AndLayout768And432() {
		WaylandLayout layout = twoMonitors();
		DisplayInfo display = layout.displays().get(0);
		ScreenGeometry shot = new ScreenGeometry(display.id(), display.bounds(), 1280, 720);
		Point device = shot.toDesktop(640, 360);
		assertThat(device).isEqualTo(new Point(960, 540));
		LayoutPoint point = layout.toLayout(device.x(), device.y()).orElseThrow();
		assertThat(point.output().name()).isEqualTo("HEADLESS-1");
		assertThat(point.x()).isCloseTo(768.0, within(1e-9));
		assertThat(point.y()).isCloseTo(432.0, within(1e-9));
	}

	@Test
	void theSecondOutputAtScaleOneMapsOneToOneFromItsOwnOrigin() {
		WaylandLayout layout = twoMonitors();
		DisplayInfo display = layout.displays().get(1);
		ScreenGeometry shot = new ScreenGeometry(display.id(), display.bounds(), 1000, 800);
		Point device = shot.toDesktop(0, 0);
		assertThat(device).isEqualTo(new Point(1920, 0));
		assertThat(layout.toLayout(1920, 0)).contains(new LayoutPoint(layout.outputs().get(1), 1536, 0));
		assertThat(layout.toLayout(1920 + 550, 472)).contains(new LayoutPoint(layout.outputs().get(1), 2086, 472));
		assertThat(layout.toLayout(3199, 1023)).contains(new LayoutPoint(layout.outputs().get(1), 2815, 1023));
		// below the shorter first output, and past the right edge: no output there
		assertThat(layout.toLayout(100, 1080)).isEmpty();
		assertThat(layout.toLayout(3200, 0)).isEmpty();
	}

	@Test
	void deviceAndLayoutPointsRoundTripOnEveryOutput() {
		WaylandLayout layout = twoMonitors();
		for (int[] p : new int[][] { { 0, 0 }, { 1, 1 }, { 959, 539 }, { 1919, 1079 }, { 1920, 0 }, { 3199, 1023 } }) {
			LayoutPoint point = layout.toLayout(p[0], p[1]).orElseThrow();
			// the layout point of a device pixel's corner maps back to that pixel
			assertThat(layout.toDevice(point.x(), point.y())).isEqualTo(new Point(p[0], p[1]));
		}
	}

	@Test
	void windowsInLayoutUnitsGetDeviceBoundsFromTheOutputThatShowsThem() {
		WaylandLayout layout = twoMonitors();
		// the witness on HEADLESS-1 at layout (200,100) 800x500, scale 1.25
		assertThat(layout.toDevice(new Area(200, 100, 800, 500))).isEqualTo(new Rect(250, 125, 1000, 625));
		// witness2 on HEADLESS-2 at (1776,262): 240 right of that output's layout origin
		assertThat(layout.toDevice(new Area(1776, 262, 800, 500))).isEqualTo(new Rect(2160, 262, 800, 500));
		// mostly on HEADLESS-1: that output's scale
		assertThat(layout.toDevice(new Area(1000, 0, 600, 100))).isEqualTo(new Rect(1250, 0, 750, 125));
	}

	@Test
	void theLayoutBoundingBoxIsWhatTheVirtualPointerSpans() {
		assertThat(twoMonitors().layoutBounds()).isEqualTo(new Area(0, 0, 2816, 1024));
	}

	@Test
	void negativeOriginsAndGapsStayPerOutput() {
		// a scale-2 panel left of the origin, a gap, then a scale-1 monitor
		WaylandLayout layout = new WaylandLayout(
				List.of(new Output("DP-2", "", new Area(1000, 0, 1920, 1080), 1.0, 1920, 1080),
						new Output("eDP-1", "", new Area(-1440, -200, 1440, 900), 2.0, 2880, 1800)));
		assertThat(layout.displays()).extracting(DisplayInfo::id).containsExactly("eDP-1", "DP-2");
		assertThat(layout.displays()).extracting(DisplayInfo::bounds)
			.containsExactly(new Rect(-2880, -400, 2880, 1800), new Rect(2000, 0, 1920, 1080));
		assertThat(layout.toLayout(-2880, -400)).contains(new LayoutPoint(layout.outputs().get(0), -1440, -200));
		assertThat(layout.toLayout(-1, 1399)).contains(new LayoutPoint(layout.outputs().get(0), -0.5, 699.5));
		assertThat(layout.toLayout(2000 + 10, 5)).contains(new LayoutPoint(layout.outputs().get(1), 1010, 5));
		// between the outputs in desktop units (the gap the greater scale opens)
		assertThat(layout.toLayout(1000, 0)).isEmpty();
		assertThat(layout.layoutBounds()).isEqualTo(new Area(-1440, -200, 4360, 1280));
		// no two outputs overlap in desktop units
		Rect a = layout.displays().get(0).bounds();
		Rect b = layout.displays().get(1).bounds();
		assertThat(a.intersection(b)).isNull();
	}

	@Test
	void aQuarterTurnedOutputSwapsItsModesWidthAndHeight() {
		JsonNode outputs = SwayIpc.JSON.readTree("""
				[{"name":"DP-1","active":true,"rect":{"x":0,"y":0,"width":1080,"height":1920},"scale":1.0,
				  "transform":"90","current_mode":{"width":1920,"height":1080,"refresh":60000},"focused":true},
				 {"name":"DP-2","active":true,"rect":{"x":1080,"y":0,"width":720,"height":1280},"scale":1.5,
				  "transform":"flipped-270","current_mode":{"width":1920,"height":1080,"refresh":60000}},
				 {"name":"HDMI-A-1","active":true,"rect":{"x":1800,"y":0,"width":1920,"height":1080},"scale":1.0,
				  "transform":"180","current_mode":{"width":1920,"height":1080,"refresh":60000}}]
				""");
		List<DisplayInfo> displays = SwayOutputs.parse(outputs).displays();
		assertThat(displays).extracting(DisplayInfo::bounds)
			.containsExactly(new Rect(0, 0, 1080, 1920), new Rect(1620, 0, 1080, 1920), new Rect(2700, 0, 1920, 1080));
	}

	@Test
	void disabledOutputsAreLeftOutAndNoneActiveIsNoDesktop() {
		JsonNode outputs = SwayIpc.JSON.readTree("""
				[{"name":"DP-1","active":false,"rect":{"x":0,"y":0,"width":0,"height":0},"scale":-1.0,
				  "transform":"normal","modes":[]},
				 {"name":"DP-2","active":true,"rect":{"x":0,"y":0,"width":1280,"height":720},"scale":1.0,
				  "transform":"normal","current_mode":{"width":1280,"height":720,"refresh":60000},
				  "make":"Dell Inc.","model":"U2720Q","serial":"ABC123"}]
				""");
		WaylandLayout layout = SwayOutputs.parse(outputs);
		assertThat(layout.outputs()).extracting(Output::name).containsExactly("DP-2");
		assertThat(layout.outputs().get(0).description()).isEqualTo("Dell Inc. U2720Q ABC123");
		assertThatThrownBy(() -> SwayOutputs.parse(SwayIpc.JSON.readTree("[" + outputs.get(0) + "]")))
			.isInstanceOfSatisfying(DeskhandException.class,
					(ex) -> assertThat(ex.code()).isEqualTo(ErrorCode.E_NO_DESKTOP));
	}

	@Test
	void aScaleChangeIsALayoutChangeAndMovesTheOutputsToTheRight() {
		WaylandLayout before = twoMonitors();
		// after `output HEADLESS-1 scale 2` sway reports a 960x540 layout, same mode
		WaylandLayout after = new WaylandLayout(
				List.of(new Output("HEADLESS-1", "headless headless", new Area(0, 0, 960, 540), 2.0, 1920, 1080),
						before.outputs().get(1)));
		assertThat(after).isNotEqualTo(before);
		assertThat(after.displays()).extracting(DisplayInfo::bounds)
			.containsExactly(new Rect(0, 0, 1920, 1080), new Rect(3072, 0, 1280, 1024));
		assertThat(twoMonitors()).isEqualTo(before);
	}

}
