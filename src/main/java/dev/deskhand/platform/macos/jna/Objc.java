package dev.deskhand.platform.macos.jna;

import java.util.Map;

import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.Pointer;

/**
 * The Objective-C runtime. {@code objc_msgSend} is a trampoline that jumps to the method
 * with the caller's registers untouched, so each call must be made with the method's own
 * C prototype; it is never variadic (on arm64 a variadic call puts arguments on the stack
 * where the method does not look). Each {@code msgSend*} method below is one fixed
 * prototype, all bound to the {@code objc_msgSend} symbol by the function mapper. Results
 * of type {@code BOOL} are {@code byte} (a signed char on x86_64, a one-byte bool on
 * arm64). No {@code _stret}/{@code _fpret} variants are needed: none of the methods
 * called returns a structure, and {@code double} comes back in a register on both
 * architectures.
 */
public interface Objc extends Library {

	Objc INSTANCE = Native.load("objc", Objc.class,
			Map.of(Library.OPTION_FUNCTION_MAPPER, (com.sun.jna.FunctionMapper) (library,
					method) -> method.getName().startsWith("msgSend") ? "objc_msgSend" : method.getName()));

	Pointer objc_getClass(String name);

	Pointer sel_registerName(String name);

	Pointer objc_autoreleasePoolPush();

	void objc_autoreleasePoolPop(Pointer pool);

	/** {@code id (id, SEL)}. */
	Pointer msgSend(Pointer receiver, Pointer selector);

	/** {@code id (id, SEL, id)}. */
	Pointer msgSend(Pointer receiver, Pointer selector, Pointer argument);

	/** {@code id (id, SEL, pid_t)}: {@code runningApplicationWithProcessIdentifier:}. */
	Pointer msgSend(Pointer receiver, Pointer selector, int argument);

	/** {@code id (id, SEL, NSUInteger)}: {@code dataUsingEncoding:}. */
	Pointer msgSend(Pointer receiver, Pointer selector, long argument);

	/**
	 * {@code id (id, SEL, const void *, NSUInteger, NSStringEncoding)}:
	 * {@code initWithBytes:length:encoding:}.
	 */
	Pointer msgSend(Pointer receiver, Pointer selector, Pointer bytes, long length, long encoding);

	/** {@code pid_t (id, SEL)}: {@code processIdentifier}. */
	int msgSendInt(Pointer receiver, Pointer selector);

	/** {@code NSInteger/NSUInteger (id, SEL)}: {@code clearContents}, {@code length}. */
	long msgSendLong(Pointer receiver, Pointer selector);

	/** {@code NSTimeInterval (id, SEL)}: {@code doubleClickInterval}. */
	double msgSendDouble(Pointer receiver, Pointer selector);

	/** {@code BOOL (id, SEL, NSUInteger)}: {@code activateWithOptions:}. */
	byte msgSendBool(Pointer receiver, Pointer selector, long argument);

	/** {@code BOOL (id, SEL, id, id)}: {@code setString:forType:}. */
	byte msgSendBool(Pointer receiver, Pointer selector, Pointer first, Pointer second);

	/** {@code void (id, SEL)}: {@code release}. */
	void msgSendVoid(Pointer receiver, Pointer selector);

}
