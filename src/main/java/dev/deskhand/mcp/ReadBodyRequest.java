package dev.deskhand.mcp;

import java.io.ByteArrayInputStream;

import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;

/**
 * A request whose body was read once (by the message screen) for what follows to read
 * again.
 */
final class ReadBodyRequest extends HttpServletRequestWrapper {

	private final byte[] body;

	ReadBodyRequest(HttpServletRequest request, byte[] body) {
		super(request);
		this.body = body;
	}

	/** The body as read. */
	byte[] body() {
		return this.body;
	}

	@Override
	public ServletInputStream getInputStream() {
		ByteArrayInputStream bytes = new ByteArrayInputStream(this.body);
		return new ServletInputStream() {

			@Override
			public int read() {
				return bytes.read();
			}

			@Override
			public int read(byte[] buffer, int offset, int length) {
				return bytes.read(buffer, offset, length);
			}

			@Override
			public boolean isFinished() {
				return bytes.available() == 0;
			}

			@Override
			public boolean isReady() {
				return true;
			}

			@Override
			public void setReadListener(ReadListener listener) {
				throw new UnsupportedOperationException("the body was read already");
			}

		};
	}

	@Override
	public int getContentLength() {
		return this.body.length;
	}

	@Override
	public long getContentLengthLong() {
		return this.body.length;
	}

}
