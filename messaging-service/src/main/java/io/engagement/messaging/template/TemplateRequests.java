package io.engagement.messaging.template;

import io.engagement.platform.error.ErrorDetail;
import io.engagement.platform.validation.Loc;
import io.engagement.platform.validation.ObjectSchema;
import io.engagement.platform.validation.Rules;
import io.engagement.platform.validation.Violations;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import java.util.List;

import static io.engagement.platform.validation.ObjectSchema.optional;
import static io.engagement.platform.validation.ObjectSchema.required;

/** The bodies of template create and update, and what must hold across their fields. */
final class TemplateRequests {

    static final String UID_PATTERN = "^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$";

    private static final ObjectSchema.Field[] PARTS = {
            optional("name", Rules.string().maxLength(200)),
            optional("subject", Rules.string().maxLength(998)),
            optional("html", Rules.string().maxLength(500_000)),
            optional("text", Rules.string().maxLength(500_000))};

    static final ObjectSchema CREATE = ObjectSchema.of(required("uid", Rules.string().pattern(UID_PATTERN))).and(PARTS)
            .checking(TemplateRequests::check);
    static final ObjectSchema UPDATE = ObjectSchema.of(PARTS).checking(TemplateRequests::check);

    private TemplateRequests() {
    }

    /**
     * A template needs a body, and each part must be valid Mustache: checked with the fields' own
     * rules, so one answer lists both kinds of fault.
     */
    private static void check(JsonNode input, ObjectNode accepted, Loc loc, List<ErrorDetail> errors) {
        if (!given(input, "html") && !given(input, "text")) {
            errors.add(Violations.valueError(loc, input, "a template needs html or text"));
        }
        compiles(accepted, "subject", false, errors);
        compiles(accepted, "html", true, errors);
        compiles(accepted, "text", false, errors);
    }

    private static boolean given(JsonNode input, String field) {
        return input.hasNonNull(field);
    }

    private static void compiles(JsonNode accepted, String field, boolean html, List<ErrorDetail> errors) {
        String source = text(accepted, field);
        if (source == null) {
            return;
        }
        try {
            if (html) {
                MergeTemplate.html(source);
            } else {
                MergeTemplate.plain(source);
            }
        } catch (MergeTemplate.InvalidTemplate invalid) {
            errors.add(Violations.valueError(Loc.body().field(field), source, "not a valid Mustache template: " + invalid.getMessage()));
        }
    }

    static String text(JsonNode accepted, String field) {
        JsonNode value = accepted.get(field);
        return value == null || value.isNull() ? null : value.asString();
    }
}
