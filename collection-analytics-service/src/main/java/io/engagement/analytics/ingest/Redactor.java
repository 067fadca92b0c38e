package io.engagement.analytics.ingest;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

import io.engagement.platform.event.OrganizationPolicy;

import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Removes secrets from telemetry before anything is stored or published: the values of keys named
 * like a secret, card numbers (Luhn-valid, 13 to 19 digits), bearer tokens, and the values of
 * {@code name=value} pairs and JSON members in strings whose name is a secret's (query strings,
 * form bodies, cookies, JSON bodies logged as text). An event's own identifiers are redacted only
 * when the whole value is a card number. An organization may opt kinds of redaction out by name
 * ({@link OrganizationPolicy#REDACTABLE}); the others stay on.
 */
final class Redactor {

    static final String REDACTED = "[REDACTED]";

    /** Opting out of it keeps card numbers found in text. */
    static final String CARD_NUMBERS = "card_number";
    /** Opting out of it keeps bearer tokens found in text. */
    static final String BEARER_TOKENS = "bearer_token";
    /** A key is a secret's when its name contains one of these, in any case; so is a name in a string. */
    private static final List<String> SECRET_WORDS = OrganizationPolicy.REDACTABLE.stream()
            .filter(name -> !name.equals(CARD_NUMBERS) && !name.equals(BEARER_TOKENS)).toList();
    private static final Pattern BEARER = Pattern.compile("(?i)(\\bbearer\\s+)[A-Za-z0-9\\-._~+/]+=*");
    private static final Pattern CARD_CANDIDATE = Pattern.compile("(?<![\\d])\\d(?:[ -]?\\d){12,18}(?![\\d])");

    /** Its patterns are compiled once per set of names opted out: there are few such sets. */
    private static final Map<Set<String>, Redactor> BY_OPT_OUT = new ConcurrentHashMap<>();
    /** Every redaction on: what an organization that opted nothing out gets. */
    static final Redactor DEFAULT = new Redactor(Set.of());

    /**
     * An event's own identifiers are keys, not captured text: one is redacted only when it is a card
     * number as a whole. A random UUID holds a Luhn-valid run of 13 digits about once in 460, and
     * redacting the run would merge distinct sessions or visitors, or make distinct events look
     * like one event sent twice.
     */
    private static final Set<String> IDENTIFIERS = Set.of("event_id", "session_id", "anonymous_id", "customer_id");

    private final List<String> secretWords;
    /** Null when every secret word is opted out. */
    private final Pattern secretPair;
    private final Pattern secretJsonMember;
    private final boolean bearerTokens;
    private final boolean cardNumbers;

    private Redactor(Set<String> optedOut) {
        secretWords = SECRET_WORDS.stream().filter(word -> !optedOut.contains(word)).toList();
        String secretName = "(?:[a-z0-9_.-]*?)(?:" + secretWords.stream().map(Pattern::quote).collect(Collectors.joining("|")) + ")(?:[a-z0-9_.-]*)";
        secretPair = secretWords.isEmpty() ? null : Pattern.compile("(?i)(\\b" + secretName + "\\s*=\\s*)([^&;\\s\"',]+)");
        secretJsonMember = secretWords.isEmpty() ? null : Pattern.compile("(?i)(\"" + secretName + "\"\\s*:\\s*\")([^\"]*)");
        bearerTokens = !optedOut.contains(BEARER_TOKENS);
        cardNumbers = !optedOut.contains(CARD_NUMBERS);
    }

    /** Redaction with the named kinds of {@link OrganizationPolicy#REDACTABLE} left out; every other kind stays on. */
    static Redactor optingOut(Collection<String> names) {
        return names.isEmpty() ? DEFAULT : BY_OPT_OUT.computeIfAbsent(Set.copyOf(names), Redactor::new);
    }

    /** Redacts a telemetry event in place and answers it; see {@link #IDENTIFIERS}. */
    ObjectNode redactEvent(ObjectNode event) {
        for (String identifier : IDENTIFIERS) {
            JsonNode value = event.get(identifier);
            if (value != null && value.isString() && cardNumbers && isWholeCardNumber(value.asString())) {
                event.put(identifier, REDACTED);
            }
        }
        redactMembers(event, IDENTIFIERS);
        return event;
    }

    /**
     * Redacts a JSON value in place (telemetry is redacted as it is parsed, before anything else
     * sees it) and answers it.
     */
    JsonNode redact(JsonNode value) {
        if (value instanceof ObjectNode object) {
            redactMembers(object, Set.of());
        } else if (value instanceof ArrayNode array) {
            for (int i = 0; i < array.size(); i++) {
                JsonNode element = array.get(i);
                if (element.isString()) {
                    String redacted = redact(element.asString());
                    if (!redacted.equals(element.asString())) {
                        array.set(i, JsonNodeFactory.instance.stringNode(redacted));
                    }
                } else {
                    redact(element);
                }
            }
        }
        return value;
    }

    private void redactMembers(ObjectNode object, Set<String> skipped) {
        for (Map.Entry<String, JsonNode> field : object.properties()) {
            // replacing the value of a present key is not a structural change: the iteration goes on
            if (skipped.contains(field.getKey())) {
                continue;
            }
            if (isSecretName(field.getKey())) {
                object.set(field.getKey(), JsonNodeFactory.instance.stringNode(REDACTED));
            } else if (field.getValue().isString()) {
                redactString(object, field.getKey(), field.getValue().asString());
            } else {
                redact(field.getValue());
            }
        }
    }

    private void redactString(ObjectNode object, String key, String text) {
        String redacted = redact(text);
        if (!redacted.equals(text)) {
            object.set(key, JsonNodeFactory.instance.stringNode(redacted));
        }
    }

    /** A plain search rather than a pattern: every key of every event is checked, and most are short and harmless. */
    boolean isSecretName(String key) {
        String name = key.toLowerCase(Locale.ROOT);
        for (String word : secretWords) {
            if (name.contains(word)) {
                return true;
            }
        }
        return false;
    }

    /** Each pattern runs only on text that has what it needs to match: most strings are skipped at once. */
    String redact(String text) {
        String redacted = text;
        if (secretJsonMember != null && redacted.indexOf('"') >= 0 && redacted.indexOf(':') >= 0) {
            redacted = secretJsonMember.matcher(redacted).replaceAll(match -> Matcher.quoteReplacement(match.group(1) + REDACTED));
        }
        if (secretPair != null && redacted.indexOf('=') >= 0) {
            redacted = secretPair.matcher(redacted).replaceAll(match -> Matcher.quoteReplacement(match.group(1) + REDACTED));
        }
        if (bearerTokens && containsIgnoreCase(redacted, "bearer")) {
            redacted = BEARER.matcher(redacted).replaceAll(match -> Matcher.quoteReplacement(match.group(1) + REDACTED));
        }
        if (cardNumbers && hasLongDigitRun(redacted)) {
            redacted = CARD_CANDIDATE.matcher(redacted).replaceAll(match ->
                    Matcher.quoteReplacement(isCardNumber(match.group()) ? REDACTED : match.group()));
        }
        return redacted;
    }

    /** Looks closer only where the word's first letter is: most strings never hold it. */
    private static boolean containsIgnoreCase(String text, String word) {
        char lower = Character.toLowerCase(word.charAt(0));
        char upper = Character.toUpperCase(lower);
        for (int i = 0, last = text.length() - word.length(); i <= last; i++) {
            char c = text.charAt(i);
            if ((c == lower || c == upper) && text.regionMatches(true, i, word, 0, word.length())) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether the text has 13 digits or more in a row, single spaces or dashes allowed between
     * them: what a card number needs. Timestamps, which hold 14 digits or more, do not.
     */
    private static boolean hasLongDigitRun(String text) {
        int digits = 0;
        boolean afterSeparator = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c >= '0' && c <= '9') {
                if (++digits >= 13) {
                    return true;
                }
                afterSeparator = false;
            } else if ((c == ' ' || c == '-') && digits > 0 && !afterSeparator) {
                afterSeparator = true;
            } else {
                digits = 0;
                afterSeparator = false;
            }
        }
        return false;
    }

    /** Only digits, spaces and dashes, and a card number once those are gone. */
    private static boolean isWholeCardNumber(String text) {
        if (!hasLongDigitRun(text)) {
            return false;
        }
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if ((c < '0' || c > '9') && c != ' ' && c != '-') {
                return false;
            }
        }
        return isCardNumber(text);
    }

    private static boolean isCardNumber(String candidate) {
        String digits = candidate.replaceAll("[ -]", "");
        if (digits.length() < 13 || digits.length() > 19) {
            return false;
        }
        int sum = 0;
        boolean doubled = false;
        for (int i = digits.length() - 1; i >= 0; i--) {
            int digit = digits.charAt(i) - '0';
            if (doubled) {
                digit *= 2;
                if (digit > 9) {
                    digit -= 9;
                }
            }
            sum += digit;
            doubled = !doubled;
        }
        return sum % 10 == 0;
    }
}
