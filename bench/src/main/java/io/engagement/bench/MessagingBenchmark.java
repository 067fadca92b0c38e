package io.engagement.bench;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntFunction;

/**
 * Transactional email and SMS throughput: how fast the suite accepts sends (answered once durably
 * queued) and delivers them, next to what the embedded SMTP server (GreenMail) and SMSC take
 * straight from a client over the same number of connections as the suite's delivery threads
 * use, measured in the same run.
 */
public final class MessagingBenchmark {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final String EMAIL_BULK = "/external/v1/transactional-email/send/bulk";
    private static final String SMS_BULK = "/external/v1/external/v1/sms/send/bulk";
    private static final int BULK_SIZE = 1000;
    private static final int WARM_UP_BULK = 100;
    private static final double TARGET = 0.5;

    private final int emails = Integer.getInteger("bench.emails", 10_000);
    private final int sms = Integer.getInteger("bench.sms", 10_000);
    private final int rawMails = Integer.getInteger("bench.raw-mails", 4_000);
    private final int rawSms = Integer.getInteger("bench.raw-sms", 10_000);
    private final int clients = Integer.getInteger("bench.clients", 2);
    /**
     * Messages per channel sent through the suite and delivered before anything is measured, in bulks
     * of {@link #WARM_UP_BULK}: a service just started runs its delivery path interpreted and, on two
     * cores, compiles it for minutes (bench/results/messaging.md has the figures). The raw clients are measured
     * after the warm-up too, against the same warmed servers.
     */
    private final int warmUp = Integer.getInteger("bench.warm-up", 30_000);
    /** The suite's delivery threads: one per partition of engagement.message.v1, each with its own SMTP connection. */
    private final int connections = Integer.getInteger("bench.connections", 3);
    /** The suite's SMPP binds: one per replica, shared by its delivery threads. */
    private final int binds = Integer.getInteger("bench.binds", 1);
    /** A directory: each process is recorded with Java Flight Recorder while the suite delivers, for {@code bench.profile-seconds}. */
    private final String profile = System.getProperty("bench.profile", "");
    private final Duration profileTime = Duration.ofSeconds(Integer.getInteger("bench.profile-seconds", 30));
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    public static void main(String[] args) throws Exception {
        new MessagingBenchmark().run();
    }

    private void run() throws Exception {
        System.out.printf("Messaging benchmark: %,d emails and %,d SMS in bulk requests of %,d, %d clients%n", emails, sms, BULK_SIZE,
                clients);
        try (BenchSuite suite = BenchSuite.start()) {
            // a channel asked for none is neither warmed up, nor measured raw, nor sent
            Report email = emails > 0 ? emailSide(suite) : null;
            Report text = sms > 0 ? smsSide(suite) : null;
            System.out.println();
            System.out.printf("Messaging (%d cores; the suite, broker, database, SMTP server and SMSC share them)%n",
                    Runtime.getRuntime().availableProcessors());
            if (email != null) {
                email.print();
            }
            if (text != null) {
                text.print();
            }
        }
    }

    private Report emailSide(BenchSuite suite) throws Exception {
        URI inbox = URI.create(suite.credentials().inboxUrl());
        Channel channel = new Channel("emails", suite.credentials().transactionalKey(), "X-Transactional-Key", EMAIL_BULK,
                MessagingBenchmark::emailBulk, inbox, "/api/v1/messages");
        warmUp(suite, channel);
        RawSmtp raw = new RawSmtp("127.0.0.1", suite.smtpPort());
        double each = rawRate("Raw SMTP, a connection each", inbox, "/api/v1/messages", () -> raw.connectionEach(rawMails));
        double one = rawRate("Raw SMTP, one connection", inbox, "/api/v1/messages", () -> raw.overConnections(rawMails, 1));
        double same = rawRate("Raw SMTP, " + connections + " connections in parallel", inbox, "/api/v1/messages",
                () -> raw.overConnections(rawMails, connections));
        Throughput through = measure(suite, channel, emails);
        return new Report("Transactional email, %,d emails".formatted(emails), "mails", List.of(
                new Line("raw SMTP (GreenMail), a connection each", each),
                new Line("raw SMTP (GreenMail), one connection", one)),
                new Line("raw SMTP (GreenMail), %d connections in parallel".formatted(connections), same), through);
    }

    private Report smsSide(BenchSuite suite) throws Exception {
        URI inbox = URI.create(suite.credentials().inboxUrl());
        fundDemoWallet(suite, warmUp + sms);
        Channel channel = new Channel("SMS", suite.credentials().apiKey(), "x-api-key", SMS_BULK, MessagingBenchmark::smsBulk, inbox,
                "/api/v1/sms");
        warmUp(suite, channel);
        RawSmpp raw = new RawSmpp(suite.delivery());
        double same = rawRate("Raw SMPP, " + binds + " bind(s), " + connections + " threads", inbox, "/api/v1/sms",
                () -> raw.submit(rawSms, binds, connections));
        Throughput through = measure(suite, channel, sms);
        return new Report("SMS, %,d messages".formatted(sms), "SMS", List.of(),
                new Line("raw SMPP submit_sm (embedded SMSC), %d bind(s), %d threads".formatted(binds, connections), same), through);
    }

    private double rawRate(String what, URI inbox, String list, TimedRun run) throws Exception {
        int count = list.endsWith("sms") ? rawSms : rawMails;
        System.out.printf("%s: %,d messages straight to the embedded server ...%n", what, count);
        long before = inboxTotal(inbox, list);
        double seconds = run.seconds();
        System.out.printf("  %,d accepted in %.1f s: %,.0f/s (inbox shows %,d)%n", count, seconds, count / seconds,
                inboxTotal(inbox, list) - before);
        return count / seconds;
    }

    /** Messages through the suite, unmeasured. */
    private void warmUp(BenchSuite suite, Channel channel) throws Exception {
        if (warmUp > 0) {
            System.out.printf("Warming the suite up: ");
            throughSuite(suite, channel, warmUp, WARM_UP_BULK);
        }
    }

    /** The measured run, recorded when {@code bench.profile} names a directory. */
    private Throughput measure(BenchSuite suite, Channel channel, int count) throws Exception {
        if (!profile.isEmpty()) {
            FlightRecordings.start(suite.servicePids(), Path.of(profile, channel.what().toLowerCase(Locale.ROOT)), Duration.ofSeconds(1),
                    profileTime);
        }
        return throughSuite(suite, channel, count, BULK_SIZE);
    }

    private Throughput throughSuite(BenchSuite suite, Channel channel, int count, int bulkSize) throws Exception {
        System.out.printf("Through the suite: %,d %s in requests of %,d ...%n", count, channel.what(), bulkSize);
        URI gateway = URI.create(suite.credentials().gatewayUrl());
        long before = inboxTotal(channel.inbox(), channel.list());
        List<String> bodies = new ArrayList<>();
        for (int first = 0; first < count; first += bulkSize) {
            bodies.add(channel.body().of(first, Math.min(bulkSize, count - first)));
        }
        long started = System.nanoTime();
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        List<Double> answered = new ArrayList<>();
        try {
            List<Future<Double>> requests = new ArrayList<>();
            for (String request : bodies) {
                requests.add(pool.submit(() -> {
                    long sent = System.nanoTime();
                    accept(gateway.resolve(channel.path()), channel.keyHeader(), channel.key(), request);
                    return BenchSuite.seconds(sent);
                }));
            }
            for (Future<Double> request : requests) {
                answered.add(request.get());
            }
        } finally {
            pool.shutdown();
        }
        double acceptedSeconds = BenchSuite.seconds(started);
        System.out.printf("  all %,d accepted in %.1f s (each request answered in %.1f s at most)%n", count, acceptedSeconds,
                answered.stream().mapToDouble(Double::doubleValue).max().orElse(0));
        while (inboxTotal(channel.inbox(), channel.list()) - before < count) {
            Thread.sleep(100);
        }
        double deliveredSeconds = BenchSuite.seconds(started);
        System.out.printf("  all %,d delivered %.1f s after the first request%n", count, deliveredSeconds);
        return new Throughput(count / acceptedSeconds, count / deliveredSeconds);
    }

    private void fundDemoWallet(BenchSuite suite, int units) throws Exception {
        HttpResponse<String> funded = http.send(HttpRequest.newBuilder(URI.create(suite.credentials().gatewayUrl())
                        .resolve("/admin/v1/organizations/" + suite.credentials().organizationId() + "/wallet"))
                .header("X-Admin-Token", suite.credentials().adminToken()).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"amount\": " + units + "}")).build(), HttpResponse.BodyHandlers.ofString());
        SuiteHttp.expect(funded, 200);
    }

    private void accept(URI endpoint, String keyHeader, String key, String body) throws Exception {
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(endpoint)
                .header("Content-Type", "application/json").header(keyHeader, key)
                .timeout(Duration.ofMinutes(2)).POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                HttpResponse.BodyHandlers.ofString());
        SuiteHttp.expect(response, 200);
    }

    private static String emailBulk(int first, int count) {
        List<String> emails = new ArrayList<>(count);
        for (int i = first; i < first + count; i++) {
            emails.add("{\"to_email\": \"bench-%d@example.com\", \"subject\": \"Order {{order}}\", \"html_content\": \"<p>Hi {{name}}, order {{order}} shipped.</p>\", \"merge_data\": {\"name\": \"Customer %d\", \"order\": \"%d\"}}"
                    .formatted(i, i, i));
        }
        return "{\"emails\": [" + String.join(",", emails) + "]}";
    }

    private static String smsBulk(int first, int count) {
        List<String> numbers = new ArrayList<>(count);
        for (int i = first; i < first + count; i++) {
            numbers.add("\"" + smsNumber(i) + "\"");
        }
        return "{\"sender_id\": \"Bench\", \"to\": [" + String.join(",", numbers) + "], \"message\": \"Your code is 123456\"}";
    }

    /** A valid E.164 number of its own for each of 10,000 recipients, then again from the first. */
    static String smsNumber(int i) {
        return "+1201555%04d".formatted(i % 10_000);
    }

    private long inboxTotal(URI inbox, String list) throws Exception {
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(inbox.resolve(list + "?limit=1")).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        JsonNode page = JSON.readTree(SuiteHttp.expect(response, 200).body());
        return page.get("total").asLong();
    }

    @FunctionalInterface
    private interface TimedRun {
        double seconds() throws Exception;
    }

    @FunctionalInterface
    private interface BulkBody {
        String of(int first, int count);
    }

    /** How one channel's bulk sends are made through the gateway, and where its inbox counts them. */
    private record Channel(String what, String key, String keyHeader, String path, BulkBody body, URI inbox, String list) {
    }

    private record Throughput(double accepted, double delivered) {
    }

    private record Line(String label, double rate) {
    }

    /** One channel's figures, with delivered ÷ the raw rate over the same connections beside the target. */
    private record Report(String title, String unit, List<Line> context, Line baseline, Throughput suite) {

        void print() {
            System.out.println(title);
            for (Line line : context) {
                System.out.printf("   %-58s %,10.0f %s/s%n", line.label(), line.rate(), unit);
            }
            System.out.printf("   %-58s %,10.0f %s/s%n", baseline.label(), baseline.rate(), unit);
            System.out.printf("   %-58s %,10.0f %s/s%n", "accepted through gateway + messaging", suite.accepted(), unit);
            double ratio = suite.delivered() / baseline.rate();
            System.out.printf("   %-58s %,10.0f %s/s   ratio %5.1f %%   (target >= %.0f %%: %s)%n", "delivered by the suite's workers",
                    suite.delivered(), unit, 100 * ratio, 100 * TARGET, ratio >= TARGET ? "met" : "not met");
        }
    }
}
