package dev.deskhand.platform.linux.wayland.wire;

import java.nio.ByteOrder;
import java.util.HexFormat;
import java.util.Map;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;

/**
 * The wire format on byte fixtures, as libwayland writes them on a little-endian host
 * (the protocol uses the host's byte order).
 */
class WaylandWireTests {

	private static final HexFormat HEX = HexFormat.ofDelimiter(" ");

	@BeforeAll
	static void littleEndian() {
		assumeThat(ByteOrder.nativeOrder()).isEqualTo(ByteOrder.LITTLE_ENDIAN);
	}

	@Test
	void getRegistryIsTwelveBytes() {
		byte[] bytes = WaylandWireRequest.detached(1, 1).intArg(2).encode();
		// object 1, size 12 << 16 | opcode 1, new_id 2
		assertThat(HEX.formatHex(bytes)).isEqualTo("01 00 00 00 01 00 0c 00 02 00 00 00");
	}

	@Test
	void bindPadsTheInterfaceNameToFourBytes() {
		WaylandWireObject shm = new WaylandWireObject(3, "wl_shm", 1, WaylandWireHandler.IGNORE);
		byte[] bytes = WaylandWireRequest.detached(2, 0).uint(7).untypedNewId(shm).encode();
		assertThat(HEX.formatHex(bytes)).isEqualTo("02 00 00 00 00 00 20 00 07 00 00 00 "
				// "wl_shm" + NUL = 7 bytes, padded to 8
				+ "07 00 00 00 77 6c 5f 73 68 6d 00 00 "
				// version 1, id 3
				+ "01 00 00 00 03 00 00 00");
	}

	@Test
	void aStringOfFourBytesGetsAFullWordOfPadding() {
		byte[] bytes = WaylandWireRequest.detached(5, 2).string("seat").encode();
		assertThat(HEX.formatHex(bytes)).isEqualTo("05 00 00 00 02 00 14 00 05 00 00 00 73 65 61 74 00 00 00 00");
	}

	@Test
	void nullStringAndEmptyArray() {
		byte[] bytes = WaylandWireRequest.detached(5, 3)
			.string(null)
			.array(new byte[0])
			.array(new byte[] { 9 })
			.encode();
		assertThat(HEX.formatHex(bytes))
			.isEqualTo("05 00 00 00 03 00 18 00 00 00 00 00 00 00 00 00 01 00 00 00 09 00 00 00");
	}

	@Test
	void fixedIsSigned24Dot8() {
		assertThat(WaylandWireRequest.toFixed(1.5)).isEqualTo(0x180);
		assertThat(WaylandWireRequest.toFixed(-1.25)).isEqualTo(-320);
		assertThat(WaylandWireRequest.toFixed(768.4)).isEqualTo(196710);
		byte[] bytes = WaylandWireRequest.detached(9, 0).fixed(-1.25).encode();
		assertThat(HEX.formatHex(bytes, 8, 12)).isEqualTo("c0 fe ff ff");
		WaylandWireDecoder decoder = decoder();
		decoder.feed(bytes);
		assertThat(decoder.next().fixed()).isEqualTo(-1.25);
	}

	@Test
	void fdsTravelBesideTheBytes() {
		WaylandWireRequest request = WaylandWireRequest.detached(4, 0).intArg(10).fd(17).intArg(4096);
		assertThat(request.encode()).hasSize(16);
		assertThat(request.fds()).containsExactly(17);
	}

	@Test
	void aNulInsideAStringIsRefused() {
		assertThatThrownBy(() -> WaylandWireRequest.detached(1, 0).string("a\0b"))
			.isInstanceOf(IllegalArgumentException.class);
	}

	@Test
	void aMessageLongerThanLibwaylandAcceptsIsRefused() {
		WaylandWireRequest request = WaylandWireRequest.detached(1, 0).array(new byte[4096]);
		assertThatThrownBy(request::encode).hasMessageContaining("exceeds 4096");
	}

	@Test
	void decodesAGlobalEvent() {
		WaylandWireDecoder decoder = decoder();
		decoder.feed(globalEvent(2, 1, "wl_shm", 1));
		WaylandWireEvent event = decoder.next();
		assertThat(event.objectId()).isEqualTo(2);
		assertThat(event.opcode()).isZero();
		assertThat(event.uint()).isEqualTo(1);
		assertThat(event.string()).isEqualTo("wl_shm");
		assertThat(event.uint()).isEqualTo(1);
		assertThat(decoder.next()).isNull();
	}

	@Test
	void messagesSplitAnywhereAcrossReadsComeOutWhole() {
		byte[] first = globalEvent(2, 1, "wl_compositor", 5);
		byte[] second = globalEvent(2, 2, "zwlr_screencopy_manager_v1", 3);
		byte[] stream = new byte[first.length + second.length];
		System.arraycopy(first, 0, stream, 0, first.length);
		System.arraycopy(second, 0, stream, first.length, second.length);
		for (int cut1 = 1; cut1 < stream.length - 1; cut1 += 3) {
			int cut2 = Math.min(stream.length - 1, cut1 + 7);
			WaylandWireDecoder decoder = decoder();
			StringBuilder seen = new StringBuilder();
			for (byte[] chunk : new byte[][] { slice(stream, 0, cut1), slice(stream, cut1, cut2),
					slice(stream, cut2, stream.length) }) {
				decoder.feed(chunk);
				WaylandWireEvent event;
				while ((event = decoder.next()) != null) {
					event.uint();
					seen.append(event.string()).append(' ').append(event.uint()).append(';');
				}
			}
			assertThat(seen).as("cut at %d and %d", cut1, cut2)
				.hasToString("wl_compositor 5;zwlr_screencopy_manager_v1 3;");
			assertThat(decoder.pending()).isZero();
		}
	}

	@Test
	void decodesADisplayErrorWithItsMessage() {
		// wl_display.error(object 12, code 1, "invalid buffer")
		byte[] bytes = HEX.parseHex("01 00 00 00 00 00 24 00 0c 00 00 00 01 00 00 00 0f 00 00 00 "
				+ "69 6e 76 61 6c 69 64 20 62 75 66 66 65 72 00 00");
		WaylandWireDecoder decoder = decoder();
		decoder.feed(bytes);
		WaylandWireEvent event = decoder.next();
		assertThat(event.object()).isEqualTo(12);
		assertThat(event.uint()).isEqualTo(1);
		assertThat(event.string()).isEqualTo("invalid buffer");
	}

	@Test
	void aCorruptSizeIsAnError() {
		WaylandWireDecoder decoder = decoder();
		decoder.feed(HEX.parseHex("01 00 00 00 00 00 06 00"));
		assertThatThrownBy(decoder::next).isInstanceOf(WaylandConnectionException.class)
			.hasMessageContaining("corrupt");
	}

	@Test
	void aStringLongerThanItsMessageIsAnError() {
		WaylandWireDecoder decoder = decoder();
		decoder.feed(HEX.parseHex("02 00 00 00 00 00 10 00 ff 00 00 00 41 42 43 00"));
		assertThatThrownBy(() -> decoder.next().string()).isInstanceOf(WaylandConnectionException.class)
			.hasMessageContaining("past its end");
	}

	@Test
	void anFdArgumentTakesTheNextReceivedDescriptor() {
		int[] next = { 40 };
		WaylandWireDecoder decoder = new WaylandWireDecoder(8192, () -> next[0]++);
		decoder.feed(HEX.parseHex("03 00 00 00 00 00 10 00 01 00 00 00 00 10 00 00"));
		WaylandWireEvent event = decoder.next();
		assertThat(event.uint()).isEqualTo(1);
		assertThat(event.fd()).isEqualTo(40);
		assertThat(event.uint()).isEqualTo(4096);
	}

	@Test
	void theSocketIsFoundAsLibwaylandFindsIt() {
		assertThat(WaylandConnection
			.socketPath(Map.of("XDG_RUNTIME_DIR", "/run/user/1000", "WAYLAND_DISPLAY", "wayland-1")))
			.hasToString("/run/user/1000/wayland-1");
		assertThat(WaylandConnection.socketPath(Map.of("XDG_RUNTIME_DIR", "/run/user/1000")))
			.hasToString("/run/user/1000/wayland-0");
		assertThat(WaylandConnection.socketPath(Map.of("WAYLAND_DISPLAY", "/tmp/rt/wayland-9")))
			.hasToString("/tmp/rt/wayland-9");
		assertThatThrownBy(() -> WaylandConnection.socketPath(Map.of("WAYLAND_DISPLAY", "wayland-1")))
			.hasMessageContaining("XDG_RUNTIME_DIR is not set");
	}

	@Test
	void missingGlobalsMakeAStartUpSentence() {
		assertThat(WaylandRegistry.missingSentence(java.util.List.of())).isEmpty();
		assertThat(WaylandRegistry.missingSentence(java.util.List.of("zwlr_screencopy_manager_v1", "wl_seat")))
			.hasValue("the compositor does not offer zwlr_screencopy_manager_v1 (screen capture (wlr-screencopy)), "
					+ "wl_seat (the input seat); the Wayland driver needs a wlroots-based compositor such as sway");
	}

	static byte[] globalEvent(int registry, int name, String interfaceName, int version) {
		WaylandWireRequest message = WaylandWireRequest.detached(registry, 0)
			.uint(name)
			.string(interfaceName)
			.uint(version);
		return message.encode();
	}

	private static WaylandWireDecoder decoder() {
		return new WaylandWireDecoder(8192, () -> {
			throw new AssertionError("no fd expected");
		});
	}

	private static byte[] slice(byte[] bytes, int from, int to) {
		return java.util.Arrays.copyOfRange(bytes, from, to);
	}

}
