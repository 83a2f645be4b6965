package dev.deskhand.platform;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The per-consumer damage accounts, without an X server. */
class DamageConsumersTests {

	private static final Rect SCREEN = new Rect(0, 0, 1920, 1080);

	private final DamageConsumers consumers = new DamageConsumers(4);

	@Test
	void aNewConsumerIsToldUnknownThenCollects() {
		this.consumers.add(List.of(new Rect(0, 0, 10, 10)));
		assertThat(this.consumers.take("a", SCREEN)).isEqualTo(ScreenDamage.UNKNOWN);
		assertThat(this.consumers.take("a", SCREEN)).isEqualTo(ScreenDamage.NONE);
		this.consumers.add(List.of(new Rect(5, 6, 7, 8)));
		assertThat(this.consumers.take("a", SCREEN).areas()).containsExactly(new Rect(5, 6, 7, 8));
		assertThat(this.consumers.take("a", SCREEN)).isEqualTo(ScreenDamage.NONE);
	}

	@Test
	void everyConsumerSeesEveryFetchAndTakesOnlyItsOwn() {
		this.consumers.take("left", new Rect(0, 0, 960, 1080));
		this.consumers.take("right", new Rect(960, 0, 960, 1080));
		this.consumers.add(List.of(new Rect(900, 100, 100, 10)));
		assertThat(this.consumers.take("left", new Rect(0, 0, 960, 1080)).areas())
			.containsExactly(new Rect(900, 100, 60, 10));
		this.consumers.add(List.of(new Rect(0, 0, 5, 5)));
		assertThat(this.consumers.take("right", new Rect(960, 0, 960, 1080)).areas())
			.containsExactly(new Rect(960, 100, 40, 10));
		assertThat(this.consumers.take("left", new Rect(0, 0, 960, 1080)).areas())
			.containsExactly(new Rect(0, 0, 5, 5));
	}

	@Test
	void damageOutsideTheRegionIsNoDamage() {
		this.consumers.take("a", new Rect(0, 0, 100, 100));
		this.consumers.add(List.of(new Rect(100, 0, 50, 50)));
		assertThat(this.consumers.take("a", new Rect(0, 0, 100, 100))).isEqualTo(ScreenDamage.NONE);
	}

	@Test
	void tooManyAreasBecomeTheirBoundingBox() {
		this.consumers.take("a", SCREEN);
		List<Rect> many = new ArrayList<>();
		for (int i = 0; i < 5; i++) {
			many.add(new Rect(10 * i, 100 * i, 5, 5));
		}
		this.consumers.add(many);
		assertThat(this.consumers.take("a", SCREEN).areas()).containsExactly(new Rect(0, 0, 45, 405));
	}

	@Test
	void afterANewConnectionEveryoneIsToldUnknownOnce() {
		this.consumers.take("a", SCREEN);
		this.consumers.take("b", SCREEN);
		this.consumers.add(List.of(new Rect(0, 0, 1, 1)));
		this.consumers.invalidateAll();
		this.consumers.add(List.of(new Rect(0, 0, 1, 1)));
		assertThat(this.consumers.take("a", SCREEN)).isEqualTo(ScreenDamage.UNKNOWN);
		assertThat(this.consumers.take("b", SCREEN)).isEqualTo(ScreenDamage.UNKNOWN);
		assertThat(this.consumers.take("a", SCREEN)).isEqualTo(ScreenDamage.NONE);
		assertThat(this.consumers.consumers()).isEqualTo(2);
	}

}
