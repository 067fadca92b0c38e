package io.engagement.platform.validation;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The syntax checks of python-email-validator (used by pydantic's EmailStr), without its DNS
 * look-ups, with its messages.
 */
final class EmailAddress {

    private static final Pattern LOCAL_PART = Pattern.compile("^[A-Za-z0-9!#$%&'*+/=?^_`{|}~\\-\\u0080-\\uFFFF]+(\\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~\\-\\u0080-\\uFFFF]+)*$");
    private static final Pattern DOMAIN_LABEL = Pattern.compile("^[A-Za-z0-9\\u0080-\\uFFFF]([A-Za-z0-9\\-\\u0080-\\uFFFF]{0,61}[A-Za-z0-9\\u0080-\\uFFFF])?$");

    private EmailAddress() {
    }

    static Optional<String> problem(String address) {
        int at = address.lastIndexOf('@');
        if (at < 0 || address.indexOf('@') != at) {
            return Optional.of(at < 0 ? "An email address must have an @-sign."
                    : "The email address is not valid. It must have exactly one @-sign.");
        }
        String local = address.substring(0, at);
        String domain = address.substring(at + 1);
        if (local.isEmpty()) {
            return Optional.of("There must be something before the @-sign.");
        }
        if (domain.isEmpty()) {
            return Optional.of("There must be something after the @-sign.");
        }
        if (local.length() > 64) {
            return Optional.of("The email address is too long before the @-sign.");
        }
        if (address.length() > 254) {
            return Optional.of("The email address is too long.");
        }
        if (!LOCAL_PART.matcher(local).matches()) {
            return Optional.of("The email address contains invalid characters before the @-sign.");
        }
        return domainProblem(domain);
    }

    private static Optional<String> domainProblem(String domain) {
        if (!domain.contains(".")) {
            return Optional.of("The part after the @-sign is not valid. It should have a period.");
        }
        for (String label : domain.split("\\.", -1)) {
            if (!DOMAIN_LABEL.matcher(label).matches()) {
                return Optional.of("The part after the @-sign is not valid.");
            }
        }
        String top = domain.substring(domain.lastIndexOf('.') + 1);
        if (top.chars().allMatch(Character::isDigit)) {
            return Optional.of("The part after the @-sign is not valid. It is not within a valid top-level domain.");
        }
        return Optional.empty();
    }

    /** Like email-validator, the domain is lower-cased and the local part kept as written. */
    static String normalize(String address) {
        int at = address.lastIndexOf('@');
        return address.substring(0, at) + "@" + address.substring(at + 1).toLowerCase(Locale.ROOT);
    }
}
