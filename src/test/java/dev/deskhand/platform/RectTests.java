package dev.deskhand.platform;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class RectTests {

	private final Rect screen = new Rect(100, 50, 400, 300);

	@Test
	void theIntersectionIsTheSharedPart() {
		assertThat(this.screen.intersection(new Rect(0, 0, 150, 100))).isEqualTo(new Rect(100, 50, 50, 50));
		assertThat(this.screen.intersection(new Rect(450, 300, 200, 200))).isEqualTo(new Rect(450, 300, 50, 50));
		assertThat(this.screen.intersection(new Rect(200, 100, 10, 10))).isEqualTo(new Rect(200, 100, 10, 10));
		assertThat(new Rect(0, 0, 1000, 1000).intersection(this.screen)).isEqualTo(this.screen);
	}

	@Test
	void rectanglesThatShareNoPixelHaveNone() {
		// side by side in the same rows, touching edges, apart, empty
		assertThat(this.screen.intersection(new Rect(0, 100, 50, 50))).isNull();
		assertThat(this.screen.intersection(new Rect(500, 50, 10, 10))).isNull();
		assertThat(this.screen.intersection(new Rect(100, 0, 400, 50))).isNull();
		assertThat(this.screen.intersection(new Rect(900, 900, 10, 10))).isNull();
		assertThat(this.screen.intersection(new Rect(200, 100, 0, 10))).isNull();
	}

}
