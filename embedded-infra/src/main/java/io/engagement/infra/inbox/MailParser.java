package io.engagement.infra.inbox;

import io.engagement.infra.inbox.ReceivedMail.Address;
import jakarta.mail.Header;
import jakarta.mail.MessagingException;
import jakarta.mail.Multipart;
import jakarta.mail.Part;
import jakarta.mail.internet.AddressException;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeMessage;
import jakarta.mail.internet.MimeUtility;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UnsupportedEncodingException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Enumeration;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Reads a received MIME message into a {@link ReceivedMail}. A dev inbox shows what it can rather
 * than refuse a mail: an address header it cannot parse is kept as one raw address, a body in an
 * unknown charset is read as UTF-8.
 */
final class MailParser {

    private MailParser() {
    }

    /**
     * @param envelopeSender     the {@code MAIL FROM} address, the sender when the message has no {@code From}
     * @param envelopeRecipients the {@code RCPT TO} addresses: whoever is not in {@code To} or {@code Cc} was a Bcc
     */
    static ReceivedMail parse(String id, MimeMessage message, String envelopeSender, Collection<String> envelopeRecipients,
                              Instant created) throws MessagingException, IOException {
        List<Address> from = addresses(message, "From");
        List<Address> to = addresses(message, "To");
        List<Address> cc = addresses(message, "Cc");
        Bodies bodies = new Bodies();
        bodies.collect(message);
        return new ReceivedMail(id, messageId(message),
                from.isEmpty() ? new Address("", envelopeSender == null ? "" : envelopeSender) : from.get(0),
                to, cc, bcc(envelopeRecipients, to, cc), addresses(message, "Reply-To"),
                message.getSubject() == null ? "" : message.getSubject(),
                bodies.html, bodies.text, created, headers(message));
    }

    /** The size of the message as stored, headers included, as Mailpit reports it. */
    static int size(MimeMessage message) throws MessagingException, IOException {
        CountingStream counter = new CountingStream();
        message.writeTo(counter);
        return counter.count;
    }

    private static String messageId(MimeMessage message) throws MessagingException {
        String header = message.getHeader("Message-ID", null);
        if (header == null) {
            return "";
        }
        String id = header.trim();
        return id.startsWith("<") && id.endsWith(">") ? id.substring(1, id.length() - 1) : id;
    }

    private static List<Address> addresses(MimeMessage message, String name) throws MessagingException {
        String header = message.getHeader(name, ",");
        if (header == null || header.isBlank()) {
            return List.of();
        }
        List<Address> addresses = new ArrayList<>();
        try {
            for (InternetAddress address : InternetAddress.parseHeader(header, false)) {
                if (address.isGroup()) {
                    for (InternetAddress member : address.getGroup(false)) {
                        addresses.add(of(member));
                    }
                } else {
                    addresses.add(of(address));
                }
            }
        } catch (AddressException unparsable) {
            return List.of(new Address("", header.trim()));
        }
        return addresses;
    }

    private static Address of(InternetAddress address) {
        return new Address(address.getPersonal() == null ? "" : address.getPersonal(),
                address.getAddress() == null ? "" : address.getAddress());
    }

    /** Sorted: GreenMail keeps the envelope in a hash set, so the order of the RCPT commands is gone. */
    private static List<Address> bcc(Collection<String> envelopeRecipients, List<Address> to, List<Address> cc) {
        Set<String> named = new HashSet<>();
        to.forEach(address -> named.add(address.address().toLowerCase(Locale.ROOT)));
        cc.forEach(address -> named.add(address.address().toLowerCase(Locale.ROOT)));
        Set<String> hidden = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
        for (String recipient : envelopeRecipients) {
            if (!named.contains(recipient.toLowerCase(Locale.ROOT))) {
                hidden.add(recipient);
            }
        }
        return hidden.stream().map(address -> new Address("", address)).toList();
    }

    private static Map<String, String> headers(MimeMessage message) throws MessagingException {
        Map<String, String> headers = new LinkedHashMap<>();
        Enumeration<Header> all = message.getAllHeaders();
        while (all.hasMoreElements()) {
            Header header = all.nextElement();
            headers.merge(header.getName(), decoded(header.getValue()), (first, next) -> first + "\n" + next);
        }
        return headers;
    }

    private static String decoded(String value) {
        String unfolded = MimeUtility.unfold(value == null ? "" : value);
        try {
            return MimeUtility.decodeText(unfolded);
        } catch (UnsupportedEncodingException unknownCharset) {
            return unfolded;
        }
    }

    /** The first text/plain and the first text/html part that are not attachments, wherever they nest. */
    private static final class Bodies {
        private String text = "";
        private String html = "";

        void collect(Part part) throws MessagingException, IOException {
            if (Part.ATTACHMENT.equalsIgnoreCase(part.getDisposition())) {
                return;
            }
            if (part.isMimeType("multipart/*") && part.getContent() instanceof Multipart multipart) {
                for (int i = 0; i < multipart.getCount(); i++) {
                    collect(multipart.getBodyPart(i));
                }
            } else if (part.isMimeType("text/plain") && text.isEmpty()) {
                text = textOf(part);
            } else if (part.isMimeType("text/html") && html.isEmpty()) {
                html = textOf(part);
            }
        }

        private static String textOf(Part part) throws MessagingException, IOException {
            try {
                return String.valueOf(part.getContent());
            } catch (UnsupportedEncodingException unknownCharset) {
                try (var body = part.getInputStream()) {
                    return new String(body.readAllBytes(), StandardCharsets.UTF_8);
                }
            }
        }
    }

    private static final class CountingStream extends OutputStream {
        private int count;

        @Override
        public void write(int b) {
            count++;
        }

        @Override
        public void write(byte[] b, int off, int len) {
            count += len;
        }
    }
}
