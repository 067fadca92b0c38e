package io.engagement.platform.web;

import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferUtils;

/** A request body joined into one buffer, taken out as bytes. */
public final class DataBuffers {

    private DataBuffers() {
    }

    /** The buffer's readable bytes, copied out; the buffer is released whatever happens. */
    public static byte[] bytesOf(DataBuffer buffer) {
        try {
            byte[] bytes = new byte[buffer.readableByteCount()];
            buffer.read(bytes);
            return bytes;
        } finally {
            DataBufferUtils.release(buffer);
        }
    }
}
