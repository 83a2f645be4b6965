package dev.deskhand.platform.windows;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;

/**
 * Lays {@link WindowsInput}s out as the {@code INPUT} array {@code SendInput} reads.
 *
 * <p>
 * {@code INPUT} is a {@code DWORD type} and a union of {@code MOUSEINPUT},
 * {@code KEYBDINPUT} and {@code HARDWAREINPUT}; the union holds a {@code ULONG_PTR}
 * ({@code dwExtraInfo}), so it is aligned to the pointer size. On 64-bit Windows:
 * {@code type} at 0, the union at 8, {@code MOUSEINPUT} 32 bytes ({@code dx} 0,
 * {@code dy} 4, {@code mouseData} 8, {@code dwFlags} 12, {@code time} 16,
 * {@code dwExtraInfo} 24), {@code KEYBDINPUT} 24 ({@code wVk} 0, {@code wScan} 2,
 * {@code dwFlags} 4, {@code time} 8, {@code dwExtraInfo} 16): 40 bytes each. On 32-bit:
 * 28. jna-platform's {@code WinUser.INPUT} has the right layout on Windows only; its
 * {@code LONG} fields take 8 bytes on Linux (48 bytes there), so this layout is written
 * by hand and checked by offset in tests.
 */
final class WindowsInputLayout {

	static final int INPUT_MOUSE = 0;

	static final int INPUT_KEYBOARD = 1;

	/**
	 * {@code dwExtraInfo} of every event Deskhand sends ("DSKH"): a low-level hook can
	 * tell Deskhand's events from the human's by it.
	 */
	static final long EXTRA_INFO = 0x44534B48L;

	private final int pointerSize;

	WindowsInputLayout(int pointerSize) {
		if (pointerSize != 4 && pointerSize != 8) {
			throw new IllegalArgumentException("pointer size " + pointerSize);
		}
		this.pointerSize = pointerSize;
	}

	/** {@code sizeof(INPUT)}: 40 on 64-bit Windows, 28 on 32-bit. */
	int inputSize() {
		return unionOffset() + align(20, this.pointerSize) + this.pointerSize;
	}

	private int unionOffset() {
		return this.pointerSize;
	}

	/** The array, little-endian, {@link #inputSize()} bytes per event. */
	byte[] encode(List<WindowsInput> events) {
		int size = inputSize();
		ByteBuffer buffer = ByteBuffer.allocate(size * events.size()).order(ByteOrder.LITTLE_ENDIAN);
		int union = unionOffset();
		for (int i = 0; i < events.size(); i++) {
			int base = i * size;
			WindowsInput event = events.get(i);
			if (event instanceof WindowsInput.Mouse mouse) {
				buffer.putInt(base, INPUT_MOUSE);
				buffer.putInt(base + union, mouse.dx());
				buffer.putInt(base + union + 4, mouse.dy());
				buffer.putInt(base + union + 8, mouse.mouseData());
				buffer.putInt(base + union + 12, mouse.flags());
				putPointer(buffer, base + union + align(20, this.pointerSize), EXTRA_INFO);
			}
			else {
				WindowsInput.Key key = (WindowsInput.Key) event;
				buffer.putInt(base, INPUT_KEYBOARD);
				buffer.putShort(base + union, (short) key.virtualKey());
				buffer.putShort(base + union + 2, (short) key.scanCode());
				buffer.putInt(base + union + 4, key.flags());
				putPointer(buffer, base + union + align(12, this.pointerSize), EXTRA_INFO);
			}
		}
		return buffer.array();
	}

	private void putPointer(ByteBuffer buffer, int offset, long value) {
		if (this.pointerSize == 8) {
			buffer.putLong(offset, value);
		}
		else {
			buffer.putInt(offset, (int) value);
		}
	}

	private static int align(int offset, int alignment) {
		return (offset + alignment - 1) / alignment * alignment;
	}

}
