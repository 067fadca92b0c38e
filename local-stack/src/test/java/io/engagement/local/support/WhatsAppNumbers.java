package io.engagement.local.support;

import java.util.concurrent.ThreadLocalRandom;

/** Phone numbers for WhatsApp connections and senders. */
public final class WhatsAppNumbers {

    private WhatsAppNumbers() {
    }

    /** A number no other test sends to. */
    public static String fresh() {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        return "+1201" + random.nextInt(2, 10) + String.format("%06d", random.nextInt(1_000_000));
    }
}
