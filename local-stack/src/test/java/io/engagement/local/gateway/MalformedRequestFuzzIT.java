package io.engagement.local.gateway;

import io.engagement.local.support.Answer;
import io.engagement.local.support.RunningSuite;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * Throws well over a thousand malformed requests at the customer, company and metric routes
 * through the gateway and checks that every one is answered with a contract error, never a server
 * fault and never HTML: 422 {@code {"detail": [{loc, msg, type}, ...]}} or another 4xx
 * {@code {"detail": "..."}}.
 *
 * <p>The requests come from a seeded {@link Random}; the seed is printed, and
 * {@code -Dfuzz.seed=<seed>} replays the same run. {@code -Dfuzz.requests=<n>} changes how many
 * random requests are sent on top of the fixed extreme cases.
 */
class MalformedRequestFuzzIT {

    private static final String PREFIX = "/external/v1/external/v1/customers";
    private static final String LIST = "/external/v1/customers";
    private static final String JSON = "application/json";
    private static final int IN_FLIGHT = 8;
    private static final int HUGE = 100 * 1024;
    private static final int OVER_ONE_MIB = 1024 * 1024 + 64 * 1024;
    private static final int DEEP = 5_000;
    private static final Set<String> LOC_ROOTS = Set.of("body", "query", "path");

    private final RunningSuite suite = RunningSuite.get();
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    @Test
    void malformedRequestsAreAnsweredWithContractErrorsAndNeverWithAServerFault() throws Exception {
        // a fixed seed keeps the build reproducible; -Dfuzz.seed=<n> explores another run
        long seed = Long.getLong("fuzz.seed", 20_261_122L);
        int randomRequests = Integer.getInteger("fuzz.requests", 1_200);
        System.out.println("MalformedRequestFuzzIT seed=" + seed + " (replay with -Dfuzz.seed=" + seed + ")");

        RunningSuite.Organization organization = suite.createOrganization("Fuzz " + seed);
        String key = organization.apiKey();
        String companyId = created(suite.post(PREFIX + "/companies",
                "{\"company_name\": \"Fuzz Co\", \"company_email\": \"fuzz@company.test\"}", "x-api-key", key), "company_id");
        String metricId = created(suite.post(PREFIX + "/metrics",
                "{\"name\": \"fuzz-metric\", \"data_type\": \"NUMBER\"}", "x-api-key", key), "metric_id");

        Fuzzer fuzzer = new Fuzzer(new Random(seed), companyId, metricId);
        List<Probe> probes = new ArrayList<>(fuzzer.extremes());
        for (int i = 0; i < randomRequests; i++) {
            probes.add(fuzzer.next());
        }

        long started = System.nanoTime();
        Queue<String> offences = run(probes, key);
        long millis = Duration.ofNanos(System.nanoTime() - started).toMillis();
        System.out.println("MalformedRequestFuzzIT sent " + probes.size() + " requests in " + millis + " ms, "
                + offences.size() + " offending");

        assertThat(probes).hasSizeGreaterThanOrEqualTo(1_000);
        if (!offences.isEmpty()) {
            fail(offences.size() + " of " + probes.size() + " malformed requests were not answered as the contract says"
                    + " (seed " + seed + ", replay with -Dfuzz.seed=" + seed + "):\n\n"
                    + offences.stream().collect(Collectors.joining("\n\n")));
        }
    }

    private Queue<String> run(List<Probe> probes, String key) throws InterruptedException {
        Queue<String> offences = new ConcurrentLinkedQueue<>();
        Semaphore slots = new Semaphore(IN_FLIGHT);
        AtomicInteger done = new AtomicInteger();
        List<CompletableFuture<?>> pending = new ArrayList<>();
        for (Probe probe : probes) {
            slots.acquire();
            HttpRequest request;
            try {
                request = probe.request(suite.gateway(), key);
            } catch (RuntimeException unbuildable) {
                slots.release();
                offences.add(probe.describe() + "\n  -> the test could not build this request: " + unbuildable);
                continue;
            }
            pending.add(http.sendAsync(request, HttpResponse.BodyHandlers.ofString())
                    .whenComplete((response, failure) -> {
                        try {
                            String offence = failure != null
                                    ? "no answer: " + failure
                                    : offence(response);
                            if (offence != null) {
                                offences.add(probe.describe() + "\n  -> " + offence);
                            }
                        } finally {
                            done.incrementAndGet();
                            slots.release();
                        }
                    }));
        }
        CompletableFuture.allOf(pending.toArray(CompletableFuture[]::new)).handle((ignored, failure) -> null).join();
        assertThat(done.get()).isEqualTo(pending.size());
        return offences;
    }

    /** Why this answer breaks the contract, or null when it does not. */
    static String offence(HttpResponse<String> response) {
        int status = response.statusCode();
        String body = response.body() == null ? "" : response.body();
        String contentType = response.headers().firstValue("Content-Type").orElse("");
        String seen = "status " + status + ", Content-Type '" + contentType + "', body " + snippet(body, 300);
        if (status >= 500) {
            return "server fault: " + seen;
        }
        if (contentType.toLowerCase().contains("html") || body.stripLeading().startsWith("<")) {
            return "HTML answer: " + seen;
        }
        if (status < 400) {
            return null;
        }
        JsonNode json = Answer.of(response).json();
        if (!json.isObject() || json.get("detail") == null) {
            return "not a {\"detail\": ...} body: " + seen;
        }
        JsonNode detail = json.get("detail");
        if (status != 422) {
            return detail.isString() ? null : "detail of a " + status + " is not a string: " + seen;
        }
        if (!detail.isArray() || detail.isEmpty()) {
            return "detail of a 422 is not a non-empty list: " + seen;
        }
        for (JsonNode error : detail) {
            JsonNode loc = error.get("loc");
            JsonNode msg = error.get("msg");
            JsonNode type = error.get("type");
            if (loc == null || !loc.isArray() || loc.isEmpty() || !loc.get(0).isString()
                    || !LOC_ROOTS.contains(loc.get(0).asString())) {
                return "422 error without a loc starting with body, query or path (" + snippet(error.toString(), 200) + "): " + seen;
            }
            if (msg == null || !msg.isString() || type == null || !type.isString()) {
                return "422 error without string msg and type (" + snippet(error.toString(), 200) + "): " + seen;
            }
        }
        return null;
    }

    private static String created(Answer answer, String field) {
        if (answer.status() != 201) {
            throw new IllegalStateException("set-up request failed: " + answer.status() + " " + answer.body());
        }
        return answer.json().get(field).asString();
    }

    static String snippet(String text, int max) {
        String flat = text.replace("\n", "\\n").replace("\r", "\\r");
        return flat.length() <= max ? flat : flat.substring(0, max) + "... (" + text.length() + " chars)";
    }

    /** One request to send; {@code contentType} null sends none. */
    record Probe(String kind, String method, String pathAndQuery, String contentType, byte[] body) {

        HttpRequest request(URI gateway, String key) {
            HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(gateway + pathAndQuery))
                    .timeout(Duration.ofSeconds(30))
                    .header("x-api-key", key);
            if (contentType != null) {
                builder.header("Content-Type", contentType);
            }
            if (method.equals("GET")) {
                return builder.GET().build();
            }
            return builder.method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofByteArray(body)).build();
        }

        String describe() {
            String text = body == null ? "(no body)" : new String(body, StandardCharsets.UTF_8);
            return "[" + kind + "] " + method + " " + snippet(pathAndQuery, 240)
                    + (contentType == null ? "" : "  Content-Type: " + contentType)
                    + (body == null ? "" : "\n  body (" + body.length + " bytes): " + snippet(text, 240));
        }
    }

    /** A body route of the contract: its path and how to write a valid element for it. */
    record Target(String name, String path, String listKey, List<String> fields, Function<Random, Map<String, String>> valid) {
    }

    /** Writes malformed requests; JSON is written by hand so that values like 1e309 or a lone \ud800 survive. */
    static final class Fuzzer {

        private final Random random;
        private final List<Target> targets;
        private final List<String> junkValues;
        private final List<String> hugeStrings;
        private int unique;

        Fuzzer(Random random, String companyId, String metricId) {
            this.random = random;
            Function<Random, Map<String, String>> customer = r -> fields(
                    "name", quoted("Fuzz Person " + r.nextInt(1000)),
                    "email", quoted("fuzz" + (unique++) + "-" + Long.toHexString(r.nextLong()) + "@example.test"),
                    "source", quoted("api"),
                    "whatsapp_number", quoted("+15550100"),
                    "city", quoted("Lagos"),
                    "is_active", "true");
            Function<Random, Map<String, String>> company = r -> fields(
                    "company_name", quoted("Fuzz Co " + r.nextInt(1000)),
                    "company_email", quoted("co" + (unique++) + "@example.test"),
                    "company_status", quoted("active"),
                    "website", quoted("https://example.test"));
            Function<Random, Map<String, String>> metric = r -> fields(
                    "name", quoted("metric-" + (unique++) + "-" + r.nextInt(1_000_000)),
                    "description", quoted("fuzzed"),
                    "data_type", quoted(r.nextBoolean() ? "NUMBER" : "STRING"));
            Function<Random, Map<String, String>> metricValue = r -> fields(
                    "metric_id", quoted(metricId),
                    "company_id", quoted(companyId),
                    "value", quoted(Integer.toString(r.nextInt(100))));
            List<String> customerFields = List.of("name", "email", "source", "whatsapp_number", "ip", "city", "country",
                    "location", "latitude", "longitude", "is_active", "company_id");
            List<String> companyFields = List.of("company_name", "company_email", "company_status", "description",
                    "industry", "website", "phone", "address");
            String junkCompany = encode("no-such-company-" + Long.toHexString(random.nextLong()));
            this.targets = List.of(
                    new Target("customer", PREFIX, null, customerFields, customer),
                    new Target("customers bulk", PREFIX + "/bulk", "customers", customerFields, customer),
                    new Target("company", PREFIX + "/companies", null, companyFields, company),
                    new Target("companies bulk", PREFIX + "/companies/bulk", "companies", companyFields, company),
                    new Target("metric", PREFIX + "/metrics", null, List.of("name", "description", "data_type"), metric),
                    new Target("metric value", PREFIX + "/companies/" + encode(companyId) + "/metrics", null,
                            List.of("metric_id", "company_id", "value"), metricValue),
                    new Target("metric value of an unknown company", PREFIX + "/companies/" + junkCompany + "/metrics", null,
                            List.of("metric_id", "company_id", "value"), metricValue));
            this.hugeStrings = List.of(quoted("x".repeat(HUGE)), quoted("😀".repeat(HUGE / 4)),
                    quoted("\\u200b".repeat(HUGE / 6)), quoted("a".repeat(HUGE) + "@example.test"));
            this.junkValues = List.of(
                    "0", "-0", "1", "-1", "1.5", "-0.0", "1e309", "-1e309", "1E-400", "99999999999999999999999",
                    "-99999999999999999999999", "123456789012345678901234567890.123456789", "2147483648", "9223372036854775808",
                    "true", "false", "null", "[]", "[1, 2, 3]", "[\"a\", \"b\"]", "[null]", "[{}]", "{}", "{\"a\": 1}",
                    "{\"$gt\": \"\"}", "{\"$where\": \"sleep(1000)\"}", "{\"$regex\": \".*\"}", "\"\"", "\" \"", "\"\\t\\n\"",
                    quoted("😀🎉👩‍👩‍👧‍👦"), quoted("\\u202Eevil\\u202C"), quoted("مرحبا بالعالم"), quoted("שלום"),
                    quoted("\\u200b\\u200c\\u200d\\ufeff"), quoted("\\ud800"), quoted("\\udfff"), quoted("a\\ud800b"),
                    quoted("\\udc00\\ud800"), quoted("\\u0000"), quoted("nul\\u0000inside"), quoted("\\u0001\\u001f"),
                    quoted("<script>alert(1)</script>"), quoted("<html><body>x</body></html>"), quoted("' OR 1=1 --"),
                    quoted("${jndi:ldap://example.test/a}"), quoted("%s%n%x"), quoted("not-an-email"), quoted("a@"),
                    quoted("@b.test"), quoted("a@@b.test"), quoted("a b@c.test"), quoted("x".repeat(300) + "@example.test"),
                    quoted("a@" + "b".repeat(300) + ".test"), quoted("ñandú@ejemplo.test"), quoted("用户@例子.广告"),
                    quoted("NUMBER"), quoted("number"), quoted("DATE"), quoted("BOOLEAN"), quoted("lead"), quoted("LEAD"),
                    quoted("x".repeat(256)), quoted("x".repeat(5_001)), quoted("x".repeat(10_001)));
        }

        /** The extreme cases, each sent once. */
        List<Probe> extremes() {
            List<Probe> probes = new ArrayList<>();
            String deepArrays = "[".repeat(DEEP) + "]".repeat(DEEP);
            String deepObjects = "{\"a\":".repeat(DEEP) + "1" + "}".repeat(DEEP);
            String deepUnclosed = "[{\"a\":".repeat(DEEP);
            for (Target target : targets) {
                probes.add(post("deep arrays", target, deepArrays));
                probes.add(post("deep objects", target, deepObjects));
                probes.add(post("deep unclosed", target, deepUnclosed));
                probes.add(post("deep field value", target, withField(target, target.fields().get(0), deepArrays)));
                probes.add(post("deep object field value", target, withField(target, target.fields().get(0), deepObjects)));
                for (String field : target.fields()) {
                    probes.add(post("100 kB string in " + field, target, withField(target, field, hugeStrings.get(0))));
                }
                probes.add(post("100 kB emoji string", target, withField(target, target.fields().get(0), hugeStrings.get(1))));
                probes.add(post("100 kB of escaped zero-width spaces", target,
                        withField(target, target.fields().get(0), hugeStrings.get(2))));
                probes.add(post("over 1 MiB string", target, withField(target, target.fields().get(0), quoted("y".repeat(OVER_ONE_MIB)))));
                probes.add(post("over 1 MiB of whitespace", target, " ".repeat(OVER_ONE_MIB) + "{}"));
                probes.add(post("over 1 MiB not JSON", target, "z".repeat(OVER_ONE_MIB)));
                probes.add(post("over 1 MiB of unknown fields", target, manyUnknownFields(OVER_ONE_MIB)));
                probes.add(raw("over 1 MiB as text/plain", "POST", target.path(), "text/plain", "t".repeat(OVER_ONE_MIB)));
                for (String number : List.of("1e309", "-0", "99999999999999999999999", "-1e309", "1E-400", "NaN", "Infinity", "-Infinity", "0x1F", "01", "+1", ".5")) {
                    probes.add(post("number " + number + " in every field", target, allFields(target, number)));
                    probes.add(post("number " + number + " as the body", target, number));
                }
                probes.add(post("empty body", target, ""));
                probes.add(raw("no body, no Content-Type", "POST", target.path(), null, (byte[]) null));
                probes.add(post("whitespace body", target, " \n\t "));
                probes.add(post("BOM then JSON", target, "\ufeff" + element(target)));
            }
            for (Target bulk : targets.stream().filter(target -> target.listKey() != null).toList()) {
                for (int size : new int[] {0, 51, 101, 10_000}) {
                    probes.add(post(size + " valid elements", bulk, bulkOf(bulk, size, i -> element(bulk))));
                }
                probes.add(post("10,000 empty objects", bulk, bulkOf(bulk, 10_000, i -> "{}")));
                probes.add(post("10,000 nulls", bulk, bulkOf(bulk, 10_000, i -> "null")));
                probes.add(post("100 broken elements", bulk, bulkOf(bulk, 100, i -> wrongTypes(bulk))));
                probes.add(post("one 100 kB element string in 100", bulk,
                        bulkOf(bulk, 100, i -> i == 57 ? withField(bulk, bulk.fields().get(0), hugeStrings.get(0)) : element(bulk))));
            }
            // the list, get-by-id and get-by-email routes with extreme values
            probes.add(get("search of 2 kB", LIST + "?search=" + encode("(a+)+$".repeat(340))));
            probes.add(get("search of 8 kB", LIST + "?search=" + encode("s".repeat(8 * 1024))));
            // request lines over 64 kB are refused by the HTTP server itself, with a bare 414
            probes.add(get("search of 48 kB", LIST + "?search=" + encode("s".repeat(48 * 1024))));
            probes.add(get("customer id of 8 kB", LIST + "/" + encode("i".repeat(8 * 1024))));
            probes.add(get("email of 2 kB", LIST + "/by-email/" + encode("e".repeat(2_000) + "@example.test")));
            for (String number : List.of("1e309", "-0", "99999999999999999999999", "-99999999999999999999999", "2147483648", "NaN")) {
                probes.add(get("page " + number, LIST + "?page=" + encode(number)));
                probes.add(get("page_size " + number, LIST + "?page_size=" + encode(number)));
                probes.add(get("huge page with valid size", LIST + "?page_size=100&page=" + encode(number)));
            }
            probes.add(get("page 21474837", LIST + "?page=21474837&page_size=100"));
            probes.add(get("page at int max", LIST + "?page=2147483647&page_size=100"));
            return probes;
        }

        /** One random malformed request. */
        Probe next() {
            int dice = random.nextInt(100);
            if (dice < 14) {
                return listQuery();
            }
            if (dice < 19) {
                return getById();
            }
            if (dice < 24) {
                return getByEmail();
            }
            if (dice < 27) {
                return getCompanyMetrics();
            }
            Target target = pick(targets);
            return switch (random.nextInt(12)) {
                case 0, 1, 2 -> post("wrong types", target, wrongTypes(target));
                case 3 -> post("missing and unknown fields", target, missingAndUnknown(target));
                case 4 -> post("wrong top-level value", target, topLevel(target));
                case 5 -> post("truncated JSON", target, truncated(element(target)));
                case 6 -> post("not JSON", target, notJson());
                case 7 -> wrongContentType(target);
                case 8 -> mutatedBytes(target);
                case 9 -> post("odd keys", target, oddKeys(target));
                case 10 -> post("bulk shape", target, bulkShape(target));
                default -> post("empty or blank", target, pick(List.of("", " ", "\n", "\t\r\n", "\u00a0", "\u200b")));
            };
        }

        // --- bodies -------------------------------------------------------------------------

        private String element(Target target) {
            return object(target.valid().apply(random));
        }

        private String wrapped(Target target, String element) {
            return target.listKey() == null ? element : "{\"" + target.listKey() + "\": [" + element + "]}";
        }

        private String withField(Target target, String field, String value) {
            Map<String, String> fields = target.valid().apply(random);
            fields.put(field, value);
            return wrapped(target, object(fields));
        }

        private String allFields(Target target, String value) {
            Map<String, String> fields = new LinkedHashMap<>();
            target.fields().forEach(field -> fields.put(field, value));
            return wrapped(target, object(fields));
        }

        private String wrongTypes(Target target) {
            Map<String, String> fields = target.valid().apply(random);
            int changes = 1 + random.nextInt(Math.min(4, target.fields().size()));
            for (int i = 0; i < changes; i++) {
                fields.put(pick(target.fields()), junk());
            }
            String element = object(fields);
            return target.listKey() == null || random.nextInt(4) == 0 ? element : bulkWith(target, element);
        }

        private String bulkWith(Target target, String broken) {
            int size = 1 + random.nextInt(5);
            int at = random.nextInt(size);
            List<String> elements = new ArrayList<>();
            for (int i = 0; i < size; i++) {
                elements.add(i == at ? broken : element(target));
            }
            return "{\"" + target.listKey() + "\": [" + String.join(", ", elements) + "]}";
        }

        private String missingAndUnknown(Target target) {
            Map<String, String> fields = target.valid().apply(random);
            List<String> names = new ArrayList<>(fields.keySet());
            int drops = random.nextInt(names.size() + 1);
            for (int i = 0; i < drops; i++) {
                fields.remove(pick(names));
            }
            for (int i = random.nextInt(4); i > 0; i--) {
                fields.put(pick(List.of("id", "organization_id", "customer_id", "_id", "$set", "time_created", "extra", "Name",
                        "EMAIL", " name", "name ", "nàme", "😀", "")), junk());
            }
            return wrapped(target, object(fields));
        }

        private String topLevel(Target target) {
            return switch (random.nextInt(6)) {
                case 0 -> junk();
                case 1 -> "[" + element(target) + "]";
                case 2 -> "[" + element(target) + ", " + element(target) + "]";
                case 3 -> "\"" + element(target).replace("\"", "\\\"") + "\"";
                case 4 -> element(target) + element(target);
                default -> element(target) + " trailing";
            };
        }

        private String truncated(String json) {
            return json.substring(0, random.nextInt(Math.max(1, json.length())));
        }

        private String notJson() {
            return switch (random.nextInt(10)) {
                case 0 -> "name=a&email=b%40c.test&source=api";
                case 1 -> "<customer><name>a</name></customer>";
                case 2 -> "<!DOCTYPE html><html></html>";
                case 3 -> "{name: 'a', email: 'b@c.test', source: 'api'}";
                case 4 -> "{\"name\": \"a\",}";
                case 5 -> "{\"name\" \"a\"}";
                case 6 -> "// comment\n{}";
                case 7 -> "undefined";
                case 8 -> "{\"name\": \"unterminated}";
                default -> randomText(1 + random.nextInt(200));
            };
        }

        private Probe wrongContentType(Target target) {
            String body = random.nextBoolean() ? wrapped(target, element(target)) : "name=a&email=b%40c.test&source=api";
            String type = pick(List.of("text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x",
                    "application/xml", "text/html", "application/octet-stream", "*/*", "application", "application/json/extra",
                    "text/json", "application/jsonp", "application/json; charset=utf-16", "garbage;;;=", "image/png"));
            return raw("wrong Content-Type", "POST", target.path(), type, body);
        }

        private Probe mutatedBytes(Target target) {
            byte[] bytes = wrapped(target, element(target)).getBytes(StandardCharsets.UTF_8);
            int flips = 1 + random.nextInt(4);
            for (int i = 0; i < flips; i++) {
                int at = random.nextInt(bytes.length);
                bytes[at] = (byte) pick(List.of(0x00, 0xFF, 0xC0, 0xED, 0x80, (int) '"', (int) '{', (int) ']', (int) '\\',
                        random.nextInt(256))).intValue();
            }
            return new Probe("mutated bytes " + target.name(), "POST", target.path(), JSON, bytes);
        }

        private String oddKeys(Target target) {
            Map<String, String> fields = target.valid().apply(random);
            String first = target.fields().get(0);
            return switch (random.nextInt(5)) {
                case 0 -> wrapped(target, "{\"" + first + "\": " + junk() + ", " + object(fields).substring(1));
                case 1 -> wrapped(target, object(fields).replace("\"" + first + "\"", "\"" + first + "\\u0000\""));
                case 2 -> wrapped(target, object(fields).replace("\"" + first + "\"", "\"\\ud800\""));
                case 3 -> wrapped(target, object(fields).replace("\"" + first + "\"", first));
                default -> wrapped(target, object(fields).replace(":", ": " + junk() + ","));
            };
        }

        private String bulkShape(Target target) {
            String key = target.listKey() == null ? pick(List.of("customers", "companies")) : target.listKey();
            return switch (random.nextInt(7)) {
                case 0 -> "{\"" + key + "\": " + junk() + "}";
                case 1 -> "{\"" + key + "\": " + element(target) + "}";
                case 2 -> "{\"" + key + "\": [" + junk() + ", " + junk() + "]}";
                case 3 -> "{\"" + key + "\": [[" + element(target) + "]]}";
                case 4 -> "{\"" + key + "\": [" + element(target) + "], \"" + key + "\": " + junk() + "}";
                case 5 -> "{\"" + key.toUpperCase() + "\": [" + element(target) + "]}";
                default -> bulkOf(target, random.nextInt(3) == 0 ? 0 : 95 + random.nextInt(15), i -> element(target));
            };
        }

        private String bulkOf(Target target, int size, java.util.function.IntFunction<String> element) {
            String key = target.listKey() == null ? "customers" : target.listKey();
            StringBuilder json = new StringBuilder("{\"").append(key).append("\": [");
            for (int i = 0; i < size; i++) {
                json.append(i == 0 ? "" : ",").append(element.apply(i));
            }
            return json.append("]}").toString();
        }

        private static String manyUnknownFields(int bytes) {
            StringBuilder json = new StringBuilder("{");
            for (int i = 0; json.length() < bytes; i++) {
                json.append(i == 0 ? "" : ",").append("\"unknown_").append(i).append("\": \"").append("v".repeat(40)).append('"');
            }
            return json.append('}').toString();
        }

        private String junk() {
            return random.nextInt(40) == 0 ? pick(hugeStrings) : pick(junkValues);
        }

        // --- query and path -----------------------------------------------------------------

        private Probe listQuery() {
            List<String> names = List.of("page", "page_size", "sort_by", "sort_order", "is_active", "search", "source",
                    "company_id", "unknown", "page[]", "search[$regex]");
            List<String> parts = new ArrayList<>();
            for (int i = 1 + random.nextInt(4); i > 0; i--) {
                String name = pick(names);
                parts.add(encode(name) + "=" + queryJunk(name));
            }
            if (random.nextInt(10) == 0) {
                parts.add(pick(List.of("page", "=", "&", "page_size=", "=x", "sort_by")));
            }
            return get("list query", LIST + "?" + String.join("&", parts));
        }

        private String queryJunk(String name) {
            if (random.nextInt(8) == 0) {
                return pick(List.of("%ED%A0%80", "%FF%FE", "%C0%AF", "%00", "%25", "%F0%9F%98", "%2F..%2F", "%0D%0AX-Injected:%201"));
            }
            List<String> specific = switch (name) {
                case "page", "page_size" -> List.of("-1", "0", "101", "1.0", "1.5", "1e2", "1e309", "-0", "0x10", "+1", " 1", "1 ",
                        "99999999999999999999999", "2147483648", "NaN", "Infinity", "abc", "", "١٢", "１");
                case "sort_by" -> List.of("$where", "_id", "password", "name;drop", "time_created desc", "__proto__",
                        "email_key", "organization_id", "", "NAME", "name.first", "$natural");
                case "sort_order" -> List.of("ASC", "DESC", "up", "-1", "1", "", "asc ", "descending");
                case "is_active" -> List.of("maybe", "TRUE", "yes", "2", "-1", "", "null", "t", "on", "nope", "[]");
                case "search" -> List.of(".*", "(a+)+$", "^", "$", "\\", "[", "(", "*", "?", "{\"$gt\":\"\"}", "$where",
                        "a|b", "%", "\\E.*\\Q", "(?i)x", "[^]", "\\d{1000000}", "' OR 1=1 --", "😀", "\u202Eabc", "\u200b",
                        "\u0000", "a".repeat(1_000), "ab".repeat(500));
                default -> List.of("", "x", "{}", "[]");
            };
            String value = random.nextInt(3) == 0 ? textJunk() : pick(specific);
            return encode(value);
        }

        private Probe getById() {
            return get("get by junk id", LIST + "/" + pathJunk());
        }

        private Probe getByEmail() {
            String email = random.nextBoolean() ? pathJunk() : encode(textJunk() + "@" + textJunk());
            return get("get by junk email", LIST + "/by-email/" + email);
        }

        private Probe getCompanyMetrics() {
            return get("company metrics of a junk id", PREFIX + "/companies/" + pathJunk() + "/metrics");
        }

        private String pathJunk() {
            if (random.nextInt(6) == 0) {
                return pick(List.of("%ED%A0%80", "%FF", "%C0%AF", "%00", "%2F", "%2E%2E", "%5C", "%3Bjsessionid=1",
                        "%0A", "%25", "x%2Fy", "%E2%80%AE"));
            }
            String value = textJunk();
            return value.isEmpty() || value.equals(".") || value.equals("..") ? "x" + encode(value) : encode(value);
        }

        private String textJunk() {
            return switch (random.nextInt(12)) {
                case 0 -> "😀🎉";
                case 1 -> "\u202Eevil";
                case 2 -> "\u200b\u200c\ufeff";
                case 3 -> "\ud800";
                case 4 -> "\u0000";
                case 5 -> "x".repeat(1 + random.nextInt(3_000));
                case 6 -> "{\"$gt\": \"\"}";
                case 7 -> "' OR '1'='1";
                case 8 -> "..\\..\\etc\\passwd";
                case 9 -> "a@b";
                case 10 -> Long.toString(random.nextLong());
                default -> randomText(1 + random.nextInt(40));
            };
        }

        // --- helpers ------------------------------------------------------------------------

        private String randomText(int length) {
            StringBuilder text = new StringBuilder();
            for (int i = 0; i < length; i++) {
                int kind = random.nextInt(10);
                if (kind < 6) {
                    text.append((char) (0x20 + random.nextInt(0x5F)));
                } else if (kind < 8) {
                    text.append((char) random.nextInt(0x20));
                } else {
                    text.appendCodePoint(0xA0 + random.nextInt(0x2FF00));
                }
            }
            return text.toString();
        }

        private Probe post(String kind, Target target, String body) {
            return new Probe(kind + " " + target.name(), "POST", target.path(), JSON, body.getBytes(StandardCharsets.UTF_8));
        }

        private static Probe raw(String kind, String method, String path, String contentType, String body) {
            return new Probe(kind, method, path, contentType, body.getBytes(StandardCharsets.UTF_8));
        }

        private static Probe raw(String kind, String method, String path, String contentType, byte[] body) {
            return new Probe(kind, method, path, contentType, body);
        }

        private static Probe get(String kind, String pathAndQuery) {
            return new Probe(kind, "GET", pathAndQuery, null, null);
        }

        private <T> T pick(List<T> values) {
            return values.get(random.nextInt(values.size()));
        }

        private static Map<String, String> fields(String... namesAndValues) {
            Map<String, String> fields = new LinkedHashMap<>();
            for (int i = 0; i < namesAndValues.length; i += 2) {
                fields.put(namesAndValues[i], namesAndValues[i + 1]);
            }
            return fields;
        }

        private static String object(Map<String, String> fields) {
            return fields.entrySet().stream().map(field -> "\"" + field.getKey() + "\": " + field.getValue())
                    .collect(Collectors.joining(", ", "{", "}"));
        }

        /** A JSON string of already-escaped text. */
        private static String quoted(String escaped) {
            return "\"" + escaped + "\"";
        }

        static String encode(String text) {
            return URLEncoder.encode(text, StandardCharsets.UTF_8).replace("+", "%20");
        }
    }
}
