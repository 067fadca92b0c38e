package io.engagement.infra.inbox;

import org.jsmpp.bean.OptionalParameter;
import org.jsmpp.bean.SubmitSm;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** The text of a {@code submit_sm}, decoded the way an SMSC reads it. */
final class SmsText {

    private static final int UCS2 = 0x08;

    private SmsText() {
    }

    /** From {@code short_message} or, when that is empty, the {@code message_payload} TLV; a user data header is skipped. */
    static String of(SubmitSm submit) {
        byte[] octets = submit.getShortMessage();
        if ((octets == null || octets.length == 0)
                && submit.getOptionalParameter(OptionalParameter.Tag.MESSAGE_PAYLOAD) instanceof OptionalParameter.OctetString payload) {
            octets = payload.getValue();
        }
        if (octets == null) {
            return "";
        }
        if (submit.isUdhi() && octets.length > 0) {
            int headerLength = 1 + (octets[0] & 0xFF);
            octets = Arrays.copyOfRange(octets, Math.min(headerLength, octets.length), octets.length);
        }
        return new String(octets, charset(submit.getDataCoding()));
    }

    /**
     * UCS-2 for 0x08 and for GSM 03.38's general data coding groups (0x10 to 0x3F) with the UCS-2
     * alphabet; the SMSC default alphabet (0x00), IA5 (0x01), Latin-1 (0x03) and anything else as
     * ISO-8859-1, which is how an ESME that does not pack GSM 7-bit sends plain text.
     */
    static Charset charset(byte dataCoding) {
        int coding = dataCoding & 0xFF;
        boolean generalGroup = coding >= 0x10 && coding <= 0x3F;
        return coding == UCS2 || generalGroup && (coding & 0x0C) == UCS2 ? StandardCharsets.UTF_16BE : StandardCharsets.ISO_8859_1;
    }
}
