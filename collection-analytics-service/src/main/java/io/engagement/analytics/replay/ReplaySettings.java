package io.engagement.analytics.replay;

import io.engagement.platform.validation.ObjectSchema;
import io.engagement.platform.validation.Rules;

import static io.engagement.platform.validation.ObjectSchema.required;

/**
 * An organization's session replay settings ({@code /external/v1/settings/replay}), which the SDK
 * reads with the public key: off until turned on, and when on, every text and input masked unless
 * the organization says otherwise.
 *
 * @param sampleRate    the share of sessions recorded, 0 to 1
 * @param blockSelector a CSS selector whose elements are never recorded (the chat widget never is)
 * @param minDurationMs a session shorter than this sends no recording
 */
public record ReplaySettings(boolean enabled, double sampleRate, boolean maskAllText, boolean maskAllInputs,
                             String blockSelector, int minDurationMs) {

    static final ReplaySettings DEFAULTS = new ReplaySettings(false, 1, true, true, "[data-engagement-block]", 0);

    /** {@code PUT} replaces the whole object: every field required, nothing else allowed. */
    static final ObjectSchema SCHEMA = ObjectSchema.of(
                    required("enabled", Rules.bool()),
                    required("sample_rate", Rules.number().min(0).max(1)),
                    required("mask_all_text", Rules.bool()),
                    required("mask_all_inputs", Rules.bool()),
                    required("block_selector", Rules.string().maxLength(1000)),
                    required("min_duration_ms", Rules.integer().min(0).max(60_000)))
            .forbiddingExtra();
}
