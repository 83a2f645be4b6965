package dev.deskhand.platform.macos;

import org.junit.jupiter.api.Test;

import dev.deskhand.platform.macos.jna.CGPoint;
import dev.deskhand.platform.macos.jna.CGRect;
import dev.deskhand.platform.macos.jna.CGSize;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Quartz's geometry structures have their 64-bit sizes (CGFloat is double): CGPoint and
 * CGSize 16 bytes, CGRect 32, fields where CGGeometry.h puts them. Only the structures
 * are built; no Apple library is loaded.
 */
class MacStructuresTests {

	@Test
	void geometryStructuresHaveTheirSixtyFourBitSizes() {
		assertThat(new CGPoint().size()).isEqualTo(16);
		assertThat(new CGSize().size()).isEqualTo(16);
		assertThat(new CGRect().size()).isEqualTo(32);
		assertThat(new CGRect.ByValue().size()).isEqualTo(32);
		assertThat(new CGPoint.ByValue(1, 2).size()).isEqualTo(16);
	}

	@Test
	void aRectLaysOutOriginThenSize() {
		CGRect rect = new CGRect(1.5, -2, 640, 480);
		rect.write();

		assertThat(rect.getPointer().getDouble(0)).isEqualTo(1.5);
		assertThat(rect.getPointer().getDouble(8)).isEqualTo(-2);
		assertThat(rect.getPointer().getDouble(16)).isEqualTo(640);
		assertThat(rect.getPointer().getDouble(24)).isEqualTo(480);
	}

}
