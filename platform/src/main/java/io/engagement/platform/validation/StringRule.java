package io.engagement.platform.validation;

import io.engagement.platform.error.ErrorDetail;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/** A JSON string, with optional length bounds, a fixed set of values, a pattern, an e-mail or an http(s) URL check. */
public final class StringRule implements Rule {

    private Integer minLength;
    private Integer maxLength;
    private List<String> allowed;
    private Pattern pattern;
    private boolean email;
    private boolean httpUrl;
    private boolean strip;

    StringRule() {
    }

    public StringRule minLength(int min) {
        this.minLength = min;
        return this;
    }

    public StringRule maxLength(int max) {
        this.maxLength = max;
        return this;
    }

    /** Length bounds apply after surrounding whitespace is removed, and the stripped value is kept. */
    public StringRule stripped() {
        this.strip = true;
        return this;
    }

    public StringRule oneOf(String... values) {
        this.allowed = List.of(values);
        return this;
    }

    public StringRule pattern(String regex) {
        this.pattern = Pattern.compile(regex);
        return this;
    }

    public StringRule email() {
        this.email = true;
        return this;
    }

    /** An absolute {@code http} or {@code https} URL with a host, as pydantic's {@code HttpUrl} wants. */
    public StringRule httpUrl() {
        this.httpUrl = true;
        return this;
    }

    @Override
    public JsonNode apply(JsonNode value, Loc loc, List<ErrorDetail> errors) {
        if (!value.isString()) {
            errors.add(Violations.stringType(loc, value));
            return null;
        }
        String text = strip ? value.asString().strip() : value.asString();
        Optional<ErrorDetail> fault = check(text, value, loc);
        if (fault.isPresent()) {
            errors.add(fault.get());
            return null;
        }
        return JsonNodeFactory.instance.stringNode(email ? EmailAddress.normalize(text) : text);
    }

    private Optional<ErrorDetail> check(String text, JsonNode input, Loc loc) {
        int length = text.codePointCount(0, text.length());
        if (allowed != null && !allowed.contains(text)) {
            return Optional.of(Violations.literal(loc, input, allowed));
        }
        if (minLength != null && length < minLength) {
            return Optional.of(Violations.stringTooShort(loc, input, minLength));
        }
        if (maxLength != null && length > maxLength) {
            return Optional.of(Violations.stringTooLong(loc, input, maxLength));
        }
        if (pattern != null && !pattern.matcher(text).find()) {
            return Optional.of(Violations.stringPatternMismatch(loc, input, pattern.pattern()));
        }
        if (email) {
            return EmailAddress.problem(text)
                    .map(reason -> Violations.emailInvalid(loc, input, reason));
        }
        if (httpUrl) {
            return httpUrlFault(text, input, loc);
        }
        return Optional.empty();
    }

    private static Optional<ErrorDetail> httpUrlFault(String text, JsonNode input, Loc loc) {
        URI uri;
        try {
            uri = new URI(text);
        } catch (URISyntaxException malformed) {
            return Optional.of(Violations.urlParsing(loc, input, "invalid character or form"));
        }
        if (uri.getScheme() == null) {
            return Optional.of(Violations.urlParsing(loc, input, "relative URL without a base"));
        }
        String scheme = uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) {
            return Optional.of(Violations.urlScheme(loc, input));
        }
        if (uri.getHost() == null || uri.getHost().isEmpty()) {
            return Optional.of(Violations.urlParsing(loc, input, "empty host"));
        }
        return Optional.empty();
    }
}
