package dev.deskhand.platform.x11.jna;

import com.sun.jna.Pointer;
import com.sun.jna.platform.unix.LibCAPI;

/**
 * The System V shared memory calls MIT-SHM needs, extending jna-platform's
 * {@link com.sun.jna.platform.linux.LibC}. Load with {@code Native.load("c", LibC.class)}.
 */
public interface LibC extends com.sun.jna.platform.linux.LibC {

	int IPC_PRIVATE = 0;

	int IPC_CREAT = 01000;

	int IPC_RMID = 0;

	int shmget(int key, LibCAPI.size_t size, int shmflg);

	/** @return the address, or {@code (void*) -1} on failure */
	Pointer shmat(int shmid, Pointer shmaddr, int shmflg);

	int shmdt(Pointer shmaddr);

	int shmctl(int shmid, int cmd, Pointer buf);

}
