package dev.deskhand;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

@SpringBootApplication
@ConfigurationPropertiesScan
public class DeskhandApplication {

	public static void main(String[] args) {
		SpringApplication.run(DeskhandApplication.class, args);
	}

}
