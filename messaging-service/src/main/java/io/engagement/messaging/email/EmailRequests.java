package io.engagement.messaging.email;

import io.engagement.platform.error.ErrorDetail;
import io.engagement.platform.validation.Loc;
import io.engagement.platform.validation.ObjectSchema;
import io.engagement.platform.validation.Rule;
import io.engagement.platform.validation.Rules;
import io.engagement.platform.validation.Violations;
import tools.jackson.databind.JsonNode;

import java.util.List;

import static io.engagement.platform.validation.ObjectSchema.optional;
import static io.engagement.platform.validation.ObjectSchema.required;

/** The bodies of single and bulk sends, and the rules across a message's fields. */
final class EmailRequests {

    /** The most emails one bulk request takes. */
    static final int MAX_BULK = 1000;
    static final int MAX_COPIES = 50;

    private static final Rule ADDRESS = Rules.string().stripped().email();

    static final ObjectSchema MESSAGE = ObjectSchema.of(
            required("to_email", ADDRESS),
            optional("to_name", Rules.string().maxLength(200)),
            optional("subject", Rules.string().maxLength(998)),
            optional("html_content", Rules.string().maxLength(1_000_000)),
            optional("text_content", Rules.string().maxLength(1_000_000)),
            optional("template_uid", Rules.string().minLength(1).maxLength(100)),
            optional("cc", Rules.list(ADDRESS).maxItems(MAX_COPIES)),
            optional("bcc", Rules.list(ADDRESS).maxItems(MAX_COPIES)),
            optional("from_email", ADDRESS),
            optional("from_name", Rules.string().maxLength(200)),
            optional("reply_to", ADDRESS),
            optional("email_type", Rules.string().maxLength(50)),
            optional("category", Rules.string().maxLength(100)),
            optional("merge_data", new MergeDataRule()),
            optional("extra_metadata", Rules.anyObject()));

    static final ObjectSchema BULK = ObjectSchema.of(
            required("emails", Rules.list(MESSAGE).minItems(1).maxItems(MAX_BULK)));

    private EmailRequests() {
    }

    /**
     * What a valid message also needs: a body (its own or a template's) and a subject (its own
     * or, with a template, the template's).
     */
    static void checkParts(JsonNode message, Loc loc, List<ErrorDetail> errors) {
        boolean templated = present(message, "template_uid");
        if (!templated && !present(message, "html_content") && !present(message, "text_content")) {
            errors.add(Violations.valueError(loc, message, "one of html_content, text_content or template_uid is required"));
        }
        if (!templated && !present(message, "subject")) {
            errors.add(Violations.missing(loc.field("subject"), message));
        }
    }

    private static boolean present(JsonNode message, String field) {
        JsonNode value = message.get(field);
        return value != null && !value.isNull();
    }
}
