package io.engagement.messaging.email;

import jakarta.mail.MessagingException;
import jakarta.mail.Transport;
import jakarta.mail.internet.MimeMessage;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.mail.javamail.JavaMailSenderImpl;
import org.springframework.stereotype.Component;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One open SMTP connection per delivery thread, reused from message to message: a connection
 * costs a handshake, a greeting and EHLO, more round trips than the mail itself. A connection
 * idle for longer than {@link #IDLE} is replaced rather than trusted, since relays drop idle
 * clients; one that fails is closed, so the next message opens a fresh one.
 */
@Component
class SmtpConnections implements DisposableBean {

    static final Duration IDLE = Duration.ofSeconds(20);

    private final JavaMailSenderImpl mail;
    private final Map<Thread, Connection> open = new ConcurrentHashMap<>();

    SmtpConnections(JavaMailSenderImpl mail) {
        this.mail = mail;
    }

    void send(MimeMessage message) throws MessagingException {
        message.saveChanges();
        Connection connection = current();
        try {
            connection.transport().sendMessage(message, message.getAllRecipients());
            open.put(Thread.currentThread(), connection.used());
        } catch (MessagingException | RuntimeException failed) {
            discard(Thread.currentThread());
            throw failed;
        }
    }

    private Connection current() throws MessagingException {
        Connection connection = open.get(Thread.currentThread());
        // not Transport.isConnected(): it asks the relay with a NOOP, a round trip per message
        if (connection != null && !connection.idle()) {
            return connection;
        }
        discard(Thread.currentThread());
        Transport transport = mail.getSession().getTransport(mail.getProtocol());
        transport.connect(mail.getHost(), mail.getPort(), mail.getUsername(), mail.getPassword());
        Connection fresh = new Connection(transport, System.nanoTime());
        open.put(Thread.currentThread(), fresh);
        return fresh;
    }

    private void discard(Thread owner) {
        Connection connection = open.remove(owner);
        if (connection != null) {
            try {
                connection.transport().close();
            } catch (MessagingException alreadyGone) {
                // closing a broken connection can fail too; it is gone either way
            }
        }
    }

    @Override
    public void destroy() {
        open.keySet().forEach(this::discard);
    }

    private record Connection(Transport transport, long lastUsedNanos) {

        boolean idle() {
            return System.nanoTime() - lastUsedNanos > IDLE.toNanos();
        }

        Connection used() {
            return new Connection(transport, System.nanoTime());
        }
    }
}
