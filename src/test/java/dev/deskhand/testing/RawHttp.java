package dev.deskhand.testing;

import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;

/**
 * Reading what a server answers on a raw socket, for tests that send HTTP by hand (bodies
 * too large, too slow, chunked).
 */
public final class RawHttp {

	private RawHttp() {
	}

	/**
	 * Reads until the server closes the connection (or the socket's timeout), at most 64
	 * KiB; "no answer within N ms" when nothing came.
	 */
	public static String readAll(Socket socket) throws IOException {
		InputStream in = socket.getInputStream();
		byte[] buffer = new byte[8192];
		StringBuilder text = new StringBuilder();
		try {
			for (int read = in.read(buffer); read >= 0 && text.length() < 65536; read = in.read(buffer)) {
				text.append(new String(buffer, 0, read, StandardCharsets.ISO_8859_1));
			}
		}
		catch (SocketTimeoutException ex) {
			if (text.isEmpty()) {
				return "no answer within " + socket.getSoTimeout() + " ms";
			}
		}
		catch (IOException ex) {
			if (text.isEmpty()) {
				throw ex;
			}
		}
		return text.toString();
	}

}
