package dev.deskhand.platform.windows;

import java.net.Inet4Address;
import java.net.InetSocketAddress;
import java.util.Optional;

import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.platform.win32.Advapi32;
import com.sun.jna.platform.win32.Advapi32Util;
import com.sun.jna.platform.win32.IPHlpAPI;
import com.sun.jna.platform.win32.Kernel32;
import com.sun.jna.platform.win32.Win32Exception;
import com.sun.jna.platform.win32.WinError;
import com.sun.jna.platform.win32.WinNT;
import com.sun.jna.ptr.IntByReference;

import dev.deskhand.platform.ConnectionOwners;

/**
 * Windows: the owner of a loopback client's socket is the user of the process that
 * {@code GetExtendedTcpTable} names for the client's row, read from that process's token
 * ({@code TokenUser}); users are compared by SID, never by a name that would need a
 * domain lookup. Built on Linux and never run on Windows yet.
 */
final class WindowsConnectionOwners implements ConnectionOwners {

	/** Room for connections opened between sizing the table and reading it. */
	private static final int SPARE_ROWS = 64;

	private static final int ATTEMPTS = 4;

	private final IPHlpAPI iphlpapi;

	private final Kernel32 kernel32;

	private final Advapi32 advapi32;

	private final OsUser self;

	WindowsConnectionOwners(IPHlpAPI iphlpapi, Kernel32 kernel32, Advapi32 advapi32) {
		this.iphlpapi = iphlpapi;
		this.kernel32 = kernel32;
		this.advapi32 = advapi32;
		// A pseudo handle: nothing to close.
		this.self = user(sidOf(kernel32.GetCurrentProcess()));
	}

	/** Loads iphlpapi, kernel32 and advapi32: on Windows only. */
	static WindowsConnectionOwners load() {
		return new WindowsConnectionOwners(IPHlpAPI.INSTANCE, Kernel32.INSTANCE, Advapi32.INSTANCE);
	}

	@Override
	public OsUser self() {
		return this.self;
	}

	@Override
	public Owner ownerOf(InetSocketAddress client, InetSocketAddress server) {
		Optional<WindowsTcpTable.Row> row = Optional.empty();
		if (client.getAddress() instanceof Inet4Address) {
			row = WindowsTcpTable.clientSide(WindowsTcpTable.parseIpv4(table(IPHlpAPI.AF_INET)), client, server);
		}
		// An IPv4 client may also hold a dual-stack IPv6 socket (::ffff:127.0.0.1).
		if (row.isEmpty()) {
			row = WindowsTcpTable.clientSide(WindowsTcpTable.parseIpv6(table(IPHlpAPI.AF_INET6)), client, server);
		}
		if (row.isEmpty()) {
			return new Owner.Unknown("no socket " + text(client) + " -> " + text(server) + " in the TCP tables");
		}
		return ownerOfProcess(row.get().pid());
	}

	private Owner ownerOfProcess(int pid) {
		WinNT.HANDLE process = this.kernel32.OpenProcess(WinNT.PROCESS_QUERY_LIMITED_INFORMATION, false, pid);
		if (process == null) {
			int error = Native.getLastError();
			return new Owner.Unknown("Windows would not open its process " + pid + " (error " + error
					+ ((error == WinError.ERROR_ACCESS_DENIED) ? ", access denied: another user's process" : "") + ")");
		}
		try {
			return new Owner.Known(user(sidOf(process)));
		}
		catch (Win32Exception ex) {
			return new Owner.Unknown(
					"Windows would not show the user of its process " + pid + " (" + ex.getMessage() + ")");
		}
		finally {
			this.kernel32.CloseHandle(process);
		}
	}

	/** The buffer of one address family's table, {@code TCP_TABLE_OWNER_PID_ALL}. */
	private byte[] table(int family) {
		Memory buffer = null;
		for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
			IntByReference size = new IntByReference((buffer != null) ? (int) buffer.size() : 0);
			int status = this.iphlpapi.GetExtendedTcpTable(buffer, size, false, family,
					IPHlpAPI.TCP_TABLE_CLASS.TCP_TABLE_OWNER_PID_ALL, 0);
			if (status == WinError.NO_ERROR) {
				return (buffer != null) ? buffer.getByteArray(0, (int) buffer.size()) : new byte[0];
			}
			if (status != WinError.ERROR_INSUFFICIENT_BUFFER) {
				throw new Win32Exception(status);
			}
			buffer = new Memory(size.getValue() + (long) SPARE_ROWS * WindowsTcpTable.IPV6_ROW_BYTES);
		}
		throw new IllegalStateException("the TCP table kept outgrowing its buffer");
	}

	/** The string form of the SID a process's token runs as. */
	private String sidOf(WinNT.HANDLE process) {
		WinNT.HANDLEByReference token = new WinNT.HANDLEByReference();
		if (!this.advapi32.OpenProcessToken(process, WinNT.TOKEN_QUERY, token)) {
			throw new Win32Exception(Native.getLastError());
		}
		try {
			IntByReference length = new IntByReference();
			// Fails with ERROR_INSUFFICIENT_BUFFER and says how long TOKEN_USER is.
			this.advapi32.GetTokenInformation(token.getValue(), WinNT.TOKEN_INFORMATION_CLASS.TokenUser, null, 0,
					length);
			WinNT.TOKEN_USER user = new WinNT.TOKEN_USER(Math.max(length.getValue(), 1));
			if (!this.advapi32.GetTokenInformation(token.getValue(), WinNT.TOKEN_INFORMATION_CLASS.TokenUser, user,
					length.getValue(), length)) {
				throw new Win32Exception(Native.getLastError());
			}
			return Advapi32Util.convertSidToStringSid(user.User.Sid);
		}
		finally {
			this.kernel32.CloseHandle(token.getValue());
		}
	}

	private static OsUser user(String sid) {
		return new OsUser("SID " + sid);
	}

	private static String text(InetSocketAddress address) {
		return address.getAddress().getHostAddress() + ":" + address.getPort();
	}

}
