package io.engagement.local.docs;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every relative link in the repository's Markdown resolves: the file it names exists and, where it
 * names a heading ({@code page.md#a-heading}), the page has that heading, by GitHub's anchor rules.
 * Links to other hosts are not followed.
 */
class DocumentationLinksTest {

    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Set<String> SKIPPED_DIRECTORIES = Set.of("target", "node_modules", ".git", ".mvn");
    /** {@code [text](target)} and {@code ![alt](target)}, the target up to a space or the closing parenthesis. */
    private static final Pattern LINK = Pattern.compile("!?\\[[^\\]]*]\\(([^)\\s]+)(?:\\s+\"[^\"]*\")?\\)");
    private static final Pattern INLINE_CODE = Pattern.compile("`[^`]*`");
    private static final Pattern HEADING = Pattern.compile("^#{1,6}\\s+(.*?)\\s*#*\\s*$");

    @Test
    void everyRelativeLinkNamesAFileAndHeadingThatExist() {
        List<String> broken = new ArrayList<>();
        List<Path> pages = markdownPages();
        for (Path page : pages) {
            for (String target : linksOf(page)) {
                problemOf(page, target).ifPresent(problem -> broken.add(ROOT.relativize(page) + ": " + target + " (" + problem + ")"));
            }
        }
        assertThat(pages).as("the Markdown pages walked").hasSizeGreaterThan(20);
        assertThat(broken).as("links that do not resolve").isEmpty();
    }

    private static Optional<String> problemOf(Path page, String target) {
        if (target.matches("^[a-zA-Z][a-zA-Z0-9+.-]*:.*")) {
            return Optional.empty();
        }
        int hash = target.indexOf('#');
        String file = hash < 0 ? target : target.substring(0, hash);
        String anchor = hash < 0 ? null : target.substring(hash + 1);
        Path resolved = file.isEmpty() ? page : page.getParent().resolve(file).normalize();
        if (!resolved.startsWith(ROOT) || !Files.exists(resolved)) {
            return Optional.of("no such file");
        }
        if (anchor != null && resolved.toString().endsWith(".md") && !anchorsOf(resolved).contains(anchor)) {
            return Optional.of("no such heading");
        }
        return Optional.empty();
    }

    private static List<Path> markdownPages() {
        try (Stream<Path> files = Files.walk(ROOT)) {
            return files.filter(path -> path.toString().endsWith(".md"))
                    .filter(path -> SKIPPED_DIRECTORIES.stream().noneMatch(skipped -> contains(ROOT.relativize(path), skipped)))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static boolean contains(Path relative, String directory) {
        for (Path part : relative) {
            if (part.toString().equals(directory)) {
                return true;
            }
        }
        return false;
    }

    /** The link targets outside fenced code blocks and inline code. */
    private static List<String> linksOf(Path page) {
        List<String> targets = new ArrayList<>();
        boolean fenced = false;
        for (String line : lines(page)) {
            if (line.stripLeading().startsWith("```")) {
                fenced = !fenced;
                continue;
            }
            if (fenced) {
                continue;
            }
            Matcher link = LINK.matcher(INLINE_CODE.matcher(line).replaceAll(""));
            while (link.find()) {
                targets.add(link.group(1));
            }
        }
        return targets;
    }

    /** GitHub's anchors: headings lower-cased, punctuation dropped, spaces as hyphens, repeats numbered. */
    private static Set<String> anchorsOf(Path page) {
        Set<String> anchors = new HashSet<>();
        boolean fenced = false;
        for (String line : lines(page)) {
            if (line.stripLeading().startsWith("```")) {
                fenced = !fenced;
                continue;
            }
            Matcher heading = HEADING.matcher(line);
            if (fenced || !heading.matches()) {
                continue;
            }
            String slug = heading.group(1).toLowerCase(Locale.ROOT)
                    .replaceAll("[^\\p{L}\\p{N}\\s_-]", "")
                    .replace(' ', '-');
            String unique = slug;
            for (int repeat = 1; !anchors.add(unique); repeat++) {
                unique = slug + "-" + repeat;
            }
        }
        return anchors;
    }

    private static List<String> lines(Path page) {
        try {
            return Files.readAllLines(page);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
