package io.engagement.bench;

import jakarta.mail.Message;
import jakarta.mail.MessagingException;
import jakarta.mail.Session;
import jakarta.mail.Transport;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeMessage;

import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/** The SMTP server alone: Jakarta Mail straight to it, no suite in between. */
final class RawSmtp {

    private final Session session;

    RawSmtp(String host, int port) {
        Properties properties = new Properties();
        properties.put("mail.smtp.host", host);
        properties.put("mail.smtp.port", Integer.toString(port));
        this.session = Session.getInstance(properties);
    }

    /** {@code mails} sent one after the other, each over a connection of its own; answers the seconds taken. */
    double connectionEach(int mails) throws Exception {
        long started = System.nanoTime();
        for (int i = 0; i < mails; i++) {
            Transport.send(message(i));
        }
        return BenchSuite.seconds(started);
    }

    /**
     * {@code mails} spread over {@code connections} connections used in parallel, each kept open
     * for all of its share, as the delivery threads keep theirs; answers the seconds taken.
     */
    double overConnections(int mails, int connections) throws Exception {
        ExecutorService senders = Executors.newFixedThreadPool(connections);
        long started = System.nanoTime();
        try {
            List<Future<?>> shares = new ArrayList<>();
            for (int c = 0; c < connections; c++) {
                int first = c;
                shares.add(senders.submit(() -> {
                    try (Transport transport = session.getTransport("smtp")) {
                        transport.connect();
                        for (int i = first; i < mails; i += connections) {
                            MimeMessage message = message(i);
                            message.saveChanges();
                            transport.sendMessage(message, message.getAllRecipients());
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> share : shares) {
                share.get();
            }
        } finally {
            senders.shutdown();
        }
        return BenchSuite.seconds(started);
    }

    private MimeMessage message(int i) throws MessagingException {
        MimeMessage message = new MimeMessage(session);
        message.setFrom(new InternetAddress("bench@engagement.local"));
        message.setRecipient(Message.RecipientType.TO, new InternetAddress("raw-" + i + "@example.com"));
        message.setSubject("Raw " + i);
        message.setText("Hello from the raw SMTP baseline");
        return message;
    }
}
