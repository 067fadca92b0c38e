package io.engagement.customer.bot;

import org.springframework.http.MediaType;

import java.util.Locale;
import java.util.Optional;

/** The files a bot learns from, told by the file name's extension, else by the part's declared type. */
enum FileType {

    TXT("text/plain", ".txt"),
    MARKDOWN("text/markdown", ".md", ".markdown"),
    PDF("application/pdf", ".pdf"),
    DOCX("application/vnd.openxmlformats-officedocument.wordprocessingml.document", ".docx");

    private final String mediaType;
    private final String[] extensions;

    FileType(String mediaType, String... extensions) {
        this.mediaType = mediaType;
        this.extensions = extensions;
    }

    static Optional<FileType> of(String filename, MediaType declared) {
        String name = filename == null ? "" : filename.toLowerCase(Locale.ROOT);
        for (FileType type : values()) {
            for (String extension : type.extensions) {
                if (name.endsWith(extension)) {
                    return Optional.of(type);
                }
            }
        }
        if (name.contains(".") || declared == null) {
            return Optional.empty();
        }
        for (FileType type : values()) {
            if (type.mediaType.equalsIgnoreCase(declared.getType() + "/" + declared.getSubtype())) {
                return Optional.of(type);
            }
        }
        return Optional.empty();
    }
}
