package io.engagement.bench;

import jakarta.mail.Message;
import jakarta.mail.MessagingException;
import jakarta.mail.Session;
import jakarta.mail.Transport;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeMessage;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Transactional email throughput: how fast the suite accepts sends (answered once durably
 * queued) and delivers them over SMTP, as ratios to the raw acceptance rate of the embedded
 * SMTP server (GreenMail) measured in the same run, with one connection per message as the
 * worker sends them.
 */
public final class MessagingBenchmark {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final String BULK = "/external/v1/transactional-email/send/bulk";
    private static final int BULK_SIZE = 1000;

    private final int emails = Integer.getInteger("bench.emails", 10_000);
    private final int rawMails = Integer.getInteger("bench.raw-mails", 2_000);
    private final int clients = Integer.getInteger("bench.clients", 2);
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    public static void main(String[] args) throws Exception {
        new MessagingBenchmark().run();
    }

    private void run() throws Exception {
        System.out.printf("Messaging benchmark: %,d emails in bulk requests of %,d, %d clients%n", emails, BULK_SIZE, clients);
        try (BenchSuite suite = BenchSuite.start()) {
            URI inbox = URI.create(suite.credentials().inboxUrl());
            double perConnection = rawSmtpRate(suite.smtpPort(), inbox, false);
            double oneConnection = rawSmtpRate(suite.smtpPort(), inbox, true);
            Throughput suiteRates = throughSuite(suite, inbox);
            report(perConnection, oneConnection, suiteRates);
        }
    }

    /** GreenMail alone: sequential sends, a connection each or all over one. */
    private double rawSmtpRate(int smtpPort, URI inbox, boolean reuse) throws Exception {
        System.out.printf("Raw SMTP: %,d messages straight to the embedded server, %s ...%n", rawMails,
                reuse ? "over one connection" : "a connection each");
        Properties properties = new Properties();
        properties.put("mail.smtp.host", "127.0.0.1");
        properties.put("mail.smtp.port", Integer.toString(smtpPort));
        Session session = Session.getInstance(properties);
        long before = inboxTotal(inbox);
        long started = System.nanoTime();
        if (reuse) {
            try (Transport transport = session.getTransport("smtp")) {
                transport.connect();
                for (int i = 0; i < rawMails; i++) {
                    MimeMessage message = message(session, i);
                    message.saveChanges();
                    transport.sendMessage(message, message.getAllRecipients());
                }
            }
        } else {
            for (int i = 0; i < rawMails; i++) {
                Transport.send(message(session, i));
            }
        }
        double seconds = BenchSuite.seconds(started);
        System.out.printf("  %,d accepted in %.1f s: %,.0f mails/s (inbox shows %,d)%n", rawMails, seconds, rawMails / seconds,
                inboxTotal(inbox) - before);
        return rawMails / seconds;
    }

    private static MimeMessage message(Session session, int i) throws MessagingException {
        MimeMessage message = new MimeMessage(session);
        message.setFrom(new InternetAddress("bench@engagement.local"));
        message.setRecipient(Message.RecipientType.TO, new InternetAddress("raw-" + i + "@example.com"));
        message.setSubject("Raw " + i);
        message.setText("Hello from the raw SMTP baseline");
        return message;
    }

    private Throughput throughSuite(BenchSuite suite, URI inbox) throws Exception {
        System.out.printf("Through the suite: %,d emails ...%n", emails);
        String key = suite.credentials().transactionalKey();
        URI gateway = URI.create(suite.credentials().gatewayUrl());
        long before = inboxTotal(inbox);
        List<String> bodies = new ArrayList<>();
        for (int sent = 0; sent < emails; sent += BULK_SIZE) {
            bodies.add(bulkBody(sent, Math.min(BULK_SIZE, emails - sent)));
        }
        long started = System.nanoTime();
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        try {
            List<Future<?>> requests = new ArrayList<>();
            for (String body : bodies) {
                requests.add(pool.submit(() -> {
                    accept(gateway, key, body);
                    return null;
                }));
            }
            for (Future<?> request : requests) {
                request.get();
            }
        } finally {
            pool.shutdown();
        }
        double acceptedSeconds = BenchSuite.seconds(started);
        System.out.printf("  all %,d accepted in %.1f s%n", emails, acceptedSeconds);
        while (inboxTotal(inbox) - before < emails) {
            Thread.sleep(100);
        }
        double deliveredSeconds = BenchSuite.seconds(started);
        System.out.printf("  all %,d delivered %.1f s after the first request%n", emails, deliveredSeconds);
        return new Throughput(emails / acceptedSeconds, emails / deliveredSeconds);
    }

    private void accept(URI gateway, String key, String body) throws Exception {
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(gateway.resolve(BULK))
                .header("Content-Type", "application/json").header("X-Transactional-Key", key)
                .timeout(Duration.ofMinutes(2)).POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                HttpResponse.BodyHandlers.ofString());
        SuiteHttp.expect(response, 200);
    }

    private static String bulkBody(int first, int count) {
        List<String> emails = new ArrayList<>(count);
        for (int i = first; i < first + count; i++) {
            emails.add("{\"to_email\": \"bench-%d@example.com\", \"subject\": \"Order {{order}}\", \"html_content\": \"<p>Hi {{name}}, order {{order}} shipped.</p>\", \"merge_data\": {\"name\": \"Customer %d\", \"order\": \"%d\"}}"
                    .formatted(i, i, i));
        }
        return "{\"emails\": [" + String.join(",", emails) + "]}";
    }

    private long inboxTotal(URI inbox) throws Exception {
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(inbox.resolve("/api/v1/messages?limit=1")).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        JsonNode page = JSON.readTree(SuiteHttp.expect(response, 200).body());
        return page.get("total").asLong();
    }

    private void report(double perConnection, double oneConnection, Throughput suite) {
        System.out.println();
        System.out.printf("Transactional email, %,d emails (%d cores; the suite, broker, database and SMTP server share them)%n",
                emails, Runtime.getRuntime().availableProcessors());
        System.out.printf("   raw SMTP acceptance (GreenMail), a connection each   %,10.0f mails/s%n", perConnection);
        System.out.printf("   raw SMTP acceptance (GreenMail), one connection      %,10.0f mails/s%n", oneConnection);
        System.out.printf("   accepted through gateway + messaging                 %,10.0f sends/s   ratio %6.1f %% | %6.1f %%%n",
                suite.accepted(), 100 * suite.accepted() / perConnection, 100 * suite.accepted() / oneConnection);
        System.out.printf("   delivered over SMTP by the worker                    %,10.0f mails/s   ratio %6.1f %% | %6.1f %%%n",
                suite.delivered(), 100 * suite.delivered() / perConnection, 100 * suite.delivered() / oneConnection);
    }

    private record Throughput(double accepted, double delivered) {
    }
}
