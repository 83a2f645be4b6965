package dev.deskhand.platform.windows.uia;

import com.sun.jna.Pointer;
import com.sun.jna.platform.win32.COM.Unknown;
import com.sun.jna.ptr.PointerByReference;

/**
 * A COM interface pointer called by vtable slot ({@link UiaVtable}), released when
 * closed. Every failing HRESULT becomes a {@link UiaComException} naming the call.
 */
final class UiaComObject extends Unknown implements AutoCloseable {

	private boolean released;

	UiaComObject(Pointer pointer) {
		super(pointer);
	}

	/** Calls slot {@code slot} with this object first and {@code args} after it. */
	void call(String name, int slot, Object... args) {
		Object[] all = new Object[args.length + 1];
		all[0] = getPointer();
		System.arraycopy(args, 0, all, 1, args.length);
		int hresult = _invokeNativeInt(slot, all);
		if (hresult < 0) {
			throw new UiaComException(name, hresult);
		}
	}

	/** Calls a method whose last parameter is an interface pointer it answers. */
	UiaComObject object(String name, int slot, Object... args) {
		PointerByReference out = new PointerByReference();
		Object[] all = new Object[args.length + 1];
		System.arraycopy(args, 0, all, 0, args.length);
		all[args.length] = out;
		call(name, slot, all);
		return (out.getValue() != null) ? new UiaComObject(out.getValue()) : null;
	}

	@Override
	public void close() {
		if (!this.released && getPointer() != null) {
			this.released = true;
			Release();
		}
	}

}
