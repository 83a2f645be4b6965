package dev.deskhand;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

import dev.deskhand.cli.HelpAndVersion;
import dev.deskhand.selftest.SelfTestCommand;
import dev.deskhand.selftest.SelfTestWindow;

@SpringBootApplication
@ConfigurationPropertiesScan
public class DeskhandApplication {

	public static void main(String[] args) {
		if (HelpAndVersion.answered(DeskhandApplication.class, args)) {
			return;
		}
		if (SelfTestWindow.showIfRequested(args)) {
			return;
		}
		if (SelfTestCommand.requested(args)) {
			System.exit(SelfTestCommand.run(DeskhandApplication.class, args));
		}
		SpringApplication.run(DeskhandApplication.class, args);
	}

}
