package io.engagement.infra.inbox;

import com.icegreen.greenmail.configuration.GreenMailConfiguration;
import com.icegreen.greenmail.mail.MailAddress;
import com.icegreen.greenmail.mail.MovingMessage;
import com.icegreen.greenmail.user.GreenMailUser;
import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetup;
import jakarta.mail.MessagingException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * An SMTP server in process (GreenMail) on the loopback interface that accepts any sender and
 * recipient without authentication and keeps every mail it receives, oldest first. Mail survives
 * {@link #stop()} and {@link #start()}, which a test uses to make the mail server unreachable.
 */
public final class EmbeddedSmtp implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(EmbeddedSmtp.class);
    private static final String HOST = "127.0.0.1";

    private final List<StoredMail> mails = new CopyOnWriteArrayList<>();
    private int port;
    private GreenMail server;

    private EmbeddedSmtp(int port) {
        this.port = port;
    }

    /** Starts listening on {@code port}; 0 picks a free port, kept for every later {@link #start()}. */
    public static EmbeddedSmtp start(int port) {
        nameMailStreamProvider();
        EmbeddedSmtp smtp = new EmbeddedSmtp(port);
        smtp.start();
        return smtp;
    }

    /**
     * Unnamed, Jakarta Mail 2.1 looks its stream provider up with a ServiceLoader scan of the class
     * path for every message part it parses (jakartaee/mail-api#861): half of the SMTP server's CPU.
     */
    private static void nameMailStreamProvider() {
        if (System.getProperty("jakarta.mail.util.StreamProvider") == null) {
            System.setProperty("jakarta.mail.util.StreamProvider", "org.eclipse.angus.mail.util.MailStreamProvider");
        }
    }

    public synchronized int port() {
        return port;
    }

    /** Listens again, on the same port; does nothing while listening. */
    public synchronized void start() {
        if (server != null) {
            return;
        }
        GreenMail greenMail = new NoDelayGreenMail(new ServerSetup(port, HOST, ServerSetup.PROTOCOL_SMTP))
                .withConfiguration(GreenMailConfiguration.aConfig().withDisabledAuthentication());
        greenMail.getUserManager().setMessageDeliveryHandler(this::deliver);
        greenMail.start();
        port = greenMail.getSmtp().getPort();
        server = greenMail;
        log.info("Embedded SMTP listening on {}:{}", HOST, port);
    }

    /** Stops listening and drops open connections: clients get connection refused until {@link #start()}. */
    public synchronized void stop() {
        if (server != null) {
            server.stop();
            server = null;
            log.info("Embedded SMTP on {}:{} stopped", HOST, port);
        }
    }

    public synchronized boolean isRunning() {
        return server != null;
    }

    /** Every mail received so far, oldest first. */
    public List<ReceivedMail> received() {
        return mails.stream().map(StoredMail::mail).toList();
    }

    public void clear() {
        mails.clear();
    }

    @Override
    public void close() {
        stop();
    }

    /** The received mails with their sizes, oldest first: what the dev inbox lists. */
    List<StoredMail> stored() {
        return List.copyOf(mails);
    }

    /**
     * GreenMail hands over one copy per envelope recipient, all in one loop over the same envelope;
     * the copy for its first recipient stands for the whole transaction.
     */
    private GreenMailUser deliver(MovingMessage envelope, MailAddress recipient) throws MessagingException {
        if (envelope.getToAddresses().iterator().next() == recipient) {
            try {
                List<String> recipients = envelope.getToAddresses().stream().map(MailAddress::getEmail).toList();
                String sender = envelope.getReturnPath() == null ? null : envelope.getReturnPath().getEmail();
                ReceivedMail mail = MailParser.parse(ShortIds.next(), envelope.getMessage(), sender, recipients, Instant.now());
                mails.add(new StoredMail(mail, MailParser.size(envelope.getMessage())));
                log.debug("Received mail {} '{}' for {}", mail.id(), mail.subject(), recipients);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read the received message", e);
            }
        }
        return DiscardedMailbox.INSTANCE;
    }

    /** A received mail and its size in bytes, which the dev inbox reports and the record does not carry. */
    record StoredMail(ReceivedMail mail, int size) {
    }
}
