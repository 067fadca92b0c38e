package io.engagement.messaging.sms;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class SegmentsTest {

    @Test
    void gsmTextFitsOneMessageUpTo160Characters() {
        assertThat(Segments.of("a".repeat(160))).isEqualTo(new Segments(Segments.Encoding.GSM_7, 160, 1, 160));
        assertThat(Segments.of("a".repeat(161)).count()).isEqualTo(2);
    }

    @Test
    void splitGsmTextTakes153CharactersPerPart() {
        assertThat(Segments.of("a".repeat(306)).count()).isEqualTo(2);
        assertThat(Segments.of("a".repeat(307)).count()).isEqualTo(3);
    }

    @Test
    void extensionCharactersCountTwice() {
        Segments euros = Segments.of("€".repeat(80));

        assertThat(euros.encoding()).isEqualTo(Segments.Encoding.GSM_7);
        assertThat(euros.units()).isEqualTo(160);
        assertThat(Segments.of("€".repeat(81)).count()).isEqualTo(2);
    }

    @Test
    void anyCharacterOutsideGsmMakesTheWholeTextUcs2() {
        assertThat(Segments.of("Привет").encoding()).isEqualTo(Segments.Encoding.UCS_2);
        assertThat(Segments.of("a".repeat(69) + "é").count()).isEqualTo(1);
        assertThat(Segments.of("ж".repeat(70)).count()).isEqualTo(1);
        assertThat(Segments.of("ж".repeat(71)).count()).isEqualTo(2);
        assertThat(Segments.of("ж".repeat(134)).count()).isEqualTo(2);
        assertThat(Segments.of("ж".repeat(135)).count()).isEqualTo(3);
    }

    @Test
    void theWalletChargesPer160GsmOr70Ucs2CharactersWhateverThePartsOnTheWire() {
        assertThat(Segments.of("a".repeat(160)).walletUnits()).isEqualTo(1);
        assertThat(Segments.of("a".repeat(161)).walletUnits()).isEqualTo(2);
        assertThat(Segments.of("a".repeat(320)).walletUnits()).isEqualTo(2);
        assertThat(Segments.of("a".repeat(321)).walletUnits()).isEqualTo(3);
        assertThat(Segments.of("€".repeat(160)).walletUnits()).isEqualTo(1);
        assertThat(Segments.of("ж".repeat(70)).walletUnits()).isEqualTo(1);
        assertThat(Segments.of("ж".repeat(140)).walletUnits()).isEqualTo(2);
        assertThat(Segments.of("ж".repeat(141)).walletUnits()).isEqualTo(3);
        assertThat(Segments.of("").walletUnits()).isEqualTo(1);
    }

    @Test
    void anEmojiTakesTwoUcs2Units() {
        assertThat(Segments.of("🙂").units()).isEqualTo(2);
    }
}
