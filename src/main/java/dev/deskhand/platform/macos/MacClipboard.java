package dev.deskhand.platform.macos;

import java.time.Duration;

import com.sun.jna.Pointer;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.ClipboardDriver;
import dev.deskhand.platform.macos.jna.Objc;

/**
 * The general pasteboard's plain text ({@code NSPasteboardTypeString}, whose value is
 * {@code public.utf8-plain-text}). Unlike X11 there is no owner to wait for: the
 * pasteboard server holds the data, so a read does not block on another application (an
 * application that promised data lazily is asked by the server, not by us). Serialized,
 * since pasteboard changes are read-modify-write sequences.
 */
final class MacClipboard implements ClipboardDriver {

	private static final String PLAIN_TEXT = "public.utf8-plain-text";

	// clearContents then setString must not interleave with another write
	private final Object lock = new Object();

	@Override
	public String read(Duration timeout) {
		synchronized (this.lock) {
			MacFoundation.appKit();
			return MacFoundation.inPool(() -> {
				Objc objc = MacFoundation.objc();
				Pointer text = objc.msgSend(pasteboard(), MacFoundation.sel("stringForType:"),
						MacFoundation.nsString(PLAIN_TEXT));
				String value = MacFoundation.javaString(text);
				return (value != null) ? value : "";
			});
		}
	}

	@Override
	public void write(String text) {
		synchronized (this.lock) {
			MacFoundation.appKit();
			boolean written = MacFoundation.inPool(() -> {
				Objc objc = MacFoundation.objc();
				Pointer pasteboard = pasteboard();
				objc.msgSendLong(pasteboard, MacFoundation.sel("clearContents"));
				return objc.msgSendBool(pasteboard, MacFoundation.sel("setString:forType:"),
						MacFoundation.nsString(text), MacFoundation.nsString(PLAIN_TEXT)) != 0;
			});
			if (!written) {
				throw new DeskhandException(ErrorCode.E_FAIL, "the pasteboard refused the text");
			}
		}
	}

	private static Pointer pasteboard() {
		Pointer pasteboard = MacFoundation.objc()
			.msgSend(MacFoundation.cls("NSPasteboard"), MacFoundation.sel("generalPasteboard"));
		if (pasteboard == null) {
			throw new DeskhandException(ErrorCode.E_NO_DESKTOP, "this process reaches no pasteboard");
		}
		return pasteboard;
	}

}
