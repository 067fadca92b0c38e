package io.engagement.messaging.email;

import io.engagement.messaging.template.EmailTemplate;
import io.engagement.messaging.template.MergeTemplate;
import io.engagement.platform.error.ErrorDetail;
import io.engagement.platform.validation.Loc;
import io.engagement.platform.validation.Violations;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Fills a message's subject and bodies, its own or its template's, from its {@code merge_data}.
 * Every placeholder without a value is reported, by name, before anything is queued.
 */
final class EmailComposer {

    private EmailComposer() {
    }

    /** The composed email, or null after adding the faults to {@code errors}. */
    static ComposedEmail compose(EmailRequest request, EmailTemplate template, Loc loc, List<ErrorDetail> errors) {
        int before = errors.size();
        Set<String> missing = new LinkedHashSet<>();
        Map<String, String> values = request.mergeData();
        String subject = fill(request.subject(), template == null ? null : template.subject(), "subject", MergeTemplate::plain, values, loc, errors, missing);
        String html = fill(request.htmlContent(), template == null ? null : template.html(), "html_content", MergeTemplate::html, values, loc, errors, missing);
        String text = fill(request.textContent(), template == null ? null : template.text(), "text_content", MergeTemplate::plain, values, loc, errors, missing);
        if (request.subject() == null && template != null && template.subject() == null) {
            // a templated send may leave the subject to its template, which has none
            errors.add(Violations.missing(loc.field("subject"), null));
        }
        missing.forEach(name -> errors.add(Violations.placeholderMissing(loc.field("merge_data").field(name), name)));
        return errors.size() == before ? new ComposedEmail(subject, html, text) : null;
    }

    private static String fill(String own, String templates, String field, Function<String, MergeTemplate> compiler,
                               Map<String, String> values, Loc loc, List<ErrorDetail> errors, Set<String> missing) {
        String source = own != null ? own : templates;
        if (source == null) {
            return null;
        }
        MergeTemplate template;
        try {
            template = compiler.apply(source);
        } catch (MergeTemplate.InvalidTemplate invalid) {
            errors.add(Violations.valueError(own != null ? loc.field(field) : loc.field("template_uid"), source,
                    "not a valid Mustache template: " + invalid.getMessage()));
            return null;
        }
        Set<String> unfilled = template.missing(values);
        if (!unfilled.isEmpty()) {
            missing.addAll(unfilled);
            return null;
        }
        MergeTemplate.Rendered rendered = template.render(values);
        rendered.missing().ifPresent(missing::add);
        return rendered.text();
    }
}
