package dev.deskhand.platform.linux.kde;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.deskhand.platform.Frame;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The D-Bus wire codec of the fd-passing client: a call as ScreenShot2 receives it, read
 * back field by field, and a results map turned into pixels.
 */
class DbusWireTests {

	@Test
	void aCaptureScreenCallIsAWellFormedMessageThatReadsBack() {
		Map<String, DbusWire.Variant> options = new LinkedHashMap<>();
		options.put("include-cursor", new DbusWire.Variant("b", false));
		options.put("native-resolution", new DbusWire.Variant("b", true));
		byte[] bytes = DbusWire.methodCall(7, "org.kde.KWin.ScreenShot2", "/org/kde/KWin/ScreenShot2",
				"org.kde.KWin.ScreenShot2", "CaptureScreen", "sa{sv}h",
				List.of("Virtual-0", options, new DbusWire.FdIndex(0)), 1);
		assertThat(bytes[0]).isEqualTo((byte) 'l');
		assertThat(bytes[1]).isEqualTo(DbusWire.METHOD_CALL);
		assertThat(ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).getInt(8)).as("serial").isEqualTo(7);
		assertThat(DbusWire.messageLength(Arrays.copyOf(bytes, 16))).isEqualTo(bytes.length);
		DbusWire.Message read = DbusWire.read(bytes);
		assertThat(read.member()).isEqualTo("CaptureScreen");
		assertThat(read.signature()).isEqualTo("sa{sv}h");
		assertThat(read.body()).containsExactly("Virtual-0", Map.of("include-cursor", false, "native-resolution", true),
				0);
	}

	@Test
	void screenshotResultsAndBgraPixelsBecomeAFrame() {
		Map<String, DbusWire.Variant> results = new LinkedHashMap<>();
		results.put("type", new DbusWire.Variant("s", "raw"));
		results.put("width", new DbusWire.Variant("u", 2));
		results.put("height", new DbusWire.Variant("u", 1));
		results.put("stride", new DbusWire.Variant("u", 12));
		results.put("format", new DbusWire.Variant("u", 5));
		results.put("scale", new DbusWire.Variant("d", 1.0));
		byte[] bytes = DbusWire.methodCall(1, "x.y", "/x", "x.y", "Reply", "a{sv}", List.of(results), 0);
		DbusWire.Message reply = DbusWire.read(bytes);
		// B G R A, B G R A, then the row's padding to its stride
		byte[] pixels = { 0x00, 0x00, (byte) 0xff, (byte) 0xff, (byte) 0x80, 0x40, 0x20, (byte) 0xff, 9, 9, 9, 9 };
		Frame frame = KwinScreenshot.toFrame("Virtual-0", reply, pixels);
		assertThat(frame.width()).isEqualTo(2);
		assertThat(frame.height()).isEqualTo(1);
		assertThat(frame.rgb(0, 0)).isEqualTo(0xff0000);
		assertThat(frame.rgb(1, 0)).isEqualTo(0x204080);
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
