package io.engagement.messaging.email;

import java.util.List;
import java.util.Map;

/** One email as a client asked for it, validated: the contract's transactional email message. */
public record EmailRequest(
        String toEmail,
        String toName,
        String subject,
        String htmlContent,
        String textContent,
        String templateUid,
        List<String> cc,
        List<String> bcc,
        String fromEmail,
        String fromName,
        String replyTo,
        String emailType,
        String category,
        Map<String, String> mergeData,
        Map<String, Object> extraMetadata) {

    static final String DEFAULT_EMAIL_TYPE = "custom";

    public EmailRequest {
        cc = cc == null ? List.of() : List.copyOf(cc);
        bcc = bcc == null ? List.of() : List.copyOf(bcc);
        emailType = emailType == null ? DEFAULT_EMAIL_TYPE : emailType;
        mergeData = mergeData == null ? Map.of() : Map.copyOf(mergeData);
    }
}
