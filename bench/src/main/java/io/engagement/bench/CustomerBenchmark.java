package io.engagement.bench;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.FindOneAndUpdateOptions;
import com.mongodb.client.model.ReturnDocument;
import com.mongodb.client.model.Updates;
import com.mongodb.client.model.Sorts;
import io.engagement.local.ServiceFleet;
import org.bson.Document;
import org.bson.conversions.Bson;

import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Date;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * How much the suite adds on top of its database for the customer operations: the same four
 * operations timed through the gateway and straight against MongoDB, on one organization of
 * {@value #DEFAULT_CUSTOMERS} customers.
 *
 * <p>System properties: {@code bench.customers} (100000), {@code bench.iterations} (300),
 * {@code bench.seconds} (30, per operation and side), {@code bench.keep} (keep the data directory),
 * {@code engagement.repository} (the repository root with the services' built jars, default {@code .}).
 */
public final class CustomerBenchmark {

    static final int DEFAULT_CUSTOMERS = 100_000;
    private static final int BATCH = 100;
    private static final int LOADERS = 4;
    private static final String DATABASE = "engagement_customer";
    private static final String COLLECTION = "customers";
    /** Every customer's name carries one of these tokens, so a search for one matches a few customers. */
    private static final int SEARCH_TOKENS = 20_000;
    private static final Pattern CUSTOMER_ID = Pattern.compile("\"customer_id\"\\s*:\\s*\"([^\"]+)\"");
    /** The floor of the gateway's own share of a call, and of the default list page on the embedded database. */
    private static final double HOP_TARGET_MS = 1.0;
    private static final double LIST_TARGET_MS = 200.0;

    private final int customers = Integer.getInteger("bench.customers", DEFAULT_CUSTOMERS);
    private final SideBySide sideBySide = new SideBySide(Integer.getInteger("bench.iterations", 300),
            Duration.ofSeconds(Long.getLong("bench.seconds", 30)));
    private final Random random = new Random(42);
    private final AtomicLong unique = new AtomicLong();

    private final List<String> customerIds = Collections.synchronizedList(new ArrayList<>());

    private SuiteHttp http;
    private SuiteHttp service;
    private long organizationId;

    public static void main(String[] args) throws Exception {
        new CustomerBenchmark().run();
    }

    private void run() throws Exception {
        System.out.printf("Customer benchmark: %,d customers%n", customers);
        try (BenchSuite suite = BenchSuite.start()) {
            http = suite.http();
            service = suite.straightTo(ServiceFleet.CUSTOMER);
            organizationId = suite.credentials().organizationId();
            load();
            try (MongoClient client = MongoClients.create(suite.credentials().mongodbUri())) {
                MongoCollection<Document> collection = client.getDatabase(DATABASE).getCollection(COLLECTION);
                List<SideBySide.Row> rows = measure(collection, client.getDatabase(DATABASE).getCollection("id_sequences"));
                List<Hop> hops = measureHops();
                print(rows, hops);
            }
        }
    }

    // --- set-up ---------------------------------------------------------------------------------

    /** {@code customers} customers through the bulk route, {@value #BATCH} a request, {@value #LOADERS} in flight. */
    private void load() throws Exception {
        int batches = (customers + BATCH - 1) / BATCH;
        AtomicInteger loaded = new AtomicInteger();
        long started = System.nanoTime();
        Batches.inParallel(batches, LOADERS, batch -> {
            int from = batch * BATCH;
            int to = Math.min(customers, from + BATCH);
            StringBuilder body = new StringBuilder("{\"customers\": [");
            for (int i = from; i < to; i++) {
                body.append(i == from ? "" : ",").append(customerJson(i));
            }
            String created = SuiteHttp.expect(http.post("/external/v1/external/v1/customers/bulk",
                    body.append("]}").toString()), 201).body();
            Matcher id = CUSTOMER_ID.matcher(created);
            while (id.find()) {
                customerIds.add(id.group(1));
            }
            int done = loaded.addAndGet(to - from);
            if (done % 10_000 == 0) {
                System.out.printf("  loaded %,d customers (%.0f/s)%n", done, done / BenchSuite.seconds(started));
            }
        });
        double took = BenchSuite.seconds(started);
        System.out.printf("Loaded %,d customers in %.1f s: %.0f customers/s (bulk of %d, %d in flight)%n",
                loaded.get(), took, loaded.get() / took, BATCH, LOADERS);
    }

    private static String customerJson(int i) {
        return "{\"name\": \"" + name(i) + "\", \"email\": \"" + email(i) + "\", \"source\": \""
                + (i % 3 == 0 ? "web" : "api") + "\", \"whatsapp_number\": \"+1555" + String.format("%07d", i)
                + "\", \"city\": \"City " + (i % 50) + "\", \"country\": \"NG\", \"is_active\": " + (i % 4 != 0) + "}";
    }

    private static String name(int i) {
        return "Person " + i + " tok" + (i % SEARCH_TOKENS) + "x";
    }

    private static String email(int i) {
        return "user" + i + "@bench.test";
    }

    // --- measurements ---------------------------------------------------------------------------

    private List<SideBySide.Row> measure(MongoCollection<Document> customers, MongoCollection<Document> sequences) {
        Bson organization = Filters.eq("organization_id", organizationId);
        Bson newestFirst = Sorts.orderBy(Sorts.descending("time_created"), Sorts.descending("_id"));
        List<SideBySide.Row> rows = new ArrayList<>();

        rows.add(sideBySide.compare("list, default page",
                () -> SuiteHttp.expect(http.get("/external/v1/customers"), 200),
                () -> {
                    customers.find(organization).sort(newestFirst).limit(20).into(new ArrayList<>());
                    customers.countDocuments(organization);
                }));

        rows.add(sideBySide.compare("list with search",
                () -> SuiteHttp.expect(http.get("/external/v1/customers?search=" + encode(searchToken())), 200),
                () -> {
                    // one flat filter document, as the service sends it
                    Bson filter = new Document("organization_id", organizationId).append("$or", searchTerms(searchToken()));
                    customers.find(filter).sort(newestFirst).limit(20).into(new ArrayList<>());
                    customers.countDocuments(filter);
                }));

        rows.add(sideBySide.compare("get by id",
                () -> SuiteHttp.expect(http.get(byIdPath()), 200),
                () -> {
                    String id = randomCustomerId();
                    if (customers.find(new Document("organization_id", organizationId).append("customer_id", id)).first() == null) {
                        throw new IllegalStateException("no customer " + id + " in the database");
                    }
                }));

        rows.add(sideBySide.compare("get by email",
                () -> SuiteHttp.expect(http.get(byEmailPath()), 200),
                () -> {
                    String email = email(random.nextInt(this.customers));
                    if (customers.find(byEmail(email)).first() == null) {
                        throw new IllegalStateException("no customer " + email + " in the database");
                    }
                }));

        rows.add(sideBySide.compare("create",
                () -> SuiteHttp.expect(http.post("/external/v1/external/v1/customers",
                        "{\"name\": \"Created " + unique.get() + "\", \"email\": \"suite-created-" + unique.incrementAndGet()
                                + "@bench.test\", \"source\": \"api\", \"city\": \"Lagos\"}"), 201),
                () -> {
                    // the service's three round trips: the e-mail check, the id sequence, the insert
                    long n = unique.incrementAndGet();
                    customers.find(byEmail("database-created-" + n + "@bench.test")).first();
                    sequences.findOneAndUpdate(new Document("_id", "bench_customers"), Updates.inc("value", 1L),
                            new FindOneAndUpdateOptions().upsert(true).returnDocument(ReturnDocument.AFTER));
                    customers.insertOne(document(n));
                }));
        return rows;
    }

    /**
     * The gateway's share of a call: the same request through the gateway and straight to
     * customer-service with the internal token the gateway would send, in turns.
     */
    private List<Hop> measureHops() {
        List<Hop> hops = new ArrayList<>();
        hops.add(hop("get by id", client -> SuiteHttp.expect(client.get(byIdPath()), 200)));
        hops.add(hop("get by email", client -> SuiteHttp.expect(client.get(byEmailPath()), 200)));
        hops.add(hop("list, default page", client -> SuiteHttp.expect(client.get("/external/v1/customers"), 200)));
        return hops;
    }

    private Hop hop(String operation, Consumer<SuiteHttp> call) {
        System.out.printf("Measuring the gateway's share of %s ...%n", operation);
        SideBySide.Pair timed = sideBySide.inTurns(() -> call.accept(http), () -> call.accept(service));
        return new Hop(operation, timed.first(), timed.second());
    }

    private record Hop(String operation, Percentiles throughGateway, Percentiles straight) {

        double share() {
            return throughGateway.p50() - straight.p50();
        }
    }

    private String byIdPath() {
        return "/external/v1/customers/" + randomCustomerId();
    }

    private String byEmailPath() {
        return "/external/v1/customers/by-email/" + encode(email(random.nextInt(this.customers)));
    }

    private String randomCustomerId() {
        return customerIds.get(random.nextInt(customerIds.size()));
    }

    private Bson byEmail(String email) {
        return new Document("organization_id", organizationId).append("email_key", email.toLowerCase(Locale.ROOT));
    }

    private String searchToken() {
        // "tok123x" matches the customers with i % 20000 == 123: five of 100,000
        return "tok" + random.nextInt(Math.min(SEARCH_TOKENS, customers)) + "x";
    }

    /** What the service's search runs: the text quoted, case-insensitive, in any of the searched fields. */
    private static List<Bson> searchTerms(String text) {
        Pattern literal = Pattern.compile(Pattern.quote(text), Pattern.CASE_INSENSITIVE);
        return Stream.of("name", "email", "whatsapp_number").map(field -> Filters.regex(field, literal)).toList();
    }

    /** A customer as the service stores it (see customer-service's CustomerStore), with ids clear of the suite's. */
    private Document document(long n) {
        Date now = new Date();
        String email = "db-created-" + n + "@bench.test";
        return new Document("_id", 1_000_000_000L + n)
                .append("organization_id", organizationId)
                .append("customer_id", "bench-" + n + "-" + Long.toHexString(random.nextLong()))
                .append("name", "Created " + n)
                .append("email", email)
                .append("email_key", email)
                .append("whatsapp_number", null)
                .append("source", "api")
                .append("ip", null)
                .append("city", "Lagos")
                .append("country", null)
                .append("location", null)
                .append("latitude", null)
                .append("longitude", null)
                .append("is_active", true)
                .append("company_id", null)
                .append("time_created", now)
                .append("time_updated", now);
    }

    private static void print(List<SideBySide.Row> rows, List<Hop> hops) {
        SideBySide.print(rows);
        System.out.println("target: suite p50 within 3x of the database");
        rows.forEach(row -> System.out.printf("  %-20s %s%n", row.operation(),
                row.suite().p50() <= 3 * row.database().p50() ? "within 3x" : "NOT within 3x"));
        System.out.println();
        System.out.println("The gateway's share: p50 through the gateway minus p50 straight to customer-service (internal token)");
        System.out.printf("| %-20s | %13s | %13s | %13s | %11s |%n", "operation", "gateway p50", "service p50", "gateway share", "target");
        hops.forEach(hop -> System.out.printf("| %-20s | %10.2f ms | %10.2f ms | %10.2f ms | %11s |%n", hop.operation(),
                hop.throughGateway().p50(), hop.straight().p50(), hop.share(),
                hop.share() < HOP_TARGET_MS ? "< 1 ms, met" : "NOT < 1 ms"));
        rows.stream().filter(row -> row.operation().equals("list, default page")).findFirst().ifPresent(list ->
                System.out.printf("target: the default list page p50 < %.0f ms: %.2f ms, ratio %.2f, %s%n", LIST_TARGET_MS,
                        list.suite().p50(), list.suite().p50() / LIST_TARGET_MS,
                        list.suite().p50() < LIST_TARGET_MS ? "met" : "NOT met"));
        System.out.println();
    }


    private static String encode(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
