package io.engagement.local.deploy;

import io.engagement.platform.event.Topics;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import static io.engagement.local.deploy.RenderedManifests.at;
import static io.engagement.local.deploy.RenderedManifests.list;
import static io.engagement.local.deploy.RenderedManifests.map;
import static io.engagement.local.deploy.RenderedManifests.text;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Renders every overlay under {@code deploy/kubernetes/overlays} with {@code kubectl kustomize}
 * (Debian's {@code kubectl} package; {@code .ci/run} installs it) and checks what an operator
 * relies on: each service probed, sized, covered by a PodDisruptionBudget and one autoscaler,
 * reachable only from the gateway; and in the production overlays a Strimzi {@code KafkaTopic}
 * for each topic the code declares.
 */
class KubernetesManifestsTest {

    private static final Path OVERLAYS = Path.of("..", "deploy", "kubernetes", "overlays");
    private static final String GATEWAY = "gateway-service";
    private static final List<String> SERVICES = List.of(GATEWAY, "customer-service", "collection-analytics-service",
            "messaging-service", "alert-service");
    /** Who may call a backend besides the gateway: the alert service sends alert e-mail through messaging. */
    private static final Map<String, Set<String>> CALLERS = Map.of("messaging-service", Set.of(GATEWAY, "alert-service"));

    static Stream<Path> overlays() throws IOException {
        try (Stream<Path> entries = Files.list(OVERLAYS)) {
            return entries.filter(Files::isDirectory).sorted().toList().stream();
        }
    }

    static Stream<Path> productionOverlays() throws IOException {
        return overlays().filter(overlay -> overlay.getFileName().toString().startsWith("production"));
    }

    @Test
    void thereAreADevAndAProductionOverlay() throws IOException {
        assertThat(overlays().map(overlay -> overlay.getFileName().toString())).contains("dev", "production");
    }

    @ParameterizedTest
    @MethodSource("overlays")
    void everyServiceIsProbedAndSized(Path overlay) throws Exception {
        RenderedManifests manifests = RenderedManifests.render(overlay);
        for (String service : SERVICES) {
            Map<String, Object> deployment = deployment(manifests, service);
            for (Object container : list(at(deployment, "spec", "template", "spec", "containers"))) {
                String where = manifests.overlay() + ": " + service;
                assertThat(at(container, "startupProbe", "httpGet", "path")).as(where + " startup probe").isNotNull();
                assertThat(at(container, "livenessProbe", "httpGet", "path")).as(where + " liveness probe").isNotNull();
                assertThat(at(container, "readinessProbe", "httpGet", "path")).as(where + " readiness probe").isNotNull();
                assertThat(at(container, "resources", "requests", "cpu")).as(where + " cpu request").isNotNull();
                assertThat(at(container, "resources", "requests", "memory")).as(where + " memory request").isNotNull();
                assertThat(at(container, "resources", "limits", "memory")).as(where + " memory limit").isNotNull();
            }
        }
    }

    @ParameterizedTest
    @MethodSource("overlays")
    void everyServiceHasADisruptionBudgetAndExactlyOneAutoscaler(Path overlay) throws Exception {
        RenderedManifests manifests = RenderedManifests.render(overlay);
        for (String service : SERVICES) {
            Map<String, Object> podLabels = map(at(deployment(manifests, service), "spec", "template", "metadata", "labels"));
            assertThat(manifests.ofKind("PodDisruptionBudget"))
                    .as(manifests.overlay() + ": PodDisruptionBudget of " + service)
                    .anySatisfy(budget -> assertThat(selects(at(budget, "spec", "selector"), podLabels)).isTrue());
            long autoscalers = manifests.ofKind("HorizontalPodAutoscaler").stream()
                    .filter(hpa -> "Deployment".equals(at(hpa, "spec", "scaleTargetRef", "kind"))
                            && service.equals(at(hpa, "spec", "scaleTargetRef", "name")))
                    .count()
                    + manifests.ofKind("ScaledObject").stream()
                    .filter(scaled -> service.equals(at(scaled, "spec", "scaleTargetRef", "name")))
                    .count();
            // a ScaledObject makes its own HorizontalPodAutoscaler: a second one would fight it
            assertThat(autoscalers).as(manifests.overlay() + ": autoscalers of " + service).isEqualTo(1);
        }
    }

    @ParameterizedTest
    @MethodSource("overlays")
    void onlyTheGatewayReachesTheBackends(Path overlay) throws Exception {
        RenderedManifests manifests = RenderedManifests.render(overlay);
        for (String service : SERVICES.subList(1, SERVICES.size())) {
            Map<String, Object> podLabels = map(at(deployment(manifests, service), "spec", "template", "metadata", "labels"));
            List<Map<String, Object>> policies = manifests.ofKind("NetworkPolicy").stream()
                    .filter(policy -> selects(at(policy, "spec", "podSelector"), podLabels))
                    .filter(policy -> list(at(policy, "spec", "policyTypes")).contains("Ingress"))
                    .toList();
            assertThat(policies).as(manifests.overlay() + ": NetworkPolicy of " + service).isNotEmpty();
            Set<String> callers = CALLERS.getOrDefault(service, Set.of(GATEWAY));
            for (Map<String, Object> policy : policies) {
                for (Object rule : list(at(policy, "spec", "ingress"))) {
                    assertThat(list(at(rule, "from"))).as(manifests.overlay() + ": callers of " + service)
                            .isNotEmpty()
                            .allSatisfy(peer -> {
                                assertThat(map(peer).keySet()).containsExactly("podSelector");
                                assertThat(text(at(peer, "podSelector", "matchLabels", "app.kubernetes.io/name"))).isIn(callers);
                            });
                }
            }
        }
    }

    @ParameterizedTest
    @MethodSource("productionOverlays")
    void everyTopicTheCodeDeclaresIsAKafkaTopicOfTheStrimziCluster(Path overlay) throws Exception {
        RenderedManifests manifests = RenderedManifests.render(overlay);
        List<Map<String, Object>> clusters = manifests.ofKind("Kafka");
        assertThat(clusters).as(manifests.overlay() + ": Strimzi Kafka").hasSize(1);
        String cluster = text(at(clusters.get(0), "metadata", "name"));
        assertThat(manifests.ofKind("KafkaNodePool")).as(manifests.overlay() + ": node pools of " + cluster)
                .isNotEmpty()
                .allSatisfy(pool -> assertThat(at(pool, "metadata", "labels", "strimzi.io/cluster")).isEqualTo(cluster));

        Topics.ALL.forEach((topic, partitions) -> {
            Map<String, Object> kafkaTopic = manifests.ofKind("KafkaTopic").stream()
                    .filter(candidate -> topic.equals(topicName(candidate)))
                    .findFirst()
                    .orElseThrow(() -> new AssertionError(manifests.overlay() + ": no KafkaTopic for " + topic));
            String where = manifests.overlay() + ": KafkaTopic " + topic;
            assertThat(at(kafkaTopic, "metadata", "labels", "strimzi.io/cluster")).as(where + " cluster").isEqualTo(cluster);
            assertThat(at(kafkaTopic, "spec", "partitions")).as(where + " partitions").isEqualTo(partitions);
            String cleanup = text(at(kafkaTopic, "spec", "config", "cleanup.policy"));
            if (Topics.COMPACTED.contains(topic)) {
                assertThat(cleanup).as(where + " cleanup.policy").isEqualTo("compact");
            } else {
                assertThat(cleanup).as(where + " cleanup.policy").isIn(null, "delete");
                assertThat(at(kafkaTopic, "spec", "config", "retention.ms")).as(where + " retention.ms").isNotNull();
            }
        });
    }

    @ParameterizedTest
    @MethodSource("productionOverlays")
    void lagTriggersReadTheStrimziCluster(Path overlay) throws Exception {
        RenderedManifests manifests = RenderedManifests.render(overlay);
        String bootstrap = text(at(manifests.ofKind("Kafka").get(0), "metadata", "name")) + "-kafka-bootstrap.";
        List<Object> lagTriggers = manifests.ofKind("ScaledObject").stream()
                .flatMap(scaled -> list(at(scaled, "spec", "triggers")).stream())
                .filter(trigger -> "kafka".equals(at(trigger, "type")))
                .toList();
        assertThat(lagTriggers).as(manifests.overlay() + ": lag triggers").isNotEmpty().allSatisfy(trigger -> {
            assertThat(text(at(trigger, "metadata", "bootstrapServers"))).startsWith(bootstrap);
            assertThat(text(at(trigger, "metadata", "consumerGroup"))).isNotBlank();
        });
    }

    private static Map<String, Object> deployment(RenderedManifests manifests, String service) {
        return manifests.named("Deployment", service)
                .orElseThrow(() -> new AssertionError(manifests.overlay() + ": no Deployment " + service));
    }

    private static String topicName(Map<String, Object> kafkaTopic) {
        Object explicit = at(kafkaTopic, "spec", "topicName");
        return text(explicit != null ? explicit : at(kafkaTopic, "metadata", "name"));
    }

    /** A label selector's matchLabels and {@code In} expressions against a pod's labels. */
    private static boolean selects(Object selector, Map<String, Object> labels) {
        boolean labelsMatch = map(at(selector, "matchLabels")).entrySet().stream()
                .allMatch(label -> label.getValue().equals(labels.get(label.getKey())));
        boolean expressionsMatch = list(at(selector, "matchExpressions")).stream()
                .allMatch(expression -> "In".equals(at(expression, "operator"))
                        && list(at(expression, "values")).contains(labels.get(text(at(expression, "key")))));
        return selector != null && labelsMatch && expressionsMatch;
    }
}
