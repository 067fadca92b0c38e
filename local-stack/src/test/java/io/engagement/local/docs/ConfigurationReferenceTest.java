package io.engagement.local.docs;

import org.junit.jupiter.api.Test;
import org.springframework.util.unit.DataSize;
import org.yaml.snakeyaml.Yaml;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.RecordComponent;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code docs/operations/configuration.md} lists every property of the suite's
 * {@code @ConfigurationProperties} records, as the configuration processor describes them (their
 * {@code @param} documentation) with the default each service starts with (its application.yml,
 * else the record's own). A property added, renamed or re-documented without the page fails here;
 * {@code -Dengagement.docs.write=true} writes the page's generated part instead.
 */
class ConfigurationReferenceTest {

    private static final Path PAGE = Path.of("..", "docs", "operations", "configuration.md");
    static final String START = "<!-- generated from the @ConfigurationProperties metadata by ConfigurationReferenceTest: do not edit by hand -->";
    static final String END = "<!-- end of the generated reference -->";
    private static final Pattern MODULE = Pattern.compile("/(platform|gateway-service|customer-service|collection-analytics-service"
            + "|messaging-service|alert-service)(?:/target/classes/|-[0-9][^/]*\\.jar!/)");
    private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{[^:}]+:([^}]*)}");
    private static final Pattern JAVADOC_CODE = Pattern.compile("\\{@code ([^}]*)}");
    private static final Pattern JAVADOC_LINK = Pattern.compile("\\{@link(?:plain)? ([^}]*)}");
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Test
    void thePageListsEveryPropertyWithItsDefaultAndMeaning() throws IOException {
        String page = Files.readString(PAGE);
        int start = page.indexOf(START);
        int end = page.indexOf(END);
        assertThat(start).as("the page marks where its generated part starts").isNotNegative();
        assertThat(end).as("and where it ends").isGreaterThan(start);
        String generated = render();
        if (Boolean.getBoolean("engagement.docs.write")) {
            Files.writeString(PAGE, page.substring(0, start + START.length()) + "\n" + generated + page.substring(end));
            return;
        }
        assertThat(page.substring(start + START.length() + 1, end))
                .as("docs/operations/configuration.md is behind the services' @ConfigurationProperties; write it again with "
                        + "./mvnw -B -pl local-stack test -Dtest=ConfigurationReferenceTest -Dengagement.docs.write=true")
                .isEqualTo(generated);
    }

    /** One table per module, properties in name order. */
    static String render() throws IOException {
        Map<String, Map<String, String>> rowsByModule = new TreeMap<>((a, b) -> a.equals("platform") ? -1 : b.equals("platform") ? 1 : a.compareTo(b));
        for (URL metadata : Collections.list(ConfigurationReferenceTest.class.getClassLoader().getResources("META-INF/spring-configuration-metadata.json"))) {
            Matcher module = MODULE.matcher(metadata.toString());
            if (!module.find()) {
                continue;
            }
            JsonNode document = read(metadata);
            Map<String, String> defaults = applicationYaml(metadata);
            Map<String, String> rows = rowsByModule.computeIfAbsent(module.group(1), name -> new TreeMap<>());
            for (JsonNode property : document.get("properties")) {
                String name = property.get("name").asString();
                if (!property.path("sourceType").asString().startsWith("io.engagement.")) {
                    continue;
                }
                String fallback = defaults.containsKey(name) ? defaults.get(name) : declaredOrRecordDefault(document, property);
                rows.put(name, "| `%s` | `%s` | %s | %s |".formatted(environmentVariable(name), name,
                        fallback == null || fallback.isBlank() ? "none" : "`" + fallback + "`", meaning(property)));
            }
        }
        StringBuilder out = new StringBuilder();
        rowsByModule.forEach((module, rows) -> {
            out.append("\n### ").append(module.equals("platform") ? "Every service (platform)" : module).append("\n\n");
            out.append("| variable | property | default | meaning |\n|---|---|---|---|\n");
            rows.values().forEach(row -> out.append(row).append('\n'));
        });
        return out.toString();
    }

    /** Spring Boot's relaxed binding: {@code engagement.keys.cache-ttl} is {@code ENGAGEMENT_KEYS_CACHE_TTL}. */
    static String environmentVariable(String property) {
        return property.replaceAll("\\[.*?]", "").replace('.', '_').replace('-', '_').toUpperCase();
    }

    private static String meaning(JsonNode property) {
        String description = property.path("description").asString("").replaceAll("\\s+", " ").strip();
        description = JAVADOC_CODE.matcher(description).replaceAll(match -> Matcher.quoteReplacement("`" + match.group(1) + "`"));
        description = JAVADOC_LINK.matcher(description).replaceAll(match -> Matcher.quoteReplacement(match.group(1)));
        return description.replace("|", "\\|");
    }

    /**
     * A default the record declares with {@code @DefaultValue}, else what its compact constructor
     * makes of nothing. The metadata gives a primitive without a declared default its zero, which
     * a compact constructor may replace, so a zero there counts only when the record has nothing else.
     */
    private static String declaredOrRecordDefault(JsonNode metadata, JsonNode property) {
        JsonNode declared = property.get("defaultValue");
        boolean zero = declared == null || List.of("0", "0.0", "false").contains(declared.asString());
        if (!zero) {
            return declaredDefault(declared);
        }
        String fromRecord = recordDefault(metadata, property);
        return fromRecord != null || declared == null ? fromRecord : declaredDefault(declared);
    }

    /** A default the record declares ({@code @DefaultValue}), spelled as application.yml would. */
    private static String declaredDefault(JsonNode value) {
        if (value.isArray()) {
            List<String> items = new ArrayList<>();
            value.forEach(item -> items.add(declaredDefault(item)));
            return String.join(",", items);
        }
        String text = value.asString();
        return text.startsWith("PT") || text.startsWith("P") && text.length() > 1 && Character.isDigit(text.charAt(1))
                ? duration(Duration.parse(text)) : text;
    }

    /** The service's application.yml flattened, each placeholder by its default ({@code ${ENV:5s}} is {@code 5s}). */
    private static Map<String, String> applicationYaml(URL metadata) {
        String yaml = metadata.toString().replace("META-INF/spring-configuration-metadata.json", "application.yml");
        Map<String, String> flat = new LinkedHashMap<>();
        try (InputStream in = new URL(yaml).openStream()) {
            for (Object document : new Yaml().loadAll(in)) {
                flatten("", document, flat);
            }
        } catch (IOException noApplicationYaml) {
            // the platform library has none: its records' own defaults stand
        }
        return flat;
    }

    @SuppressWarnings("unchecked")
    private static void flatten(String prefix, Object value, Map<String, String> flat) {
        if (value instanceof Map<?, ?> map) {
            map.forEach((key, child) -> flatten(prefix.isEmpty() ? String.valueOf(key) : prefix + "." + key, child, flat));
        } else if (value instanceof Collection<?> list) {
            flat.put(prefix, list.stream().map(item -> withoutPlaceholder(String.valueOf(item))).collect(Collectors.joining(",")));
        } else if (value != null) {
            flat.put(prefix, withoutPlaceholder(String.valueOf(value)));
        }
    }

    private static String withoutPlaceholder(String value) {
        return PLACEHOLDER.matcher(value).replaceAll(match -> Matcher.quoteReplacement(match.group(1)));
    }

    /**
     * What the record answers when nothing is configured: its compact constructor's defaults,
     * reached through the groups from the {@code @ConfigurationProperties} class down to the
     * record that holds the property.
     */
    private static String recordDefault(JsonNode metadata, JsonNode property) {
        String name = property.get("name").asString();
        // the @ConfigurationProperties class that holds the property (nested records are groups with a source method)
        List<JsonNode> groups = StreamSupport.stream(metadata.get("groups").spliterator(), false)
                .filter(group -> !group.has("sourceMethod") && name.startsWith(group.get("name").asString() + "."))
                .sorted((a, b) -> b.get("name").asString().length() - a.get("name").asString().length())
                .toList();
        if (groups.isEmpty()) {
            return null;
        }
        try {
            JsonNode root = groups.get(0);
            Object value = unconfigured(load(root.get("type").asString()));
            String[] path = name.substring(root.get("name").asString().length() + 1).split("\\.");
            for (String part : path) {
                value = component(value, part);
            }
            return format(value);
        } catch (ReflectiveOperationException | RuntimeException notUnconfigurable) {
            return null;
        }
    }

    /** A class by the metadata's name for it, which spells a nested class's {@code $} as a dot. */
    private static Class<?> load(String name) throws ClassNotFoundException {
        try {
            return Class.forName(name);
        } catch (ClassNotFoundException notTopLevel) {
            int dot = name.lastIndexOf('.');
            if (dot < 0) {
                throw notTopLevel;
            }
            return load(name.substring(0, dot) + "$" + name.substring(dot + 1));
        }
    }

    /** The record built as the binder builds it from no properties at all: every component absent. */
    private static Object unconfigured(Class<?> type) throws ReflectiveOperationException {
        RecordComponent[] components = type.getRecordComponents();
        Class<?>[] types = new Class<?>[components.length];
        Object[] values = new Object[components.length];
        for (int i = 0; i < components.length; i++) {
            types[i] = components[i].getType();
            values[i] = absent(types[i]);
        }
        Constructor<?> canonical = type.getDeclaredConstructor(types);
        canonical.setAccessible(true);
        return canonical.newInstance(values);
    }

    private static Object absent(Class<?> type) {
        if (type == boolean.class) {
            return false;
        }
        // one return each: a conditional expression would promote all three to double
        if (type == int.class) {
            return 0;
        }
        if (type == long.class) {
            return 0L;
        }
        if (type == double.class) {
            return 0.0;
        }
        return null;
    }

    private static Object component(Object record, String kebabName) throws ReflectiveOperationException {
        if (record == null) {
            return null;
        }
        String camel = Pattern.compile("-([a-z0-9])").matcher(kebabName).replaceAll(match -> match.group(1).toUpperCase());
        for (RecordComponent component : record.getClass().getRecordComponents()) {
            if (component.getName().equals(camel)) {
                component.getAccessor().setAccessible(true);
                return component.getAccessor().invoke(record);
            }
        }
        return null;
    }

    private static String format(Object value) {
        if (value == null) {
            return null;
        }
        if (value instanceof Duration duration) {
            return duration(duration);
        }
        if (value instanceof DataSize size) {
            long bytes = size.toBytes();
            return bytes % (1024 * 1024) == 0 ? bytes / (1024 * 1024) + "MB" : bytes % 1024 == 0 ? bytes / 1024 + "KB" : bytes + "B";
        }
        if (value instanceof Map<?, ?> map && map.isEmpty() || value instanceof Collection<?> empty && empty.isEmpty()) {
            return null;
        }
        if (value instanceof Collection<?> list) {
            List<String> items = new ArrayList<>();
            list.forEach(item -> items.add(format(item)));
            return String.join(",", items);
        }
        if (value.getClass().isRecord() || value instanceof Map<?, ?>) {
            return null;
        }
        return String.valueOf(value);
    }

    private static String duration(Duration duration) {
        long millis = duration.toMillis();
        if (millis % 86_400_000 == 0) {
            return millis / 86_400_000 + "d";
        }
        if (millis % 3_600_000 == 0) {
            return millis / 3_600_000 + "h";
        }
        if (millis % 60_000 == 0) {
            return millis / 60_000 + "m";
        }
        return millis % 1000 == 0 ? millis / 1000 + "s" : millis + "ms";
    }

    private static JsonNode read(URL url) {
        try (InputStream in = url.openStream()) {
            return JSON.readTree(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
