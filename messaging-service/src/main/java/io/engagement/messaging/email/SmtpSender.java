package io.engagement.messaging.email;

import io.engagement.messaging.delivery.DeliveryFailure;
import jakarta.activation.FileTypeMap;
import jakarta.mail.MessagingException;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeMessage;
import org.eclipse.angus.mail.smtp.SMTPAddressFailedException;
import org.eclipse.angus.mail.smtp.SMTPSendFailedException;
import org.eclipse.angus.mail.smtp.SMTPSenderFailedException;
import org.springframework.mail.MailException;
import org.springframework.mail.MailParseException;
import org.springframework.mail.MailPreparationException;
import org.springframework.mail.MailSendException;
import org.springframework.mail.javamail.ConfigurableMimeFileTypeMap;
import org.springframework.mail.javamail.JavaMailSenderImpl;
import org.springframework.mail.javamail.MimeMessageHelper;
import org.springframework.stereotype.Component;

import java.io.UnsupportedEncodingException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.Set;

/**
 * Sends one email over SMTP to the configured relay ({@code spring.mail.*}). A 5xx reply is a
 * permanent failure; everything else (4xx, a refused or dropped connection, a timeout) is transient.
 */
@Component
class SmtpSender {

    static final String MESSAGE_ID_HEADER = "X-Engagement-Message-Id";

    private final JavaMailSenderImpl mail;
    private final SmtpConnections connections;

    SmtpSender(JavaMailSenderImpl mail, SmtpConnections connections) {
        this.mail = mail;
        this.connections = connections;
    }

    void send(EmailRequested job) throws DeliveryFailure {
        MimeMessage message;
        try {
            message = compose(job);
        } catch (MessagingException | UnsupportedEncodingException unbuildable) {
            throw new DeliveryFailure("the message cannot be built: " + unbuildable.getMessage(), true, unbuildable);
        }
        try {
            connections.send(message);
        } catch (MessagingException failed) {
            throw classify(new MailSendException("sending to " + job.to().address() + " failed", failed));
        }
    }

    private MimeMessage compose(EmailRequested job) throws MessagingException, UnsupportedEncodingException {
        // the message id names the message in the relay's logs and in the recipient's headers
        MimeMessage message = new MimeMessage(mail.getSession()) {
            @Override
            protected void updateMessageID() throws MessagingException {
                setHeader("Message-ID", "<" + job.messageId() + "@engagement>");
            }
        };
        boolean alternative = job.html() != null && job.text() != null;
        MimeMessageHelper helper = new SharedTypesHelper(message, alternative);
        helper.setFrom(address(job.from()));
        helper.setTo(address(job.to()));
        for (EmailRequested.Party copy : job.cc()) {
            helper.addCc(address(copy));
        }
        for (EmailRequested.Party blind : job.bcc()) {
            helper.addBcc(address(blind));
        }
        if (job.replyTo() != null) {
            helper.setReplyTo(address(job.replyTo()));
        }
        helper.setSubject(job.subject());
        if (alternative) {
            helper.setText(job.text(), job.html());
        } else if (job.html() != null) {
            helper.setText(job.html(), true);
        } else {
            helper.setText(job.text(), false);
        }
        message.setHeader(MESSAGE_ID_HEADER, job.messageId());
        return message;
    }

    /**
     * A helper for a message the sender did not create builds a file type map of its own, reading
     * every {@code mime.types} on the class path: two thirds of the CPU a delivery took. These
     * messages carry no attachments to type, and all share one map.
     */
    private static final class SharedTypesHelper extends MimeMessageHelper {

        private static final FileTypeMap FILE_TYPES = fileTypes();

        SharedTypesHelper(MimeMessage message, boolean multipart) throws MessagingException {
            super(message, multipart, StandardCharsets.UTF_8.name());
        }

        @Override
        protected FileTypeMap getDefaultFileTypeMap(MimeMessage message) {
            return FILE_TYPES;
        }

        private static FileTypeMap fileTypes() {
            ConfigurableMimeFileTypeMap types = new ConfigurableMimeFileTypeMap();
            types.afterPropertiesSet();
            return types;
        }
    }

    private static InternetAddress address(EmailRequested.Party party) throws UnsupportedEncodingException {
        return new InternetAddress(party.address(), party.name(), StandardCharsets.UTF_8.name());
    }

    static DeliveryFailure classify(MailException failure) {
        if (failure instanceof MailPreparationException || failure instanceof MailParseException) {
            return new DeliveryFailure("the message cannot be built: " + failure.getMessage(), true, failure);
        }
        Integer code = smtpReply(failure);
        boolean permanent = code != null && code >= 500;
        String reason = (code == null ? "" : "SMTP " + code + ": ") + failure.getMostSpecificCause().getMessage();
        return new DeliveryFailure(reason.strip(), permanent, failure);
    }

    /** The SMTP reply code anywhere among the failure's causes, if the relay answered at all. */
    private static Integer smtpReply(MailException failure) {
        Deque<Throwable> pending = new ArrayDeque<>();
        pending.add(failure);
        if (failure instanceof MailSendException send) {
            send.getFailedMessages().values().stream().filter(java.util.Objects::nonNull).forEach(pending::add);
        }
        Set<Throwable> seen = new HashSet<>();
        while (!pending.isEmpty()) {
            Throwable next = pending.poll();
            if (!seen.add(next)) {
                continue;
            }
            if (next instanceof SMTPAddressFailedException address) {
                return address.getReturnCode();
            }
            if (next instanceof SMTPSenderFailedException sender) {
                return sender.getReturnCode();
            }
            if (next instanceof SMTPSendFailedException send) {
                return send.getReturnCode();
            }
            if (next.getCause() != null) {
                pending.add(next.getCause());
            }
            if (next instanceof MessagingException messaging && messaging.getNextException() != null) {
                pending.add(messaging.getNextException());
            }
        }
        return null;
    }
}
