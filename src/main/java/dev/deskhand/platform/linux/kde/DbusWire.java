package dev.deskhand.platform.linux.kde;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The few D-Bus messages {@link DbusFdConnection} exchanges, on the wire: a method call
 * whose arguments are basic types, {@code a{sv}} and {@code h} (a file descriptor's index
 * in the message), and replies whose body is read as far as basic types, {@code a{sv}}
 * and {@code as} go. Little-endian, protocol version 1. Pure: bytes in, bytes out.
 * <p>
 * It exists because dbus-java 5.2.2's native-unixsocket transport cannot pass file
 * descriptors ({@code NativeUnixSocketTransport.hasFileDescriptorSupport()} is false) and
 * the junixsocket transport that can is not in Deskhand's repository, while
 * {@code org.kde.KWin.ScreenShot2} takes the pipe it writes the pixels to as an {@code h}
 * argument.
 */
final class DbusWire {

	static final byte METHOD_CALL = 1;

	static final byte METHOD_RETURN = 2;

	static final byte ERROR = 3;

	static final byte SIGNAL = 4;

	static final int FIXED_HEADER = 16;

	private static final byte PATH = 1;

	private static final byte INTERFACE = 2;

	private static final byte MEMBER = 3;

	private static final byte ERROR_NAME = 4;

	private static final byte REPLY_SERIAL = 5;

	private static final byte DESTINATION = 6;

	private static final byte SIGNATURE = 8;

	private static final byte UNIX_FDS = 9;

	private DbusWire() {
	}

	/** A file descriptor argument: its index among the message's descriptors. */
	record FdIndex(int index) {
	}

	/** A D-Bus variant of a basic type for an {@code a{sv}}: its signature and value. */
	record Variant(String signature, Object value) {
	}

	/**
	 * A message read off the wire.
	 *
	 * @param type {@link #METHOD_RETURN}, {@link #ERROR}, …
	 * @param replySerial the serial of the call it answers, 0 for none
	 * @param member a call's or signal's member, else {@code null}
	 * @param errorName for an error
	 * @param signature the body's signature, "" for none
	 * @param body the values read, in order ({@code a{sv}} as a map of plain values)
	 */
	record Message(byte type, int replySerial, String member, String errorName, String signature, List<Object> body) {
	}

	/**
	 * A method call.
	 * @param signature the arguments' signature: each of {@code i u b s o d h a{sv}}
	 * @param arguments {@link Integer} for i and u, {@link Boolean}, {@link String},
	 * {@link Double}, {@link FdIndex} for h, {@code Map<String, Variant>} for a{sv}
	 */
	static byte[] methodCall(int serial, String destination, String path, String interfaceName, String member,
			String signature, List<Object> arguments, int fdCount) {
		Writer body = new Writer();
		int argument = 0;
		for (int i = 0; i < signature.length(); i++) {
			char type = signature.charAt(i);
			if (type == 'a') {
				if (!signature.startsWith("a{sv}", i)) {
					throw new IllegalArgumentException("only a{sv} arrays are written: " + signature);
				}
				@SuppressWarnings("unchecked")
				Map<String, Variant> map = (Map<String, Variant>) arguments.get(argument++);
				body.dictionary(map);
				i += 4;
			}
			else {
				body.basic(type, arguments.get(argument++));
			}
		}
		byte[] bodyBytes = body.bytes();
		Writer header = new Writer();
		header.bytes.write('l');
		header.bytes.write(METHOD_CALL);
		header.bytes.write(0);
		header.bytes.write(1);
		header.uint(bodyBytes.length);
		header.uint(serial);
		Writer fields = new Writer(FIXED_HEADER);
		fields.field(PATH, 'o', path);
		fields.field(INTERFACE, 's', interfaceName);
		fields.field(MEMBER, 's', member);
		fields.field(DESTINATION, 's', destination);
		if (!signature.isEmpty()) {
			fields.field(SIGNATURE, 'g', signature);
		}
		if (fdCount > 0) {
			fields.field(UNIX_FDS, 'u', fdCount);
		}
		byte[] fieldBytes = fields.bytes();
		header.uint(fieldBytes.length);
		header.bytes.writeBytes(fieldBytes);
		header.pad(8);
		header.bytes.writeBytes(bodyBytes);
		return header.bytes();
	}

	/**
	 * The length of the whole message that starts with these 16 bytes.
	 */
	static int messageLength(byte[] fixedHeader) {
		ByteBuffer buffer = ByteBuffer.wrap(fixedHeader).order(order(fixedHeader[0]));
		int bodyLength = buffer.getInt(4);
		int fieldsLength = buffer.getInt(12);
		return FIXED_HEADER + ((fieldsLength + 7) & ~7) + bodyLength;
	}

	/** Reads a whole message. */
	static Message read(byte[] message) {
		Reader reader = new Reader(ByteBuffer.wrap(message).order(order(message[0])));
		reader.buffer.position(1);
		byte type = reader.buffer.get();
		reader.buffer.position(12);
		int fieldsLength = reader.buffer.getInt();
		int fieldsEnd = FIXED_HEADER + fieldsLength;
		int replySerial = 0;
		String member = null;
		String errorName = null;
		String signature = "";
		while (reader.buffer.position() < fieldsEnd) {
			reader.align(8);
			byte code = reader.buffer.get();
			Object value = reader.variant();
			switch (code) {
				case REPLY_SERIAL -> replySerial = (Integer) value;
				case MEMBER -> member = (String) value;
				case ERROR_NAME -> errorName = (String) value;
				case SIGNATURE -> signature = (String) value;
				default -> {
					// path, interface, member, sender, destination, fds: not needed
				}
			}
		}
		reader.buffer.position(fieldsEnd);
		reader.align(8);
		List<Object> body = new ArrayList<>();
		int[] at = { 0 };
		while (at[0] < signature.length()) {
			body.add(reader.value(signature, at));
		}
		return new Message(type, replySerial, member, errorName, signature, body);
	}

	private static ByteOrder order(byte endian) {
		return (endian == 'B') ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN;
	}

	private static final class Writer {

		private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

		// where this buffer starts in the message, for alignment
		private final int offset;

		Writer() {
			this(0);
		}

		Writer(int offset) {
			this.offset = offset;
		}

		byte[] bytes() {
			return this.bytes.toByteArray();
		}

		void pad(int alignment) {
			while ((this.offset + this.bytes.size()) % alignment != 0) {
				this.bytes.write(0);
			}
		}

		void uint(int value) {
			pad(4);
			this.bytes.writeBytes(ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(value).array());
		}

		void string(String value) {
			byte[] utf8 = value.getBytes(StandardCharsets.UTF_8);
			uint(utf8.length);
			this.bytes.writeBytes(utf8);
			this.bytes.write(0);
		}

		void signature(String value) {
			byte[] ascii = value.getBytes(StandardCharsets.US_ASCII);
			this.bytes.write(ascii.length);
			this.bytes.writeBytes(ascii);
			this.bytes.write(0);
		}

		void basic(char type, Object value) {
			switch (type) {
				case 'i', 'u' -> uint((Integer) value);
				case 'b' -> uint(((Boolean) value) ? 1 : 0);
				case 'h' -> uint(((FdIndex) value).index());
				case 's', 'o' -> string((String) value);
				case 'g' -> signature((String) value);
				case 'd' -> {
					pad(8);
					this.bytes.writeBytes(
							ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putDouble((Double) value).array());
				}
				default -> throw new IllegalArgumentException("type " + type + " is not written");
			}
		}

		void field(byte code, char type, Object value) {
			pad(8);
			this.bytes.write(code);
			signature(String.valueOf(type));
			basic(type, value);
		}

		void dictionary(Map<String, Variant> map) {
			Writer entries = new Writer(0);
			// entries start 8-aligned after the length; measured from an 8-aligned start
			for (Map.Entry<String, Variant> entry : map.entrySet()) {
				entries.pad(8);
				entries.string(entry.getKey());
				entries.signature(entry.getValue().signature());
				entries.basic(entry.getValue().signature().charAt(0), entry.getValue().value());
			}
			byte[] content = entries.bytes();
			uint(content.length);
			pad(8);
			this.bytes.writeBytes(content);
		}

	}

	private static final class Reader {

		private final ByteBuffer buffer;

		Reader(ByteBuffer buffer) {
			this.buffer = buffer;
		}

		void align(int alignment) {
			int position = this.buffer.position();
			this.buffer.position(Math.min(this.buffer.limit(), (position + alignment - 1) / alignment * alignment));
		}

		String string() {
			align(4);
			int length = this.buffer.getInt();
			byte[] utf8 = new byte[length];
			this.buffer.get(utf8);
			this.buffer.get();
			return new String(utf8, StandardCharsets.UTF_8);
		}

		String signature() {
			int length = this.buffer.get() & 0xff;
			byte[] ascii = new byte[length];
			this.buffer.get(ascii);
			this.buffer.get();
			return new String(ascii, StandardCharsets.US_ASCII);
		}

		Object variant() {
			String signature = signature();
			int[] at = { 0 };
			return value(signature, at);
		}

		/**
		 * Reads the complete type at {@code at[0]} of {@code signature}, advancing it.
		 */
		Object value(String signature, int[] at) {
			char type = signature.charAt(at[0]++);
			switch (type) {
				case 'y':
					return this.buffer.get() & 0xff;
				case 'b':
					align(4);
					return this.buffer.getInt() != 0;
				case 'n':
					align(2);
					return (int) this.buffer.getShort();
				case 'q':
					align(2);
					return this.buffer.getShort() & 0xffff;
				case 'i', 'u', 'h':
					align(4);
					return this.buffer.getInt();
				case 'x', 't':
					align(8);
					return this.buffer.getLong();
				case 'd':
					align(8);
					return this.buffer.getDouble();
				case 's', 'o':
					return string();
				case 'g':
					return signature();
				case 'v':
					return variant();
				case 'a':
					return array(signature, at);
				default:
					throw new IllegalArgumentException("cannot read D-Bus type " + type + " in " + signature);
			}
		}

		private Object array(String signature, int[] at) {
			align(4);
			int length = this.buffer.getInt();
			boolean dictionary = signature.charAt(at[0]) == '{';
			align(dictionary ? 8 : alignment(signature.charAt(at[0])));
			int end = this.buffer.position() + length;
			int elementStart = at[0];
			if (dictionary) {
				Map<Object, Object> map = new LinkedHashMap<>();
				int[] element = { elementStart };
				while (this.buffer.position() < end) {
					align(8);
					element[0] = elementStart + 1;
					Object key = value(signature, element);
					Object value = value(signature, element);
					map.put(key, value);
				}
				at[0] = skip(signature, elementStart);
				return map;
			}
			List<Object> list = new ArrayList<>();
			while (this.buffer.position() < end) {
				int[] element = { elementStart };
				list.add(value(signature, element));
			}
			at[0] = skip(signature, elementStart);
			return list;
		}

		private static int alignment(char type) {
			return switch (type) {
				case 'y', 'g', 'v' -> 1;
				case 'n', 'q' -> 2;
				case 'x', 't', 'd', '(', '{' -> 8;
				default -> 4;
			};
		}

		/** The index after the complete type at {@code from}. */
		private static int skip(String signature, int from) {
			char type = signature.charAt(from);
			if (type == 'a') {
				return skip(signature, from + 1);
			}
			if (type == '{' || type == '(') {
				int depth = 0;
				for (int i = from; i < signature.length(); i++) {
					char c = signature.charAt(i);
					if (c == '{' || c == '(') {
						depth++;
					}
					else if ((c == '}' || c == ')') && --depth == 0) {
						return i + 1;
					}
				}
				throw new IllegalArgumentException("unbalanced signature " + signature);
			}
			return from + 1;
		}

	}

}
