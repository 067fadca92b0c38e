package io.engagement.messaging.email;

import io.engagement.messaging.delivery.DeliveryFailure;
import jakarta.mail.MessagingException;
import jakarta.mail.internet.InternetAddress;
import org.eclipse.angus.mail.smtp.SMTPAddressFailedException;
import org.eclipse.angus.mail.util.MailConnectException;
import org.eclipse.angus.mail.util.SocketConnectException;
import org.junit.jupiter.api.Test;
import org.springframework.mail.MailAuthenticationException;
import org.springframework.mail.MailSendException;

import java.net.ConnectException;

import static org.assertj.core.api.Assertions.assertThat;

class SmtpSenderTest {

    @Test
    void aRelayThatCannotBeReachedIsATransientFailure() {
        MailConnectException refused = new MailConnectException(
                new SocketConnectException("Connection refused", new ConnectException("Connection refused"), "127.0.0.1", 2525, 5000));

        DeliveryFailure failure = SmtpSender.classify(new MailSendException("Mail server connection failed", refused));

        assertThat(failure.permanent()).isFalse();
        assertThat(failure.getMessage()).contains("Connection refused");
    }

    @Test
    void a5xxReplyIsPermanentAndA4xxIsNot() throws Exception {
        InternetAddress to = new InternetAddress("nobody@example.com");
        MessagingException rejected = new SMTPAddressFailedException(to, "RCPT TO", 550, "550 mailbox unavailable");
        MessagingException greylisted = new SMTPAddressFailedException(to, "RCPT TO", 451, "451 try again later");

        DeliveryFailure permanent = SmtpSender.classify(new MailSendException("Failed messages", new MessagingException("send failed", rejected)));
        DeliveryFailure transientFailure = SmtpSender.classify(new MailSendException("Failed messages", greylisted));

        assertThat(permanent.permanent()).isTrue();
        assertThat(permanent.getMessage()).startsWith("SMTP 550");
        assertThat(transientFailure.permanent()).isFalse();
        assertThat(transientFailure.getMessage()).startsWith("SMTP 451");
    }

    @Test
    void refusedCredentialsAreRetriedSinceTheyAreFixedByConfiguration() {
        assertThat(SmtpSender.classify(new MailAuthenticationException("535 authentication failed")).permanent()).isFalse();
    }
}
