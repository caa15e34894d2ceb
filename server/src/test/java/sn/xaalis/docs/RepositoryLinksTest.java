package sn.xaalis.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * D25: the README and the documents beside it link only inside the repository, so that a clone has
 * every page they point to. Tests run in {@code server/}, so the repository root is its parent.
 */
class RepositoryLinksTest {

    private static final Path REPOSITORY = Path.of("..").toAbsolutePath().normalize();
    private static final Path FIXTURES = Path.of("src/test/resources/links-fixtures");

    @Test
    void everyRelativeLinkOfTheRepositoryResolvesInsideIt() {
        assertThat(REPOSITORY.resolve("server/pom.xml"))
                .as("the repository root")
                .isRegularFile();
        List<Path> documents = MarkdownLinks.documents(REPOSITORY);
        assertThat(documents)
                .extracting(path -> REPOSITORY.relativize(path).toString().replace('\\', '/'))
                .contains("README.md", "docs/api.md", "docs/webhooks.md", "docs/operations.md", "bench/README.md");

        var offences = MarkdownLinks.check(REPOSITORY, documents);

        assertThat(offences)
                .withFailMessage(() -> "Links that do not resolve inside the repository:\n"
                        + offences.stream().map(o -> "  " + o).collect(Collectors.joining("\n")))
                .isEmpty();
    }

    @Test
    void aGoodRepositoryPasses() {
        Path root = FIXTURES.resolve("good");
        List<Path> documents = MarkdownLinks.documents(root);
        assertThat(documents)
                .extracting(path ->
                        root.toAbsolutePath().relativize(path.toAbsolutePath()).toString())
                .containsExactly("README.md", "docs/a file.md", "docs/guide.md");

        assertThat(MarkdownLinks.check(root, documents)).isEmpty();
    }

    @Test
    void aBadRepositoryFailsWithEveryOffenceWhereItIs() {
        Path root = FIXTURES.resolve("bad");

        var offences = MarkdownLinks.check(root, MarkdownLinks.documents(root));

        assertThat(offences)
                .extracting(Object::toString)
                .containsExactlyInAnyOrder(
                        "README.md:3: ../shared/SPEC.md escapes the repository",
                        "README.md:4: docs/missing.md does not exist",
                        "README.md:4: /work/shared/DESIGN.md is an absolute path; link relative to the document instead",
                        "README.md:5: docs/diagram.png does not exist",
                        "README.md:6: docs/guide.md#no-such-heading names no heading of guide.md",
                        "README.md:6: #nowhere names no heading of README.md",
                        "README.md:6: [undefined] is a reference that is never defined",
                        "README.md:7: () is an empty link",
                        "README.md:8: file:///work/shared/SPEC.md is an absolute path, outside the repository",
                        "README.md:10: ../../shared/SPEC.md escapes the repository",
                        "docs/guide.md:3: ../sdks/php/ does not exist");
    }

    @Test
    void linksInCodeAreNotLinks() {
        String markdown =
                """
                `[a](one.md)` [b](two.md) ``x `[c](three.md)` y``
                ```
                [d](four.md)
                ```
                \\[e\\](five.md) <!-- [f](six.md) --> [g](seven.md "title") [h](<eight nine.md>)
                """;

        assertThat(MarkdownLinks.parse(markdown).links())
                .extracting(MarkdownLinks.Link::target)
                .containsExactly("two.md", "seven.md", "eight nine.md");
    }

    @Test
    void headingsAreSluggedAsOnGitHub() {
        assertThat(MarkdownLinks.slug("1. Configuration reference")).isEqualTo("1-configuration-reference");
        assertThat(MarkdownLinks.slug("5.1 What the nodes share")).isEqualTo("51-what-the-nodes-share");
        assertThat(MarkdownLinks.slug("The `X-SVC-Signature` header")).isEqualTo("the-x-svc-signature-header");
        assertThat(MarkdownLinks.slug("What is D25 — really?")).isEqualTo("what-is-d25--really");
        assertThat(MarkdownLinks.slug("[Links](x.md) and _emphasis_ in snake_case"))
                .isEqualTo("links-and-emphasis-in-snake_case");
        assertThat(MarkdownLinks.slug("Thiéboudienne 🍲")).isEqualTo("thiéboudienne-");
        assertThat(MarkdownLinks.parse("# Notes\n\n## Notes\n\nNotes\n-----\n").anchors())
                .containsExactlyInAnyOrder("notes", "notes-1", "notes-2");
    }
}
