package io.engagement.messaging.sms;

/**
 * How many SMS a text takes. GSM-7 (the default alphabet, where the extension characters count
 * twice): 160 per message, 153 per part once split. Anything else is UCS-2: 70, then 67 per part.
 */
record Segments(Encoding encoding, int units, int count) {

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
                return new Segments(Encoding.UCS_2, units, units <= 70 ? 1 : ceil(units, 67));
            }
        }
        return new Segments(Encoding.GSM_7, septets, septets <= 160 ? 1 : ceil(septets, 153));
    }

    private static int ceil(int units, int perPart) {
        return (units + perPart - 1) / perPart;
    }
}
