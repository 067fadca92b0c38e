package io.engagement.platform.validation;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

class EmailAddressTest {

    @ParameterizedTest
    @ValueSource(strings = {"ann@example.com", "ann.lee+tag@mail.example.co.uk", "o'brien@example.org", "x@a-b.io"})
    void acceptsValidAddresses(String address) {
        assertThat(EmailAddress.problem(address)).isEmpty();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "ann.example.com|An email address must have an @-sign.",
            "a@b@example.com|The email address is not valid. It must have exactly one @-sign.",
            "@example.com|There must be something before the @-sign.",
            "ann@|There must be something after the @-sign.",
            "ann@localhost|The part after the @-sign is not valid. It should have a period.",
            "ann@example.123|The part after the @-sign is not valid. It is not within a valid top-level domain."})
    void explainsWhatIsWrongWithEmailValidatorsWording(String address, String reason) {
        assertThat(EmailAddress.problem(address)).contains(reason);
    }

    @ParameterizedTest
    @ValueSource(strings = {"a b@example.com", "ann..lee@example.com", "ann@-example.com", "ann@exa_mple.com"})
    void refusesMalformedLocalPartsAndDomains(String address) {
        assertThat(EmailAddress.problem(address)).isPresent();
    }

    @org.junit.jupiter.api.Test
    void refusesALocalPartLongerThanSixtyFourCharacters() {
        assertThat(EmailAddress.problem("a".repeat(65) + "@example.com")).get(org.assertj.core.api.InstanceOfAssertFactories.STRING)
                .startsWith("The email address is too long before the @-sign");
    }

    @org.junit.jupiter.api.Test
    void lowerCasesTheDomainOnly() {
        assertThat(EmailAddress.normalize("Ann@EXAMPLE.Com")).isEqualTo("Ann@example.com");
    }
}
