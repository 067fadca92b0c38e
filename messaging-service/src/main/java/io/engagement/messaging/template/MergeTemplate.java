package io.engagement.messaging.template;

import com.samskivert.mustache.Mustache;
import com.samskivert.mustache.MustacheException;
import com.samskivert.mustache.Template;

import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A Mustache text filled from {@code merge_data}: {@code {{name}}} HTML-escaped in HTML, as
 * written in subjects and plain text; {@code {{{name}}}} is never escaped. A placeholder without
 * a value is an error, never an empty string in someone's inbox.
 */
public final class MergeTemplate {

    private static final Mustache.Compiler HTML = Mustache.compiler().escapeHTML(true);
    private static final Mustache.Compiler PLAIN = Mustache.compiler().escapeHTML(false);

    private final Template template;

    private MergeTemplate(Template template) {
        this.template = template;
    }

    /** @throws InvalidTemplate when the text is not Mustache (an unclosed tag, a stray section end) */
    public static MergeTemplate html(String source) {
        return compile(HTML, source);
    }

    public static MergeTemplate plain(String source) {
        return compile(PLAIN, source);
    }

    private static MergeTemplate compile(Mustache.Compiler compiler, String source) {
        try {
            return new MergeTemplate(compiler.compile(source));
        } catch (MustacheException invalid) {
            throw new InvalidTemplate(invalid.getMessage());
        }
    }

    /** The placeholders with no value in {@code values}, outside sections (which may be empty by design). */
    public Set<String> missing(Map<String, String> values) {
        Set<String> missing = new LinkedHashSet<>();
        template.visit(new Mustache.Visitor() {
            @Override
            public void visitText(String text) {
            }

            @Override
            public void visitVariable(String name) {
                if (!values.containsKey(name) && !name.equals(".") && !name.equals("this")) {
                    missing.add(name);
                }
            }

            @Override
            public boolean visitInclude(String name) {
                return false;
            }

            @Override
            public boolean visitSection(String name) {
                return false;
            }

            @Override
            public boolean visitInvertedSection(String name) {
                return false;
            }
        });
        return missing;
    }

    /** The filled text, or the name of a placeholder inside a section that found no value. */
    public Rendered render(Map<String, String> values) {
        try {
            return new Rendered(template.execute(values), Optional.empty());
        } catch (MustacheException.Context unfilled) {
            return new Rendered(null, Optional.of(unfilled.key));
        }
    }

    public record Rendered(String text, Optional<String> missing) {
    }

    /** The text of a template or message is not valid Mustache. */
    public static final class InvalidTemplate extends RuntimeException {

        InvalidTemplate(String reason) {
            super(reason, null, false, false);
        }
    }
}
