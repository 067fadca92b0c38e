package io.engagement.local.deploy;

import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/** What {@code kubectl kustomize} renders for one overlay, as plain YAML maps. */
record RenderedManifests(String overlay, List<Map<String, Object>> resources) {

    private static final long RENDER_TIMEOUT_SECONDS = 120;

    static RenderedManifests render(Path overlay) throws IOException, InterruptedException {
        Process kubectl;
        try {
            kubectl = new ProcessBuilder("kubectl", "kustomize", overlay.toString())
                    .redirectError(ProcessBuilder.Redirect.INHERIT)
                    .start();
        } catch (IOException missing) {
            throw new AssertionError("kubectl is needed to render the overlays; .ci/run shows how to install it", missing);
        }
        String output = new String(kubectl.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!kubectl.waitFor(RENDER_TIMEOUT_SECONDS, TimeUnit.SECONDS) || kubectl.exitValue() != 0) {
            throw new AssertionError("kubectl kustomize " + overlay + " failed");
        }
        List<Map<String, Object>> resources = new ArrayList<>();
        for (Object document : new Yaml(new LoaderOptions()).loadAll(output)) {
            if (document != null) {
                resources.add(map(document));
            }
        }
        return new RenderedManifests(overlay.getFileName().toString(), resources);
    }

    List<Map<String, Object>> ofKind(String kind) {
        return resources.stream().filter(resource -> kind.equals(resource.get("kind"))).toList();
    }

    Optional<Map<String, Object>> named(String kind, String name) {
        return ofKind(kind).stream().filter(resource -> name.equals(at(resource, "metadata", "name"))).findFirst();
    }

    /** The value at a path of map keys, or null where the path ends early. */
    static Object at(Object node, String... path) {
        Object current = node;
        for (String key : path) {
            if (!(current instanceof Map<?, ?> map)) {
                return null;
            }
            current = map.get(key);
        }
        return current;
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> map(Object node) {
        return node instanceof Map<?, ?> ? (Map<String, Object>) node : Map.of();
    }

    @SuppressWarnings("unchecked")
    static List<Object> list(Object node) {
        return node instanceof List<?> ? (List<Object>) node : List.of();
    }

    static String text(Object node) {
        return node == null ? null : Objects.toString(node);
    }
}
