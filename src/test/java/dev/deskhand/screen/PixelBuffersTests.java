package dev.deskhand.screen;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class PixelBuffersTests {

	@Test
	void aGivenBackArrayIsLentAgain() {
		PixelBuffers buffers = new PixelBuffers(2);
		int[] first = buffers.take(1280 * 720);
		buffers.give(first);
		assertThat(buffers.take(1280 * 720)).isSameAs(first);
		assertThat(buffers.take(1280 * 720)).isNotSameAs(first);
	}

	@Test
	void lendsTheSmallestArrayThatIsLargeEnough() {
		PixelBuffers buffers = new PixelBuffers(3);
		int[] small = new int[100];
		int[] large = new int[10_000];
		buffers.give(large);
		buffers.give(small);
		assertThat(buffers.take(50)).isSameAs(small);
		assertThat(buffers.take(50)).isSameAs(large);
		assertThat(buffers.take(50)).hasSize(50);
	}

	@Test
	void keepsAtMostItsCapacityPreferringLargeArrays() {
		PixelBuffers buffers = new PixelBuffers(2);
		int[] large = new int[1000];
		buffers.give(new int[10]);
		buffers.give(new int[20]);
		buffers.give(large);
		assertThat(buffers.kept()).isEqualTo(2);
		assertThat(buffers.take(500)).isSameAs(large);
	}

}
