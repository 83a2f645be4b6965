package dev.deskhand.deploy;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaimSpec;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyEgressRule;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyIngressRule;
import io.fabric8.openshift.api.model.monitoring.v1.PodMonitor;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.cfg.MapperConfig;
import tools.jackson.databind.introspect.Annotated;
import tools.jackson.databind.introspect.JacksonAnnotationIntrospector;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads manifests into the official Kubernetes model (fabric8's classes), failing on any
 * field the model does not have. fabric8's classes keep unknown fields in an
 * {@code additionalProperties} map through {@code @JsonAnySetter}, so
 * {@code FAIL_ON_UNKNOWN_PROPERTIES} alone would accept a typo: the mapper here ignores
 * every any-setter. The agent-sandbox kinds, which fabric8 does not model, are checked
 * against their CRD's own schema ({@link CrdSchema}), and the Kubernetes types they embed
 * (a PodSpec, NetworkPolicy rules, a PersistentVolumeClaimSpec) are read into the model
 * too.
 */
final class KubernetesManifests {

	static final String SANDBOX_TEMPLATE = "extensions.agents.x-k8s.io/v1beta1 SandboxTemplate";

	static final String SANDBOX_WARM_POOL = "extensions.agents.x-k8s.io/v1beta1 SandboxWarmPool";

	/** The built-in kinds these manifests may use, by {@code apiVersion kind}. */
	private static final Map<String, Class<?>> MODEL = Map.of("apps/v1 StatefulSet", StatefulSet.class, "v1 Service",
			Service.class, "networking.k8s.io/v1 NetworkPolicy", NetworkPolicy.class,
			"monitoring.coreos.com/v1 PodMonitor", PodMonitor.class);

	private static final JsonMapper STRICT = JsonMapper.builder()
		.enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
		.enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
		.annotationIntrospector(new NoAnySetter())
		.build();

	private final Map<String, CrdSchema> crds;

	private KubernetesManifests(Map<String, CrdSchema> crds) {
		this.crds = crds;
	}

	static KubernetesManifests withVendoredCrds() throws IOException {
		CrdSchema template = CrdSchema.load("/kubernetes/agent-sandbox/sandboxtemplates.yaml");
		CrdSchema pool = CrdSchema.load("/kubernetes/agent-sandbox/sandboxwarmpools.yaml");
		return new KubernetesManifests(Map.of(SANDBOX_TEMPLATE, template, SANDBOX_WARM_POOL, pool));
	}

	/** The YAML documents of a file, each as plain maps and lists. */
	static List<Map<String, Object>> documents(Path file) throws IOException {
		try (Reader reader = Files.newBufferedReader(file)) {
			return documents(reader);
		}
	}

	@SuppressWarnings("unchecked")
	static List<Map<String, Object>> documents(Reader yaml) {
		List<Map<String, Object>> documents = new ArrayList<>();
		for (Object document : new Yaml(new SafeConstructor(new LoaderOptions())).loadAll(yaml)) {
			if (document != null) {
				documents.add((Map<String, Object>) document);
			}
		}
		return documents;
	}

	static String typeOf(Map<String, Object> document) {
		return document.get("apiVersion") + " " + document.get("kind");
	}

	/**
	 * Reads one document into the model.
	 * @return the model object for a built-in kind, the document itself for a checked
	 * custom resource
	 * @throws IllegalArgumentException naming every problem found
	 */
	@SuppressWarnings("unchecked")
	Object read(Map<String, Object> document) {
		String type = typeOf(document);
		Class<?> model = MODEL.get(type);
		if (model != null) {
			return strictly(document, model, type);
		}
		CrdSchema crd = this.crds.get(type);
		if (crd == null) {
			throw new IllegalArgumentException("no model for " + type + ": add it to KubernetesManifests");
		}
		List<String> violations = crd.violations(document);
		if (!violations.isEmpty()) {
			throw new IllegalArgumentException(type + " breaks its CRD's schema: " + violations);
		}
		strictly(document.get("metadata"), ObjectMeta.class, type + " metadata");
		if (SANDBOX_TEMPLATE.equals(type)) {
			readEmbeddedTypes((Map<String, Object>) document.get("spec"));
		}
		return document;
	}

	@SuppressWarnings("unchecked")
	private static void readEmbeddedTypes(Map<String, Object> spec) {
		Map<String, Object> pod = (Map<String, Object>) spec.get("podTemplate");
		strictly(pod.get("spec"), PodSpec.class, "podTemplate.spec");
		Map<String, Object> policy = (Map<String, Object>) spec.getOrDefault("networkPolicy", Map.of());
		for (Object rule : (List<Object>) policy.getOrDefault("ingress", List.of())) {
			strictly(rule, NetworkPolicyIngressRule.class, "networkPolicy.ingress");
		}
		for (Object rule : (List<Object>) policy.getOrDefault("egress", List.of())) {
			strictly(rule, NetworkPolicyEgressRule.class, "networkPolicy.egress");
		}
		for (Map<String, Object> claim : (List<Map<String, Object>>) spec.getOrDefault("volumeClaimTemplates",
				List.of())) {
			strictly(claim.get("spec"), PersistentVolumeClaimSpec.class, "volumeClaimTemplates.spec");
		}
	}

	private static <T> T strictly(Object tree, Class<T> model, String what) {
		try {
			return STRICT.convertValue(tree, model);
		}
		catch (RuntimeException ex) {
			throw new IllegalArgumentException(what + " does not read as " + model.getSimpleName() + ": "
					+ ex.getMessage().lines().findFirst().orElse(""), ex);
		}
	}

	/** Unknown fields fail instead of landing in a model class's additionalProperties. */
	private static final class NoAnySetter extends JacksonAnnotationIntrospector {

		@Override
		public Boolean hasAnySetter(MapperConfig<?> config, Annotated annotated) {
			return Boolean.FALSE;
		}

	}

}
