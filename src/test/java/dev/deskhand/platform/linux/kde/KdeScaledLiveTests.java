package dev.deskhand.platform.linux.kde;

import dev.deskhand.platform.linux.wayland.wire.WaylandConnection;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.deskhand.platform.DisplayInfo;
import dev.deskhand.platform.Frame;
import dev.deskhand.platform.MouseButton;
import dev.deskhand.platform.Point;
import dev.deskhand.platform.Rect;
import dev.deskhand.testing.DriverWitness.PointerEvent;
import dev.deskhand.testing.KwinDriverWitness;
import dev.deskhand.testing.KwinSession;
import dev.deskhand.testing.Pause;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A KWin of its own with both outputs at scale 1.25: the displays are device pixels, a
 * capture is at device resolution, and a click at a device point lands at the layout
 * point the GTK witness reports (window-local layout units plus where KWin's rule put
 * it).
 */
class KdeScaledLiveTests {

	@Test
	void displaysCaptureAndClicksAreInDevicePixelsAtAFractionalScale() {
		try (KwinSession kwin = KwinSession.startScaled(1.25)) {
			Path socket = kwin.runtimeDir().resolve(KwinSession.WAYLAND_DISPLAY);
			try (WaylandConnection observation = WaylandConnection.open(socket, Duration.ofSeconds(5));
					KwinDriverWitness witness = KwinDriverWitness.open(kwin, KwinSession.WITNESS_APP_ID)) {
				KdeOutputs outputs = KdeOutputs.bind(observation);
				List<DisplayInfo> displays = outputs.layout().displays();
				assertThat(displays).extracting(DisplayInfo::bounds)
					.containsExactly(new Rect(0, 0, 1600, 1000), new Rect(1600, 0, 1600, 1000));
				assertThat(displays).extracting(DisplayInfo::scaleFactor).containsExactly(1.25, 1.25);

				try (KwinScreenshot screenshot = new KwinScreenshot(kwin.environment(), Duration.ofSeconds(10))) {
					Frame frame = screenshot.captureScreen("Virtual-0");
					assertThat(frame.width()).isEqualTo(1600);
					assertThat(frame.height()).isEqualTo(1000);
					// the witness's red square, layout (300,200) 20x20, is device
					// (375,250)
					// 25x25; its middle is red however KWin filters the scaled buffer
					assertThat(frame.rgb(387, 262)).isEqualTo(0xff0000);
					assertThat(frame.rgb(360, 262)).isEqualTo(0x808080);
				}

				try (KdeInput input = KdeInput.open(socket, Duration.ofSeconds(5), outputs::layout)) {
					witness.reset();
					// device (500, 375) is layout (400, 300)
					input.pointer().click(new Point(500, 375), MouseButton.LEFT);
					long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
					while (witness.buttons().size() < 2 && System.nanoTime() < deadline) {
						Pause.millis(20);
					}
					List<PointerEvent> buttons = witness.buttons();
					assertThat(buttons).as(witness.describe()).hasSizeGreaterThanOrEqualTo(2);
					assertThat(buttons.get(0).x()).isEqualTo(400.0);
					assertThat(buttons.get(0).y()).isEqualTo(300.0);
				}
			}
		}
	}

}
