package dev.deskhand.cli;

/**
 * The answer to {@code --help}: how to run Deskhand, where it listens, where the operator
 * token is, the options a newcomer reaches for first, and where to read on. The ports and
 * paths are the defaults (config/application.yml may change them; Spring is not started
 * to find out).
 */
final class Usage {

	private Usage() {
	}

	static String text(String version) {
		return """
				Deskhand %s: lets AI agents see and operate this desktop over MCP while a human stays in control.

				Usage:
				  java -jar deskhand.jar [--key=value ...]               serve MCP over HTTP (the default)
				  java -jar deskhand.jar --spring.profiles.active=stdio  serve MCP over stdin/stdout, for clients that spawn it
				  java -jar deskhand.jar --deskhand.self-test            check this machine, print a table, exit
				  java -jar deskhand.jar --help | --version
				From a clone, ./mvnw spring-boot:run -Dspring-boot.run.arguments="--key=value ..." runs it and
				./mvnw -DskipTests package builds target/deskhand-<version>.jar.

				Over HTTP (defaults):
				  MCP for agents     http://127.0.0.1:8080/mcp (Streamable HTTP), /sse (legacy)   --server.port
				  operator console   http://127.0.0.1:8081/actuator/console                        --management.server.port
				                     approvals, STOP, sessions; /actuator/* behind the operator token
				  operator token     ~/.deskhand/operator-token (written on first start)
				Over stdio: no HTTP port, the log in ~/.deskhand/stdio.log, a failure to start on stderr;
				  the operators' port only when asked for: --management.server.port=8081

				Options you may want first (any key of config/application.yml, as --key=value or an
				environment variable):
				  --deskhand.display.name=:1                  the X display to drive (default: $DISPLAY)
				  --deskhand.display.managed=true             drive a private Xvfb (auto: only when no display answers)
				  --deskhand.approval.policies.pointer=allow  pointer input without asking a human
				                                              (likewise .keyboard, .clipboard-read, .clipboard-write, .launch)
				  --spring.profiles.active=trial              a quick local trial: every input allowed without asking,
				                                              loopback only, still audited
				  --deskhand.state-dir=DIR                    where tokens, the audit and session records go
				                                              (default ~/.deskhand)
				  --deskhand.security.agent-tokens[0].name=NAME --deskhand.security.agent-tokens[0].token=TOKEN
				                                              an agent's bearer token (required off loopback)

				Read on: README.md; docs/clients.md (connect a client), docs/approvals.md (who decides),
				docs/console.md (the operator console); config/application.yml has every key with its default.
				"""
			.formatted(version);
	}

}
