package io.engagement.bench;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.ReplaceOneModel;
import com.mongodb.client.model.ReplaceOptions;
import com.mongodb.client.model.UpdateOptions;
import com.mongodb.client.model.Updates;
import io.engagement.analytics.rollup.RollupSeed;
import io.engagement.platform.event.Topics;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.bson.Document;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Telemetry at scale, three measurements in one run:
 * <ol>
 *   <li>ingest: events/s accepted through the gateway and the ingest service, against a bare Kafka
 *       producer sending the same events, with the same settings, to the same broker, both warmed
 *       up and with nobody consuming (the suite's processing paused), and the suite again with
 *       every consumer running;</li>
 *   <li>collection analytics latency over all pages after 10 k, 1 M and 10 M events, for queries
 *       merged afresh and for a repeated query;</li>
 *   <li>catch-up: how fast the exactly-once activity topology and the rollup writer drain a backlog
 *       of telemetry, from the first event produced until the analytics show the last.</li>
 * </ol>
 *
 * <p>System properties: {@code bench.levels} (10000,1000000,10000000), {@code bench.pages} (50),
 * {@code bench.users} (20000), {@code bench.ingest-seconds} (20), {@code bench.ingest-warm-up-seconds}
 * (60: on two cores the services' compilers need about that under load), {@code bench.batch} (500
 * events a request, the API's maximum, as a server-side sender batches), {@code bench.clients} (8
 * requests in flight), {@code bench.queries} (300), {@code bench.query-warm-up} (300 new ranges
 * merged, untimed, before the timed ones), {@code bench.profile} (a directory: each process is
 * recorded with Java Flight Recorder while each level's queries run, for
 * {@code bench.profile-seconds}, 30), {@code bench.keep}, {@code engagement.repository}.
 */
public final class TelemetryBenchmark {

    private static final Duration WINDOW = Duration.ofDays(29);
    private static final Pattern TOTAL_VISITS = Pattern.compile("\"total_visits\":(\\d+)");
    private static final Pattern COLLECTION_ID = Pattern.compile("\"collection_id\":\"([^\"]+)\"");
    private static final int RANGE_LENGTHS = 60;
    private static final String ANALYTICS_DATABASE = "engagement_analytics";

    private final long[] levels = Arrays.stream(System.getProperty("bench.levels", "10000,1000000,10000000").split(","))
            .mapToLong(level -> Long.parseLong(level.strip())).toArray();
    private final int pages = Integer.getInteger("bench.pages", 50);
    private final int users = Integer.getInteger("bench.users", 20_000);
    private final Duration ingestTime = Duration.ofSeconds(Long.getLong("bench.ingest-seconds", 20));
    private final Duration ingestWarmUp = Duration.ofSeconds(Long.getLong("bench.ingest-warm-up-seconds", 60));
    private final int batch = Integer.getInteger("bench.batch", TelemetryEvents.MAX_BATCH);
    private final int clients = Integer.getInteger("bench.clients", 8);
    private final int queries = Integer.getInteger("bench.queries", 300);
    private final int queryWarmUp = Integer.getInteger("bench.query-warm-up", 300);
    /** Levels whose events' page views go straight into the rollups instead of through the pipeline. */
    private final List<Long> seeded = Arrays.stream(System.getProperty("bench.seed-levels", "").split(","))
            .filter(level -> !level.isBlank()).map(level -> Long.parseLong(level.strip())).toList();
    private final String profile = System.getProperty("bench.profile", "");
    private final Duration profileTime = Duration.ofSeconds(Long.getLong("bench.profile-seconds", 30));
    private final Instant end = Instant.now().truncatedTo(ChronoUnit.HOURS);
    private BenchSuite suite;

    private SuiteHttp http;
    private ConsumerLag lag;
    private TelemetryEvents events;
    private long viewsSent;

    public static void main(String[] args) throws Exception {
        new TelemetryBenchmark().run();
    }

    private void run() throws Exception {
        if (levels.length > 0 && seeded.contains(levels[0])) {
            // the page registry learns the pages from the first level's events; a seeded level has none of its own
            throw new IllegalArgumentException("bench.seed-levels cannot name the first level (" + levels[0]
                    + "): its events, sent through the pipeline, make the pages a seeded level's rollups are counted on");
        }
        System.out.printf("Telemetry benchmark: levels %s events over %d pages, %,d users%n", Arrays.toString(levels), pages, users);
        try (BenchSuite suite = BenchSuite.start(); ConsumerLag lag = new ConsumerLag(suite.credentials().kafkaBootstrap())) {
            this.suite = suite;
            http = suite.http();
            this.lag = lag;
            events = new TelemetryEvents(suite.credentials().organizationId(), pages, users);
            String bootstrap = suite.credentials().kafkaBootstrap();

            Ingest ingest = measureIngest(suite, bootstrap);
            String collection = allPagesCollection();
            List<Level> measured = new ArrayList<>();
            try (KafkaProducer<String, String> producer = BareProducer.producer(bootstrap)) {
                long loaded = 0;
                for (long level : levels) {
                    measured.add(seeded.contains(level) ? seed(collection, "level" + level, level - loaded, level)
                            : load(producer, collection, "level" + level, level - loaded, level));
                    loaded = level;
                }
            }
            print(ingest, measured);
        }
    }

    // --- 1. ingest ------------------------------------------------------------------------------

    /**
     * Both sides are measured after the same warm-up, with nobody consuming what they send: the
     * suite's stream processing is paused (the records wait in Kafka) and the bare producer's topic
     * has no consumers. The suite is then measured again with every consumer running on the same
     * cores, draining what the paused phases left.
     */
    private Ingest measureIngest(BenchSuite suite, String bootstrap) throws Exception {
        // an organization of its own, so the analytics levels below count only their own events
        SuiteHttp.Organization organization = http.createOrganization(suite.credentials().adminToken(), "Ingest benchmark");
        SuiteHttp client = http.as(organization.apiKey());
        TelemetryEvents sent = new TelemetryEvents(organization.id(), pages, users);
        GatewayIngest gateway = new GatewayIngest(clients, batch, end, WINDOW);
        BareProducer bareProducer = new BareProducer(bootstrap, clients * batch, end, WINDOW);
        double paused;
        double bare;
        suite.processing(true);
        try {
            gateway.run(client, sent, "ingest-warm-up", ingestWarmUp);
            paused = gateway.run(client, sent, "ingest-paused", ingestTime);
            bareProducer.createTopic(lag.admin());
            bareProducer.run(sent, "bare-warm-up", ingestWarmUp);
            bare = bareProducer.run(sent, "bare", ingestTime);
        } finally {
            suite.processing(false);
        }
        double running = gateway.run(client, sent, "ingest-running", ingestTime);
        System.out.println("Waiting for the consumers to catch up with the ingested events ...");
        awaitConsumersSettled();
        return new Ingest(paused, running, bare);
    }

    // --- 2. and 3. analytics at scale and catch-up ----------------------------------------------

    private String allPagesCollection() {
        HttpResponse<String> created = SuiteHttp.expect(http.post("/external/v1/page-collections",
                "{\"name\":\"All pages\",\"url_patterns\":[\"/\"]}"), 200);
        Matcher id = COLLECTION_ID.matcher(created.body());
        if (!id.find()) {
            throw new IllegalStateException("no collection id in " + created.body());
        }
        return id.group(1);
    }

    /** Produces {@code count} more events as ingest would, waits until the analytics count them all, then times queries. */
    private Level load(KafkaProducer<String, String> producer, String collection, String series, long count, long total) throws Exception {
        System.out.printf("Level %,d: producing %,d events to %s ...%n", total, count, Topics.TELEMETRY);
        long started = System.nanoTime();
        for (long i = 0; i < count; i++) {
            TelemetryEvents.Event event = events.event(series, i, count, end, WINDOW);
            producer.send(new ProducerRecord<>(Topics.TELEMETRY, event.key(), event.envelope()));
        }
        producer.flush();
        double producing = BenchSuite.seconds(started);
        viewsSent += TelemetryEvents.viewsAmong(count);
        long shown;
        while ((shown = totalVisits(collection)) < viewsSent) {
            Thread.sleep(1000);
        }
        double caughtUp = BenchSuite.seconds(started);
        if (shown != viewsSent) {
            throw new IllegalStateException("analytics show " + shown + " visits, " + viewsSent + " were sent");
        }
        System.out.printf("  produced in %.1f s, all %,d visits counted after %.1f s (%,.0f events/s)%n",
                producing, viewsSent, caughtUp, count / caughtUp);
        // the registry and the raw-event archive may still be catching up; queries are timed on a settled suite
        awaitConsumersSettled();
        System.out.printf("  every consumer caught up after %.1f s%n", BenchSuite.seconds(started));
        return measure(collection, total, count, caughtUp);
    }

    /** Times the level's queries: first the ranges not asked before, then the repeated one. */
    private Level measure(String collection, long total, long count, double caughtUp) throws Exception {
        if (!profile.isEmpty()) {
            FlightRecordings.start(suite.servicePids(), Path.of(profile, "level-" + total), Duration.ofSeconds(1), profileTime);
            // the recordings start a second from now and cost their processes a moment to set up
            Thread.sleep(3000);
        }
        Percentiles merged = mergedLatency(collection);
        Percentiles latency = queryLatency(collection);
        System.out.printf("  analytics over %d pages: p50 %.1f ms, p99 %.1f ms; over a range not asked before: p50 %.1f ms, p99 %.1f ms%n",
                pages, latency.p50(), latency.p99(), merged.p50(), merged.p99());
        return new Level(total, count, caughtUp, latency, merged);
    }

    /**
     * Stores the page views of {@code count} more events straight into the month rollups, built by
     * the rollup writer's own code on top of the rollups stored, then moves the organization's mark
     * on as the writer does. Only the page views count: visits, exits and visitors, which is what a
     * query's reads and merges depend on; the day rollups of hourly trends are not written.
     */
    private Level seed(String collection, String series, long count, long total) throws Exception {
        System.out.printf("Level %,d: the page views of %,d more events stored straight into the month rollups (seeded: not through "
                + "the pipeline, no catch-up measured) ...%n", total, count);
        long started = System.nanoTime();
        long organizationId = suite.credentials().organizationId();
        try (MongoClient client = MongoClients.create(suite.credentials().mongodbUri())) {
            MongoDatabase analytics = client.getDatabase(ANALYTICS_DATABASE);
            Map<Integer, String> pageIds = new HashMap<>();
            analytics.getCollection("pages").find(Filters.eq("organization_id", organizationId)).forEach(page -> {
                String url = page.getString("canonical_url");
                pageIds.put(Integer.parseInt(url.substring(url.lastIndexOf('/') + 1)), page.getString("page_id"));
            });
            RollupSeed seed = new RollupSeed();
            MongoCollection<Document> counters = analytics.getCollection("page_rollups");
            MongoCollection<Document> users = analytics.getCollection("page_rollup_users");
            for (Document stored : counters.find(Filters.eq("organization_id", organizationId))) {
                if (stored.getString("period").length() == "2026-11".length()) {
                    seed.stored(stored, users.find(Filters.eq("_id", stored.get("_id"))).first());
                }
            }
            for (long i = 0; i < count; i++) {
                TelemetryEvents.Event event = events.event(series, i, count, end, WINDOW);
                if (event.isPageView()) {
                    seed.view(organizationId, pageIds.get(event.page()), event.at(), event.visitor(), event.isLastPageView());
                }
            }
            replaceAll(users, seed.users());
            replaceAll(counters, seed.counters());
            analytics.getCollection("rollup_marks").updateOne(Filters.eq("_id", organizationId), Updates.inc("mark", 1L),
                    new UpdateOptions().upsert(true));
        }
        viewsSent += TelemetryEvents.viewsAmong(count);
        long shown = totalVisits(collection);
        if (shown != viewsSent) {
            throw new IllegalStateException("analytics show " + shown + " visits, " + viewsSent + " were sent");
        }
        System.out.printf("  stored in %.1f s, all %,d visits counted%n", BenchSuite.seconds(started), viewsSent);
        return measure(collection, total, count, Double.NaN);
    }

    private static void replaceAll(MongoCollection<Document> collection, List<Document> documents) {
        collection.bulkWrite(documents.stream()
                .map(document -> new ReplaceOneModel<>(Filters.eq("_id", document.get("_id")), document, new ReplaceOptions().upsert(true)))
                .toList());
    }

    private void awaitConsumersSettled() throws Exception {
        // every group of the broker, the alert service's too: queries are timed on a quiet suite
        lag.awaitSettled(List.of(), Duration.ofDays(1));
    }

    private long totalVisits(String collection) {
        Matcher visits = TOTAL_VISITS.matcher(SuiteHttp.expect(http.get("/external/v1/page-collections/" + collection), 200).body());
        return visits.find() ? Long.parseLong(visits.group(1)) : -1;
    }

    private Percentiles queryLatency(String collection) {
        for (int i = 0; i < Math.min(50, queries); i++) {
            totalVisits(collection);
        }
        long[] samples = new long[queries];
        for (int i = 0; i < queries; i++) {
            long started = System.nanoTime();
            totalVisits(collection);
            samples[i] = System.nanoTime() - started;
        }
        return Percentiles.of(samples, queries);
    }

    /**
     * Queries that no earlier answer can serve, each over a range not asked before since the level
     * was loaded, merged afresh: 31 to 90 days, ending today or up to a few days before (the 30
     * days up to today are the default range, which counting the level has asked). Before them,
     * {@code bench.query-warm-up} other new ranges, ending earlier still and not timed: on two
     * cores a service is still compiling the merge's code after a few hundred queries, and the
     * timed series should meet the steady state of a service that has been answering for a while.
     */
    private Percentiles mergedLatency(String collection) {
        LocalDate today = LocalDate.now(ZoneOffset.UTC);
        int daysOfTimedEnds = (queries + RANGE_LENGTHS - 1) / RANGE_LENGTHS;
        for (int i = 0; i < queryWarmUp; i++) {
            SuiteHttp.expect(http.get("/external/v1/page-collections/" + collection + newRange(today.minusDays(daysOfTimedEnds), i)), 200);
        }
        long[] samples = new long[queries];
        for (int i = 0; i < queries; i++) {
            String range = newRange(today, i);
            long started = System.nanoTime();
            SuiteHttp.expect(http.get("/external/v1/page-collections/" + collection + range), 200);
            samples[i] = System.nanoTime() - started;
        }
        return Percentiles.of(samples, queries);
    }

    /** The i-th of the ranges ending on {@code last} or before: 60 lengths (31 to 90 days) a day, then a day earlier. */
    private static String newRange(LocalDate last, int i) {
        LocalDate end = last.minusDays(i / RANGE_LENGTHS);
        return "?start=" + end.minusDays(30 + i % RANGE_LENGTHS) + "&end=" + end;
    }

    // --- report ---------------------------------------------------------------------------------

    private void print(Ingest ingest, List<Level> measured) {
        double bareRate = ingest.bare();
        System.out.println();
        System.out.printf("1. Ingest, events/s (%d clients, %d events a request; each side after a %d s warm-up)%n",
                clients, batch, ingestWarmUp.toSeconds());
        System.out.printf("   through gateway + ingest service, processing paused %,12.0f%n", ingest.paused());
        System.out.printf("   bare Kafka producer, nobody consuming                %,12.0f%n", bareRate);
        System.out.printf("   ratio %.1f %%   (target >= 50 %%)%n", 100 * ingest.paused() / bareRate);
        System.out.printf("   through gateway + ingest service, every consumer running on the same cores %,.0f (%.1f %%)%n",
                ingest.running(), 100 * ingest.running() / bareRate);
        System.out.println();
        System.out.printf("2. Collection analytics over %d pages, last 30 days, daily trend (%d queries each)%n", pages, queries);
        System.out.printf("   events ingested | same query: p50 ms |   p99 ms | p99 vs first | %d new ranges: p50 ms |   p99 ms%n",
                queries);
        double firstP99 = measured.get(0).latency().p99();
        for (Level level : measured) {
            System.out.printf("   %,15d | %18.1f | %8.1f | %11.2fx | %20.1f | %8.1f%s%n", level.total(), level.latency().p50(),
                    level.latency().p99(), level.latency().p99() / firstP99, level.merged().p50(), level.merged().p99(),
                    level.isSeeded() ? "   (seeded)" : "");
        }
        Level last = measured.get(measured.size() - 1);
        System.out.printf("   target: flat, p99 < 50 ms at 10 M: new ranges p99 %.1f ms at %,d, %s%n", last.merged().p99(), last.total(),
                last.total() >= 10_000_000 && last.merged().p99() < 50 ? "met" : last.total() < 10_000_000 ? "10 M not loaded" : "NOT met");
        System.out.println();
        System.out.println("3. Catch-up: a backlog produced at once, until the analytics count its last event");
        System.out.println("   events in backlog |  seconds |  events/s | vs bare producer");
        for (Level level : measured.stream().filter(level -> !level.isSeeded()).toList()) {
            double rate = level.added() / level.seconds();
            System.out.printf("   %,17d | %8.1f | %,9.0f | %6.1f %%%n", level.added(), level.seconds(), rate, 100 * rate / bareRate);
        }
        System.out.println();
    }

    private record Ingest(double paused, double running, double bare) {
    }

    private record Level(long total, long added, double seconds, Percentiles latency, Percentiles merged) {

        boolean isSeeded() {
            return Double.isNaN(seconds);
        }
    }
}
