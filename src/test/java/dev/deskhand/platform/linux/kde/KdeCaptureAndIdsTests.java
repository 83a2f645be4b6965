package dev.deskhand.platform.linux.kde;

import java.util.LinkedHashMap;
import java.util.Map;

import org.freedesktop.dbus.types.UInt32;
import org.freedesktop.dbus.types.Variant;
import org.junit.jupiter.api.Test;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.platform.Frame;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The pure parts of the KDE driver: ScreenShot2's results (as dbus-java hands them)
 * turned into pixels, crops, and KWin's window ids.
 */
class KdeCaptureAndIdsTests {

	@Test
	void screenshotResultsAndBgraPixelsBecomeAFrame() {
		Map<String, Variant<?>> results = new LinkedHashMap<>();
		results.put("type", new Variant<>("raw"));
		results.put("width", new Variant<>(new UInt32(2)));
		results.put("height", new Variant<>(new UInt32(1)));
		results.put("stride", new Variant<>(new UInt32(12)));
		results.put("format", new Variant<>(new UInt32(5)));
		results.put("scale", new Variant<>(1.0));
		// B G R A, B G R A, then the row's padding to its stride
		byte[] pixels = { 0x00, 0x00, (byte) 0xff, (byte) 0xff, (byte) 0x80, 0x40, 0x20, (byte) 0xff, 9, 9, 9, 9 };
		Frame frame = KwinScreenshot.toFrame("Virtual-0", results, pixels);
		assertThat(frame.width()).isEqualTo(2);
		assertThat(frame.height()).isEqualTo(1);
		assertThat(frame.rgb(0, 0)).isEqualTo(0xff0000);
		assertThat(frame.rgb(1, 0)).isEqualTo(0x204080);
	}

	@Test
	void aFormatOtherThan32BitRgbOrAShortPipeIsRefusedWithTheFigures() {
		Map<String, Variant<?>> results = new LinkedHashMap<>();
		results.put("width", new Variant<>(new UInt32(2)));
		results.put("height", new Variant<>(new UInt32(1)));
		results.put("stride", new Variant<>(new UInt32(8)));
		results.put("format", new Variant<>(new UInt32(13)));
		assertThatThrownBy(() -> KwinScreenshot.toFrame("Virtual-0", results, new byte[8]))
			.isInstanceOf(DeskhandException.class)
			.hasMessageContaining("QImage format 13");
		results.put("format", new Variant<>(new UInt32(4)));
		assertThatThrownBy(() -> KwinScreenshot.toFrame("Virtual-0", results, new byte[4]))
			.isInstanceOf(DeskhandException.class)
			.hasMessageContaining("its pipe held 4 bytes");
	}

	@Test
	void aRegionIsCroppedRowByRow() {
		int[] pixels = new int[4 * 3];
		for (int i = 0; i < pixels.length; i++) {
			pixels[i] = i;
		}
		Frame cropped = KdeDesktopDriver.crop(new Frame(4, 3, pixels), 1, 1, 2, 2);
		assertThat(cropped.pixels()).containsExactly(5, 6, 9, 10);
	}

	@Test
	void kwinWindowUuidsFoldIntoStablePositiveIds() {
		long id = KdeWindowDriver.idOf("{b5870a02-b47c-400d-b4f7-8eda06681bc4}");
		assertThat(id).isPositive().isEqualTo(KdeWindowDriver.idOf("b5870a02-b47c-400d-b4f7-8eda06681bc4"));
		assertThat(KdeWindowDriver.idOf("{00000000-0000-0000-0000-000000000001}")).isEqualTo(1);
	}

}
