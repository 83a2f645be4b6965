package dev.deskhand.platform.macos.ax.jna;

import com.sun.jna.Library;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.ByteByReference;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.PointerByReference;

/**
 * The AX functions of HIServices (reached through the ApplicationServices umbrella
 * framework), from {@code AXUIElement.h} and {@code AXValue.h}. Element, string and array
 * references are plain pointers here: their owners (the Copy/Create rule) release them.
 * {@code Boolean} (an unsigned char) is returned as a {@code byte}: only its low byte is
 * defined. {@code AXError} is an {@code SInt32}.
 */
public interface HIServices extends Library {

	/** {@code kAXValueCGPointType}. */
	int AX_VALUE_CG_POINT = 1;

	/** {@code kAXValueCGSizeType}. */
	int AX_VALUE_CG_SIZE = 2;

	/** {@code kAXValueAXErrorType}: a failed attribute's slot in a multiple copy. */
	int AX_VALUE_AX_ERROR = 5;

	byte AXIsProcessTrusted();

	Pointer AXUIElementCreateApplication(int pid);

	Pointer AXUIElementCreateSystemWide();

	int AXUIElementCopyAttributeValue(Pointer element, Pointer attribute, PointerByReference value);

	/** {@code options} 0: a failed attribute's slot holds an AXValue of the AXError. */
	int AXUIElementCopyMultipleAttributeValues(Pointer element, Pointer attributes, int options,
			PointerByReference values);

	int AXUIElementCopyActionNames(Pointer element, PointerByReference names);

	int AXUIElementPerformAction(Pointer element, Pointer action);

	int AXUIElementSetAttributeValue(Pointer element, Pointer attribute, Pointer value);

	int AXUIElementIsAttributeSettable(Pointer element, Pointer attribute, ByteByReference settable);

	/** Top-left global coordinates in points, as floats. */
	int AXUIElementCopyElementAtPosition(Pointer application, float x, float y, PointerByReference element);

	int AXUIElementGetPid(Pointer element, IntByReference pid);

	/**
	 * On the system-wide element: the global timeout of every element without its own.
	 */
	int AXUIElementSetMessagingTimeout(Pointer element, float timeoutInSeconds);

	long AXUIElementGetTypeID();

	long AXValueGetTypeID();

	int AXValueGetType(Pointer value);

	/**
	 * {@code valuePtr}: a CGPoint, CGSize (two CGFloats, doubles on 64-bit) or AXError.
	 */
	byte AXValueGetValue(Pointer value, int type, Pointer valuePtr);

}
