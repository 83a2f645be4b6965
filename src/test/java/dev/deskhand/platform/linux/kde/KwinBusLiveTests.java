package dev.deskhand.platform.linux.kde;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.linux.DbusValues;
import dev.deskhand.testing.KwinSession;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The KDE driver's bus connection on the KWin rig's private session bus: the bus daemon's
 * own error answers and a callee that answers too late, as Deskhand's errors.
 */
class KwinBusLiveTests {

	@Test
	void anErrorAnswerIsEFailNamingTheBussError() {
		try (KwinBus bus = KwinBus.open(KwinSession.shared().environment(), Duration.ofSeconds(10))) {
			assertThatThrownBy(() -> bus.call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
					"NoSuchMethod", ""))
				.isInstanceOfSatisfying(DeskhandException.class,
						(ex) -> assertThat(ex.code()).isEqualTo(ErrorCode.E_FAIL))
				.hasMessageStartingWith("org.freedesktop.DBus.NoSuchMethod failed: ")
				.hasMessageContaining("org.freedesktop.dbus.errors.UnknownMethod");
			Object[] names = bus.call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
					"ListNames", "");
			assertThat(DbusValues.list(names[0], String.class)).as("the connection still answers")
				.contains(bus.uniqueName());
		}
	}

	@Test
	void aCalleeThatAnswersTooLateIsETimeoutAndTheConnectionLivesOn() throws Exception {
		Map<String, String> environment = KwinSession.shared().environment();
		CountDownLatch called = new CountDownLatch(1);
		CountDownLatch release = new CountDownLatch(1);
		try (KwinBus callee = KwinBus.open(environment, Duration.ofSeconds(10));
				KwinBus caller = KwinBus.open(environment, Duration.ofMillis(300))) {
			callee.connection().exportObject(KdeWindowDriver.CALLBACK_PATH, new KwinScriptCallback() {

				@Override
				public void result(String tag, String answer) {
					called.countDown();
					try {
						release.await(10, TimeUnit.SECONDS);
					}
					catch (InterruptedException ex) {
						Thread.currentThread().interrupt();
					}
				}

				@Override
				public String getObjectPath() {
					return KdeWindowDriver.CALLBACK_PATH;
				}

			});
			try {
				assertThatThrownBy(() -> caller.call(callee.uniqueName(), KdeWindowDriver.CALLBACK_PATH,
						KdeWindowDriver.CALLBACK_INTERFACE, KdeWindowDriver.CALLBACK_MEMBER, "ss", "tag", "late"))
					.isInstanceOfSatisfying(DeskhandException.class,
							(ex) -> assertThat(ex.code()).isEqualTo(ErrorCode.E_TIMEOUT))
					.hasMessageContaining("did not answer dev.deskhand.KWinScript.Result within 300 ms");
				assertThat(called.await(10, TimeUnit.SECONDS)).as("the callee was called").isTrue();
			}
			finally {
				release.countDown();
			}
			assertThat(caller.isClosed()).isFalse();
			assertThat(caller.call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "GetId",
					"")[0])
				.isInstanceOf(String.class);
		}
	}

	@Test
	void withoutASessionBusAddressOrRuntimeDirTheBusCannotBeFound() {
		assertThatThrownBy(() -> KwinBus.open(Map.of(), Duration.ofSeconds(1)))
			.isInstanceOfSatisfying(DeskhandException.class,
					(ex) -> assertThat(ex.code()).isEqualTo(ErrorCode.E_NO_DESKTOP))
			.hasMessageContaining("neither DBUS_SESSION_BUS_ADDRESS nor XDG_RUNTIME_DIR is set");
	}

}
