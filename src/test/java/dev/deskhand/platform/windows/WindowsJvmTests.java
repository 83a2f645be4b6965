package dev.deskhand.platform.windows;

import java.util.Properties;

import org.junit.jupiter.api.Test;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class WindowsJvmTests {

	@Test
	void aThirtyTwoBitJvmIsRefusedWithASentenceThatSaysWhatToRun() {
		Properties jvm = jvm("32", "x86");
		jvm.setProperty("java.home", "C:\\Program Files (x86)\\Java\\jre");

		assertThat(WindowsJvm.refusal(jvm)).hasValue("this is a 32-bit Java (sun.arch.data.model=32, os.arch=x86,"
				+ " C:\\Program Files (x86)\\Java\\jre), and Deskhand's Windows driver calls Windows with the 64-bit"
				+ " calling convention only; run it with a 64-bit Java 17 or later (for example a 64-bit Temurin build)");
		assertThatExceptionOfType(DeskhandException.class).isThrownBy(() -> WindowsJvm.requireSixtyFourBit(jvm))
			.satisfies((ex) -> assertThat(ex.code()).isEqualTo(ErrorCode.E_NO_DESKTOP));
	}

	@Test
	void sixtyFourBitJvmsPass() {
		assertThat(WindowsJvm.refusal(jvm("64", "amd64"))).isEmpty();
		assertThat(WindowsJvm.refusal(jvm("64", "aarch64"))).isEmpty();
		WindowsJvm.requireSixtyFourBit(jvm("64", "amd64"));
	}

	@Test
	void withoutTheDataModelTheArchitectureDecides() {
		assertThat(WindowsJvm.refusal(jvm(null, "i386"))).isPresent();
		assertThat(WindowsJvm.refusal(jvm(null, "x86"))).isPresent();
		assertThat(WindowsJvm.refusal(jvm(null, "amd64"))).isEmpty();
		assertThat(WindowsJvm.refusal(jvm(null, "x86_64"))).isEmpty();
	}

	private static Properties jvm(String dataModel, String arch) {
		Properties properties = new Properties();
		if (dataModel != null) {
			properties.setProperty("sun.arch.data.model", dataModel);
		}
		properties.setProperty("os.arch", arch);
		return properties;
	}

}
