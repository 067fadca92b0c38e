package io.engagement.messaging.sms;

/**
 * How many SMS a text takes. GSM-7 (the default alphabet, where the extension characters count
 * twice): 160 per message, 153 per part once split. Anything else is UCS-2: 70, then 67 per part.
 * The wallet charges by the contract's simpler count ({@link #walletUnits}), not by the parts.
 *
 * @param units      septets (GSM-7) or UTF-16 code units (UCS-2)
 * @param count      the parts the SMSC sends
 * @param characters the text's UTF-16 code units
 */
record Segments(Encoding encoding, int units, int count, int characters) {

    enum Encoding { GSM_7, UCS_2 }

    private static final String BASIC = "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞ\u001BÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?"
            + "¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
    private static final String EXTENSION = "^{}\\[~]|€\f";

    static Segments of(String text) {
        int septets = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (BASIC.indexOf(c) >= 0) {
                septets += 1;
            } else if (EXTENSION.indexOf(c) >= 0) {
                septets += 2;
            } else {
                int units = text.length();
                return new Segments(Encoding.UCS_2, units, units <= 70 ? 1 : ceil(units, 67), text.length());
            }
        }
        return new Segments(Encoding.GSM_7, septets, septets <= 160 ? 1 : ceil(septets, 153), text.length());
    }

    /** Credit units per recipient: one per 160 GSM-7 characters, or per 70 UCS-2 characters, at least one. */
    int walletUnits() {
        return Math.max(1, ceil(characters, encoding == Encoding.GSM_7 ? 160 : 70));
    }

    private static int ceil(int units, int perPart) {
        return (units + perPart - 1) / perPart;
    }
}
