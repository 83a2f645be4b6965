package dev.deskhand.platform.macos;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import com.sun.jna.Memory;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;
import com.sun.jna.platform.mac.CoreFoundation;
import com.sun.jna.platform.mac.CoreFoundation.CFArrayRef;
import com.sun.jna.platform.mac.CoreFoundation.CFBooleanRef;
import com.sun.jna.platform.mac.CoreFoundation.CFDictionaryRef;
import com.sun.jna.platform.mac.CoreFoundation.CFIndex;
import com.sun.jna.platform.mac.CoreFoundation.CFNumberRef;
import com.sun.jna.platform.mac.CoreFoundation.CFStringRef;
import com.sun.jna.platform.mac.CoreFoundation.CFTypeID;

import dev.deskhand.platform.macos.jna.CoreFoundationExt;
import dev.deskhand.platform.macos.jna.Objc;

/**
 * The native glue the macOS driver's classes share: CoreFoundation values to plain Java
 * ones (so that parsing stays pure), Objective-C messages, NSString conversions, and an
 * autorelease pool around every Objective-C call from a Java thread (such threads have
 * none, and autoreleased objects would otherwise leak).
 */
final class MacFoundation {

	/** {@code NSUTF8StringEncoding}. */
	private static final long UTF8 = 4;

	private static final CoreFoundationExt CF = CoreFoundationExt.INSTANCE;

	private static final Objc OBJC = Objc.INSTANCE;

	// AppKit must be loaded for objc_getClass("NSWorkspace") and the pasteboard classes
	// to
	// exist; a JVM without AWT has not loaded it
	private static final NativeLibrary APPKIT = NativeLibrary.getInstance("AppKit");

	private MacFoundation() {
	}

	static Objc objc() {
		return OBJC;
	}

	static Pointer cls(String name) {
		return OBJC.objc_getClass(name);
	}

	static Pointer sel(String name) {
		return OBJC.sel_registerName(name);
	}

	static <T> T inPool(Supplier<T> work) {
		Pointer pool = OBJC.objc_autoreleasePoolPush();
		try {
			return work.get();
		}
		finally {
			OBJC.objc_autoreleasePoolPop(pool);
		}
	}

	/** An autoreleased NSString with the exact text (NUL characters included). */
	static Pointer nsString(String text) {
		byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
		Memory bytes = new Memory(Math.max(1, utf8.length));
		bytes.write(0, utf8, 0, utf8.length);
		Pointer allocated = OBJC.msgSend(cls("NSString"), sel("alloc"));
		Pointer string = OBJC.msgSend(allocated, sel("initWithBytes:length:encoding:"), bytes, (long) utf8.length,
				UTF8);
		return OBJC.msgSend(string, sel("autorelease"));
	}

	/** An NSString's text, read through its UTF-8 data (exact, NULs included). */
	static String javaString(Pointer nsString) {
		if (nsString == null) {
			return null;
		}
		Pointer data = OBJC.msgSend(nsString, sel("dataUsingEncoding:"), UTF8);
		if (data == null) {
			return "";
		}
		long length = OBJC.msgSendLong(data, sel("length"));
		Pointer bytes = OBJC.msgSend(data, sel("bytes"));
		return (length == 0 || bytes == null) ? ""
				: new String(bytes.getByteArray(0, Math.toIntExact(length)), StandardCharsets.UTF_8);
	}

	/**
	 * A CoreFoundation property-list value as Java: String, Long or Double, Boolean,
	 * {@code Map<String, Object>}, {@code List<Object>}; other types (dates, data) as
	 * {@code null}. Does not release {@code value}.
	 */
	static Object toJava(Pointer value) {
		if (value == null) {
			return null;
		}
		CFTypeID type = CF.CFGetTypeID(value);
		if (type.equals(CoreFoundation.STRING_TYPE_ID)) {
			return new CFStringRef(value).stringValue();
		}
		if (type.equals(CoreFoundation.NUMBER_TYPE_ID)) {
			CFNumberRef number = new CFNumberRef(value);
			return (CF.CFNumberIsFloatType(number) != 0) ? (Object) number.doubleValue() : (Object) number.longValue();
		}
		if (type.equals(CoreFoundation.BOOLEAN_TYPE_ID)) {
			return new CFBooleanRef(value).booleanValue();
		}
		if (type.equals(CoreFoundation.DICTIONARY_TYPE_ID)) {
			return toMap(new CFDictionaryRef(value));
		}
		if (type.equals(CoreFoundation.ARRAY_TYPE_ID)) {
			return toList(new CFArrayRef(value));
		}
		return null;
	}

	static Map<String, Object> toMap(CFDictionaryRef dictionary) {
		int count = Math.toIntExact(CF.CFDictionaryGetCount(dictionary).longValue());
		Pointer[] keys = new Pointer[count];
		Pointer[] values = new Pointer[count];
		if (count > 0) {
			CF.CFDictionaryGetKeysAndValues(dictionary, keys, values);
		}
		Map<String, Object> map = new HashMap<>();
		for (int i = 0; i < count; i++) {
			Object key = toJava(keys[i]);
			Object value = toJava(values[i]);
			if (key instanceof String name && value != null) {
				map.put(name, value);
			}
		}
		return map;
	}

	static List<Object> toList(CFArrayRef array) {
		int count = array.getCount();
		List<Object> list = new ArrayList<>(count);
		for (int i = 0; i < count; i++) {
			list.add(toJava(CF.CFArrayGetValueAtIndex(array, new CFIndex(i))));
		}
		return list;
	}

	static void release(Pointer ref) {
		if (ref != null) {
			CF.CFRelease(new CoreFoundation.CFTypeRef(ref));
		}
	}

	/** Keeps AppKit loaded for the life of the process. */
	static NativeLibrary appKit() {
		return APPKIT;
	}

}
