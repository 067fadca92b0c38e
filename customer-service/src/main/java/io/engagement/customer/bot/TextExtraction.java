package io.engagement.customer.bot;

import org.apache.pdfbox.Loader;
import org.apache.pdfbox.io.IOUtils;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.encryption.InvalidPasswordException;
import org.apache.pdfbox.text.PDFTextStripper;
import org.apache.poi.xwpf.extractor.XWPFWordExtractor;
import org.apache.poi.xwpf.usermodel.XWPFDocument;
import org.commonmark.parser.Parser;
import org.commonmark.renderer.text.TextContentRenderer;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/** The text of an uploaded file; a file it cannot read fails with the reason its source shows. */
final class TextExtraction {

    private static final Parser MARKDOWN = Parser.builder().build();
    private static final TextContentRenderer PLAIN = TextContentRenderer.builder().build();

    private TextExtraction() {
    }

    static String text(FileType type, byte[] content) {
        String text = switch (type) {
            case TXT -> utf8(content);
            case MARKDOWN -> PLAIN.render(MARKDOWN.parse(utf8(content)));
            case PDF -> pdf(content);
            case DOCX -> docx(content);
        };
        if (text.isBlank()) {
            throw new Unreadable("the file holds no text");
        }
        return text;
    }

    private static String utf8(byte[] content) {
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(content)).toString()
                    .replace("\uFEFF", "");
        } catch (CharacterCodingException notUtf8) {
            // older editors write Latin-1, where every byte is a character
            return new String(content, StandardCharsets.ISO_8859_1);
        }
    }

    private static String pdf(byte[] content) {
        // the document's streams are cached in a temporary file, not the heap: a 20 MiB PDF of scans stays out of memory
        try (PDDocument document = Loader.loadPDF(content, "", null, null, IOUtils.createTempFileOnlyStreamCache())) {
            if (document.isEncrypted() && !document.getCurrentAccessPermission().canExtractContent()) {
                throw new Unreadable("the PDF is encrypted");
            }
            PDFTextStripper stripper = new PDFTextStripper();
            stripper.setParagraphStart("\n");
            return stripper.getText(document);
        } catch (InvalidPasswordException encrypted) {
            throw new Unreadable("the PDF is encrypted");
        } catch (IOException | RuntimeException corrupt) {
            if (corrupt instanceof Unreadable unreadable) {
                throw unreadable;
            }
            throw new Unreadable("the PDF cannot be read: " + corrupt.getMessage());
        }
    }

    private static String docx(byte[] content) {
        try (XWPFDocument document = new XWPFDocument(new ByteArrayInputStream(content));
             XWPFWordExtractor extractor = new XWPFWordExtractor(document)) {
            return extractor.getText().replace("\n", "\n\n");
        } catch (IOException | RuntimeException corrupt) {
            throw new Unreadable("the Word document cannot be read: " + corrupt.getMessage());
        }
    }

    /** Why a file gives no text: its source fails with this message. */
    static final class Unreadable extends RuntimeException {

        Unreadable(String reason) {
            super(reason, null, false, false);
        }
    }
}
