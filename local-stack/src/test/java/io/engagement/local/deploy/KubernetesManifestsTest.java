package io.engagement.local.deploy;

import io.engagement.platform.event.Topics;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
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
 * for each topic the code declares, room on the hot topics for 12 or more replicas of each
 * consumer, a dead-letter topic for every consumed topic, autoscalers bounded by the partitions
 * their groups can use, and an alert on dead letters.
 */
class KubernetesManifestsTest {

    private static final Path OVERLAYS = Path.of("..", "deploy", "kubernetes", "overlays");
    private static final String GATEWAY = "gateway-service";
    private static final List<String> SERVICES = List.of(GATEWAY, "customer-service", "collection-analytics-service",
            "messaging-service", "alert-service");
    /** Declared in production ahead of the conversation feature, which adds it to {@link Topics}. */
    static final String CONVERSATION = "engagement.conversation.v1";
    /** The topics whose consumer groups must be able to spread over 12 or more replicas. */
    static final List<String> HOT_TOPICS = List.of(Topics.TELEMETRY, Topics.PAGE_ACTIVITY, Topics.SESSION, Topics.MESSAGE, CONVERSATION);
    static final int HOT_PARTITIONS = 24;
    /** A consumer group's members beyond its topic's partitions idle: a hot topic must leave room for this many. */
    static final int REPLICAS_A_HOT_TOPIC_SERVES = 12;
    static final String DEAD_LETTER_SUFFIX = ".dlq";
    private static final Path README = Path.of("..", "deploy", "README.md");
    private static final String DEAD_LETTERS_SECTION = "Dead letters: what lands there and how to replay it";

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
            for (Map<String, Object> policy : policies) {
                for (Object rule : list(at(policy, "spec", "ingress"))) {
                    assertThat(list(at(rule, "from"))).as(manifests.overlay() + ": callers of " + service)
                            .isNotEmpty()
                            .allSatisfy(peer -> {
                                assertThat(map(peer).keySet()).containsExactly("podSelector");
                                assertThat(text(at(peer, "podSelector", "matchLabels", "app.kubernetes.io/name"))).isEqualTo(GATEWAY);
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
            // the code's counts suit a single broker; production may have more, never fewer
            assertThat(at(kafkaTopic, "spec", "partitions")).as(where + " partitions")
                    .isInstanceOfSatisfying(Integer.class, count -> assertThat(count).isGreaterThanOrEqualTo(partitions));
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

    @ParameterizedTest
    @MethodSource("productionOverlays")
    void hotTopicsHaveRoomForTwelveReplicasOfEachConsumer(Path overlay) throws Exception {
        RenderedManifests manifests = RenderedManifests.render(overlay);
        for (String topic : HOT_TOPICS) {
            assertThat(partitions(manifests, topic)).as(manifests.overlay() + ": partitions of " + topic)
                    .isGreaterThanOrEqualTo(HOT_PARTITIONS);
        }
    }

    @ParameterizedTest
    @MethodSource("productionOverlays")
    void everyConsumedTopicHasADeadLetterTopic(Path overlay) throws Exception {
        RenderedManifests manifests = RenderedManifests.render(overlay);
        String cluster = text(at(manifests.ofKind("Kafka").get(0), "metadata", "name"));
        Set<String> consumed = new TreeSet<>(Topics.ALL.keySet());
        consumed.removeIf(topic -> topic.endsWith(DEAD_LETTER_SUFFIX));
        consumed.add(CONVERSATION);
        for (String topic : consumed) {
            String deadLetters = topic + DEAD_LETTER_SUFFIX;
            Map<String, Object> kafkaTopic = kafkaTopic(manifests, deadLetters)
                    .orElseThrow(() -> new AssertionError(manifests.overlay() + ": no KafkaTopic for " + deadLetters));
            String where = manifests.overlay() + ": KafkaTopic " + deadLetters;
            assertThat(at(kafkaTopic, "metadata", "labels", "strimzi.io/cluster")).as(where + " cluster").isEqualTo(cluster);
            // every failure is kept for its retention: never compacted away
            assertThat(text(at(kafkaTopic, "spec", "config", "cleanup.policy"))).as(where + " cleanup.policy").isIn(null, "delete");
            assertThat(at(kafkaTopic, "spec", "config", "retention.ms")).as(where + " retention.ms").isNotNull();
        }
        // and no dead-letter topic outlives its topic
        for (Map<String, Object> kafkaTopic : manifests.ofKind("KafkaTopic")) {
            String name = topicName(kafkaTopic);
            if (name.endsWith(DEAD_LETTER_SUFFIX)) {
                String origin = name.substring(0, name.length() - DEAD_LETTER_SUFFIX.length());
                assertThat(kafkaTopic(manifests, origin)).as(manifests.overlay() + ": the topic of " + name).isPresent();
            }
        }
    }

    @ParameterizedTest
    @MethodSource("productionOverlays")
    void noAutoscalerAsksForMoreReplicasThanItsGroupsCanUse(Path overlay) throws Exception {
        RenderedManifests manifests = RenderedManifests.render(overlay);
        assertThat(manifests.ofKind("ScaledObject")).as(manifests.overlay() + ": ScaledObjects").isNotEmpty();
        for (Map<String, Object> scaled : manifests.ofKind("ScaledObject")) {
            String where = manifests.overlay() + ": ScaledObject " + at(scaled, "metadata", "name");
            List<String> topics = list(at(scaled, "spec", "triggers")).stream()
                    .filter(trigger -> "kafka".equals(at(trigger, "type")))
                    .map(trigger -> text(at(trigger, "metadata", "topic")))
                    .filter(topic -> topic != null)
                    .toList();
            assertThat(topics).as(where + " lag triggers naming their topic").isNotEmpty();
            int usable = topics.stream().mapToInt(topic -> partitions(manifests, topic)).max().orElseThrow();
            Object max = at(scaled, "spec", "maxReplicaCount");
            assertThat(max).as(where + " maxReplicaCount").isInstanceOf(Integer.class);
            // a group never uses more members than its topic has partitions
            assertThat((Integer) max).as(where + " maxReplicaCount against the partitions of " + topics).isLessThanOrEqualTo(usable);
            if (topics.stream().anyMatch(HOT_TOPICS::contains)) {
                assertThat((Integer) max).as(where + " maxReplicaCount on a hot topic").isGreaterThanOrEqualTo(REPLICAS_A_HOT_TOPIC_SERVES);
            }
            assertThat(at(scaled, "spec", "minReplicaCount")).as(where + " minReplicaCount").isEqualTo(1);
        }
    }

    @ParameterizedTest
    @MethodSource("productionOverlays")
    void deadLettersRaiseAnAlertThatPointsAtTheReplayInstructions(Path overlay) throws Exception {
        RenderedManifests manifests = RenderedManifests.render(overlay);
        List<Object> rules = manifests.ofKind("PrometheusRule").stream()
                .flatMap(rule -> list(at(rule, "spec", "groups")).stream())
                .flatMap(group -> list(at(group, "rules")).stream())
                .filter(rule -> "EngagementDeadLetters".equals(at(rule, "alert")))
                .toList();
        assertThat(rules).as(manifests.overlay() + ": the EngagementDeadLetters rule").hasSize(1);
        Object rule = rules.get(0);
        assertThat(text(at(rule, "expr"))).as("its expression")
                .contains("engagement_events_dead_lettered_total")
                .contains("kafka_topic_partition_current_offset")
                .contains("by (topic)");
        assertThat(at(rule, "labels", "severity")).as("its severity").isEqualTo("warning");
        String anchor = DEAD_LETTERS_SECTION.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9 -]", "").replace(' ', '-');
        assertThat(map(at(rule, "annotations")).values()).as("its annotations")
                .anySatisfy(annotation -> assertThat(text(annotation)).contains("deploy/README.md#" + anchor))
                .anySatisfy(annotation -> assertThat(text(annotation)).contains("{{ $labels.topic }}"));
        assertThat(Files.readAllLines(README)).as("deploy/README.md").contains("### " + DEAD_LETTERS_SECTION);
    }

    private static Map<String, Object> deployment(RenderedManifests manifests, String service) {
        return manifests.named("Deployment", service)
                .orElseThrow(() -> new AssertionError(manifests.overlay() + ": no Deployment " + service));
    }

    private static Optional<Map<String, Object>> kafkaTopic(RenderedManifests manifests, String topic) {
        return manifests.ofKind("KafkaTopic").stream().filter(candidate -> topic.equals(topicName(candidate))).findFirst();
    }

    private static int partitions(RenderedManifests manifests, String topic) {
        Object partitions = at(kafkaTopic(manifests, topic)
                .orElseThrow(() -> new AssertionError(manifests.overlay() + ": no KafkaTopic for " + topic)), "spec", "partitions");
        assertThat(partitions).as(manifests.overlay() + ": partitions of " + topic).isInstanceOf(Integer.class);
        return (Integer) partitions;
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
