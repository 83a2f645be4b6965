package dev.deskhand.deploy;

import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Probe;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy;
import io.fabric8.openshift.api.model.monitoring.v1.PodMonitor;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * deploy/kubernetes has never been applied to a cluster (none can run on the machines
 * this is built on): every manifest there is read into the official Kubernetes model, and
 * the agent-sandbox ones against their CRD's schema, with unknown fields failing. A file
 * added to the folder fails here until it is listed in {@link #FILES}.
 */
class KubernetesManifestsTests {

	static final Path FOLDER = Path.of("deploy/kubernetes");

	/** Every file of the folder and the kinds it holds, in order. */
	static final Map<String, List<String>> FILES = Map.of("statefulset.yaml", List.of("apps/v1 StatefulSet"),
			"service.yaml", List.of("v1 Service"), "networkpolicy.yaml", List.of("networking.k8s.io/v1 NetworkPolicy"),
			"podmonitor.yaml", List.of("monitoring.coreos.com/v1 PodMonitor"), "sandbox-template.yaml",
			List.of(KubernetesManifests.SANDBOX_TEMPLATE), "sandbox-warmpool.yaml",
			List.of(KubernetesManifests.SANDBOX_WARM_POOL));

	private static KubernetesManifests manifests;

	@BeforeAll
	static void loadCrds() throws IOException {
		manifests = KubernetesManifests.withVendoredCrds();
	}

	static Stream<String> files() {
		return FILES.keySet().stream().sorted();
	}

	@Test
	void everyFileInTheFolderIsListed() throws IOException {
		assertThat(unlisted(FOLDER)).as("files in %s not covered by this test", FOLDER).isEmpty();
		assertThat(FILES.keySet()).allSatisfy((name) -> assertThat(FOLDER.resolve(name)).isRegularFile());
	}

	@Test
	void aNewFileFailsUntilItIsListed(@TempDir Path folder) throws IOException {
		for (String name : FILES.keySet()) {
			Files.copy(FOLDER.resolve(name), folder.resolve(name));
		}
		assertThat(unlisted(folder)).isEmpty();
		Files.writeString(folder.resolve("ingress.yaml"), "apiVersion: networking.k8s.io/v1\nkind: Ingress\n");
		assertThat(unlisted(folder)).containsExactly("ingress.yaml");
	}

	@ParameterizedTest
	@MethodSource("files")
	void everyManifestReadsIntoTheKubernetesModel(String name) throws IOException {
		List<Map<String, Object>> documents = KubernetesManifests.documents(FOLDER.resolve(name));
		assertThat(documents).map(KubernetesManifests::typeOf).containsExactlyElementsOf(FILES.get(name));
		for (Map<String, Object> document : documents) {
			assertThat(manifests.read(document)).isNotNull();
		}
	}

	@Test
	void aTypoInABuiltInKindFails() {
		assertThatIllegalArgumentException().isThrownBy(() -> read("""
				apiVersion: apps/v1
				kind: StatefulSet
				metadata: {name: deskhand}
				spec:
				  serviceName: deskhand
				  selector: {matchLabels: {app: deskhand}}
				  template:
				    metadata: {labels: {app: deskhand}}
				    spec:
				      containers:
				        - name: deskhand
				          image: localhost/deskhand:dev
				          readinesProbe: {httpGet: {path: /actuator/health/readiness, port: 8081}}
				""")).withMessageContaining("readinesProbe");
	}

	@Test
	void aTypoInsideTheSandboxTemplatesPodFails() {
		String template = """
				apiVersion: extensions.agents.x-k8s.io/v1beta1
				kind: SandboxTemplate
				metadata: {name: deskhand-desktop}
				spec:
				  podTemplate:
				    spec:
				      containers:
				        - name: deskhand
				          image: localhost/deskhand:dev
				          %s
				""";
		assertThat(read(template.formatted("imagePullPolicy: IfNotPresent"))).isNotNull();
		assertThatIllegalArgumentException().isThrownBy(() -> read(template.formatted("imagePulPolicy: IfNotPresent")))
			.withMessageContaining("$.spec.podTemplate.spec.containers[0].imagePulPolicy: unknown field");
	}

	@Test
	void aTypoOrAWrongTypeInTheWarmPoolFails() {
		String pool = """
				apiVersion: extensions.agents.x-k8s.io/v1beta1
				kind: SandboxWarmPool
				metadata: {name: deskhand-desktops}
				spec:
				  %s
				  sandboxTemplateRef: {name: deskhand-desktop}
				""";
		assertThat(read(pool.formatted("replicas: 2"))).isNotNull();
		assertThatIllegalArgumentException().isThrownBy(() -> read(pool.formatted("replica: 2")))
			.withMessageContaining("$.spec.replica: unknown field");
		assertThatIllegalArgumentException().isThrownBy(() -> read(pool.formatted("replicas: two")))
			.withMessageContaining("$.spec.replicas: expected an integer");
		assertThatIllegalArgumentException().isThrownBy(() -> read(pool.formatted("updateStrategy: {type: Rolling}")))
			.withMessageContaining("is not one of [Recreate, OnReplenish]");
	}

	@Test
	void aKindWithoutAModelFails() {
		assertThatIllegalArgumentException().isThrownBy(() -> read("""
				apiVersion: extensions.agents.x-k8s.io/v1beta1
				kind: SandboxClaim
				metadata: {name: mine}
				""")).withMessageContaining("no model for extensions.agents.x-k8s.io/v1beta1 SandboxClaim");
	}

	@Test
	void theProbesAskTheOperatorsPortsHealthGroups() throws IOException {
		for (PodSpec pod : List.of(statefulSet().getSpec().getTemplate().getSpec(), sandboxPod())) {
			Container deskhand = pod.getContainers().get(0);
			assertThat(deskhand.getPorts()).anySatisfy((port) -> {
				assertThat(port.getName()).isEqualTo("operators");
				assertThat(port.getContainerPort()).isEqualTo(8081);
			});
			assertProbe(deskhand.getLivenessProbe(), "/actuator/health/liveness");
			assertProbe(deskhand.getStartupProbe(), "/actuator/health/liveness");
			assertProbe(deskhand.getReadinessProbe(), "/actuator/health/readiness");
			assertThat(deskhand.getEnv()).filteredOn((env) -> env.getName().endsWith("TOKEN"))
				.isNotEmpty()
				.allSatisfy((env) -> assertThat(env.getValueFrom().getSecretKeyRef().getName())
					.isEqualTo("deskhand-tokens"));
			assertThat(deskhand.getResources().getRequests()).containsKeys("cpu", "memory");
		}
	}

	@Test
	void thePoliciesAndTheScrapingFindTheDesktops() throws IOException {
		Map<String, String> labels = statefulSet().getSpec().getTemplate().getMetadata().getLabels();
		NetworkPolicy policy = (NetworkPolicy) single("networkpolicy.yaml");
		assertThat(labels).containsAllEntriesOf(policy.getSpec().getPodSelector().getMatchLabels());
		assertThat(policy.getSpec().getIngress()).allSatisfy((rule) -> assertThat(rule.getFrom())
			.allSatisfy((peer) -> assertThat(peer.getIpBlock()).as("no peer outside the cluster").isNull()));
		PodMonitor monitor = (PodMonitor) single("podmonitor.yaml");
		assertThat(labels).containsAllEntriesOf(monitor.getSpec().getSelector().getMatchLabels());
		assertThat(monitor.getSpec().getPodMetricsEndpoints()).singleElement().satisfies((endpoint) -> {
			assertThat(endpoint.getPort()).isEqualTo("operators");
			assertThat(endpoint.getPath()).isEqualTo("/actuator/prometheus");
		});
		Map<String, Object> pool = KubernetesManifests.documents(FOLDER.resolve("sandbox-warmpool.yaml")).get(0);
		Map<String, Object> template = KubernetesManifests.documents(FOLDER.resolve("sandbox-template.yaml")).get(0);
		assertThat(pool).extracting("spec.sandboxTemplateRef.name").isEqualTo(nameOf(template));
	}

	private static void assertProbe(Probe probe, String path) {
		assertThat(probe).isNotNull();
		assertThat(probe.getHttpGet().getPath()).isEqualTo(path);
		assertThat(probe.getHttpGet().getPort().getStrVal()).isEqualTo("operators");
	}

	private static StatefulSet statefulSet() throws IOException {
		return (StatefulSet) single("statefulset.yaml");
	}

	@SuppressWarnings("unchecked")
	private static PodSpec sandboxPod() throws IOException {
		Map<String, Object> template = KubernetesManifests.documents(FOLDER.resolve("sandbox-template.yaml")).get(0);
		Object pod = ((Map<String, Object>) ((Map<String, Object>) template.get("spec")).get("podTemplate"))
			.get("spec");
		return JsonMapper.builder().build().convertValue(pod, PodSpec.class);
	}

	private static Object single(String file) throws IOException {
		return manifests.read(KubernetesManifests.documents(FOLDER.resolve(file)).get(0));
	}

	@SuppressWarnings("unchecked")
	private static Object nameOf(Map<String, Object> document) {
		return ((Map<String, Object>) document.get("metadata")).get("name");
	}

	private static Object read(String yaml) {
		List<Object> read = new ArrayList<>();
		for (Map<String, Object> document : KubernetesManifests.documents(new StringReader(yaml))) {
			read.add(manifests.read(document));
		}
		return read;
	}

	private static Set<String> unlisted(Path folder) throws IOException {
		Set<String> unlisted = new TreeSet<>();
		try (Stream<Path> files = Files.list(folder)) {
			files.map((file) -> file.getFileName().toString())
				.filter((name) -> !FILES.containsKey(name))
				.forEach(unlisted::add);
		}
		return unlisted;
	}

}
